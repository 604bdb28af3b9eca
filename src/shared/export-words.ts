// The words of the export buttons and files, without the exports' query schemas: the pages that show the
// buttons do not download the schema library for them (issue 27, the 150 KB budget of a page's script).

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportMessages = {
  periodBoth: 'Укажите и начало, и конец периода',
  downloadCsv: 'Скачать CSV',
  downloadXlsx: 'Скачать Excel',
  downloading: 'Готовим файл…',
  failed: 'Не удалось скачать файл',
  schoolYear: 'Учебный год',
  hoursOfYear: 'Волонтёрские часы за учебный год',
} as const;

/** The names of the files («Заявки 2026-11-26.xlsx») and of their sheets. */
export const exportTitles = {
  foundationApplications: 'Заявки',
  participants: 'Участники',
  schoolApplications: 'Заявки школы',
  schoolHours: 'Волонтёрские часы',
  users: 'Пользователи',
  events: 'Мероприятия',
  applications: 'Заявки',
  hours: 'Волонтёрские часы',
} as const;
