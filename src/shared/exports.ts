import { z } from 'zod';
import { adminApplicationsQuerySchema, adminEventsQuerySchema, adminUsersQuerySchema } from './admin';
import { applicationStatusFilters } from './applications';
import { exportMessages } from './export-words';
import { journalQuerySchema } from './journal';
import { periodMessages, periodQuerySchema } from './school-year';

/**
 * Exports of lists as spreadsheets (issue 25): every list a foundation, a school or the administrator
 * works with can be downloaded as CSV (UTF-8 with BOM, `;`, CRLF: what Russian Excel opens as it is) or
 * as XLSX, streamed page by page from the database.
 */

export {
  type ExportFormat,
  exportFormats,
  exportMessages,
  exportTitles,
  journalFieldLabels,
} from './export-words';

/** The header of every column, one place for all exports. */
export const exportHeaders = {
  applicationId: 'Номер заявки',
  registeredAt: 'Подана',
  event: 'Мероприятие',
  eventDate: 'Дата мероприятия',
  eventStatus: 'Статус мероприятия',
  foundation: 'Фонд',
  school: 'Школа',
  schoolAddress: 'Адрес школы',
  status: 'Статус заявки',
  pupilsAsked: 'Учеников в заявке',
  pupilsApproved: 'Учеников одобрено',
  pupilsCame: 'Пришли',
  hours: 'Часы',
  hoursPerPupil: 'Часов на ученика',
  hoursTotal: 'Всего часов',
  contactPerson: 'Контактное лицо',
  phone: 'Телефон',
  email: 'E-mail',
  telegram: 'Telegram',
  vk: 'ВКонтакте',
  note: 'Комментарий школы',
  rejectionReason: 'Причина отказа',
  parentalConsentAt: 'Согласия родителей подтверждены',
  date: 'Дата',
  activityType: 'Вид деятельности',
  creditedAt: 'Часы начислены',
  withdrawnAt: 'Убрано из архива школы',
  userId: 'Номер пользователя',
  username: 'Имя пользователя',
  role: 'Роль',
  organisation: 'Организация',
  address: 'Адрес',
  moderationStatus: 'Модерация',
  createdAt: 'Создан',
  eventId: 'Номер мероприятия',
  startTime: 'Начало',
  endTime: 'Окончание',
  location: 'Место',
  totalSlots: 'Мест всего',
  reservedSlots: 'Мест занято',
  applications: 'Заявок',
  eventCreatedAt: 'Создано',
  journalAt: 'Дата и время',
  journalKind: 'Что произошло',
  journalActor: 'Кто',
  journalApplication: 'Заявка',
  journalBefore: 'Было',
  journalAfter: 'Стало',
} as const;

/** The foundation's applications, with the filter of its list page. */
export const foundationApplicationsExportQuerySchema = z.object({
  status: z.enum(applicationStatusFilters, { error: 'Некорректный фильтр статуса' }).default('all'),
});

const periodShape = periodQuerySchema.shape;

/**
 * `?from&to` of an export of hours: both or neither; neither means the current school year (1 September
 * to 31 August), the period a school reports on.
 */
export const exportPeriodQuerySchema = z
  .object({ from: periodShape.from.optional(), to: periodShape.to.optional() })
  .refine((period) => (period.from === undefined) === (period.to === undefined), {
    message: exportMessages.periodBoth,
    path: ['to'],
  })
  .refine((period) => !period.from || !period.to || period.from <= period.to, {
    message: periodMessages.order,
    path: ['to'],
  })
  .refine(
    (period) =>
      !period.from || !period.to || Number(period.to.slice(0, 4)) - Number(period.from.slice(0, 4)) <= 10,
    { message: periodMessages.tooLong, path: ['to'] },
  );
export type ExportPeriodQuery = z.infer<typeof exportPeriodQuerySchema>;

/** The administrator's lists: the same filters as their tabs, without the paging. */
export const adminUsersExportQuerySchema = adminUsersQuerySchema.pick({ search: true, role: true });
export const adminEventsExportQuerySchema = adminEventsQuerySchema.pick({ search: true });
export const adminApplicationsExportQuerySchema = adminApplicationsQuerySchema.pick({ status: true });

/**
 * The journal (issue 53, item 4): its list's filters without the paging, so that the file holds every
 * entry the filter shows, newest first.
 */
export const journalExportQuerySchema = z
  .object({
    from: journalQuerySchema.shape.from,
    to: journalQuerySchema.shape.to,
    kind: journalQuerySchema.shape.kind,
  })
  // The list's words, since the export is asked for with the filter the list already shows (zod cannot
  // omit the paging from a schema that has a refinement).
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'Дата начала периода не может быть позже даты окончания',
    path: ['to'],
  });
export type JournalExportQuery = z.infer<typeof journalExportQuerySchema>;
