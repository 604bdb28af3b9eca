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
  journal: 'Журнал',
} as const;

/**
 * The journal's «Было» and «Стало» cells name each field of an entry's before and after in Russian
 * («Роль: Координатор»). A field missing here is written by its own name rather than left out: a new kind
 * of entry is still readable before its words are added.
 */
export const journalFieldLabels: Record<string, string> = {
  // The team.
  member: 'Участник',
  owner: 'Владелец',
  role: 'Роль',
  email: 'E-mail',
  // Applications and hours.
  status: 'Статус',
  applicationStatus: 'Статус заявки',
  participantCount: 'Учеников',
  requestedCount: 'Учеников в заявке',
  attended: 'Пришли',
  attendedCount: 'Пришли',
  hours: 'Часы',
  eventDate: 'Дата мероприятия',
  withdrawn: 'Снята из архива',
  reason: 'Причина',
  rejectionReason: 'Причина отказа',
  // Events.
  title: 'Название',
  date: 'Дата',
  startTime: 'Начало',
  endTime: 'Окончание',
  location: 'Место',
  address: 'Адрес',
  totalSlots: 'Мест всего',
  // Certificates and pupils' codes.
  code: 'Код',
  from: 'С',
  to: 'По',
  events: 'Мероприятий',
  pupils: 'Учеников',
  // The profile, by the names its form gives the fields.
  username: 'Имя пользователя',
  fullName: 'Полное название',
  shortDescription: 'Краткое описание',
  description: 'Описание',
  phone: 'Телефон',
  website: 'Сайт',
  vkLink: 'ВКонтакте',
  telegramChannel: 'Telegram',
  contactPerson: 'Контактное лицо',
  logoImageId: 'Логотип',
  moderationStatus: 'Модерация',
  schoolType: 'Тип школы',
  directions: 'Направления',
  videoPresentation: 'Видеопрезентация',
  galleryImageIds: 'Фотографии',
};
