/** Texts of the school's certificate card on its dashboard (issue 25). */
export const certificateTexts = {
  title: 'Справка о часах',
  description:
    'Справка о волонтёрской деятельности школы с QR-кодом для проверки: все завершённые мероприятия периода, сколько учеников пришло и сколько часов засчитано.',
  period: 'Период',
  otherPeriod: 'Другой период',
  from: 'С',
  to: 'По',
  download: 'Скачать справку (PDF)',
  downloading: 'Готовим справку…',
  downloaded: 'Справка скачана',
  failed: 'Не удалось получить справку',
  yearsFailed: 'Не удалось загрузить учебные годы',
} as const;
