/** Texts of the charts and their controls, one place for every report that draws one. */
export const chartTexts = {
  showTable: 'Показать таблицей',
  hideTable: 'Скрыть таблицу',
  schoolYear: 'Учебный год',
  total: 'Итого',
  month: 'Месяц',
} as const;
