import { z } from 'zod';
import { authMessages, passwordSchema, usernameSchema } from './auth';
import { applicationStatuses, directions, eventStatuses } from './catalog';
import { pageOnlyQuerySchema, pageQuery } from './pagination';
import { moderationStatuses, roles } from './roles';

/** Texts of the administrator's panel (working-areas.md sections 2, 5 and 8), shared by panel and API. */
export const adminMessages = {
  userId: 'Некорректный номер пользователя',
  eventId: 'Некорректный номер мероприятия',
  applicationId: 'Некорректный номер заявки',
  search: 'Поисковый запрос слишком длинный',
  role: 'Роль может быть только: all, admin, foundation, school или volunteer',
  applicationStatus: 'Статус заявки может быть только: all, pending, approved, rejected или completed',
  moderationStatus: 'Статус модерации может быть только: all, pending, approved, rejected или needs_changes',
  organisationType: 'Тип организации может быть только: all, foundation или school',

  userNotFound: 'Пользователь не найден',
  adminNotDeletable: 'Администратора удалить нельзя',
  userDeleted: 'Пользователь удален',
  eventNotFound: 'Мероприятие не найдено',
  eventDeleted: 'Мероприятие удалено',
  applicationNotFound: 'Заявка не найдена',
  applicationDeleted: 'Заявка удалена',

  currentPassword: 'Введите текущий пароль',
  wrongCurrentPassword: 'Неверный текущий пароль',
  nothingToChange: 'Укажите новое имя пользователя или новый пароль',
  credentialsUpdated: 'Данные администратора обновлены',
} as const;

/** An optional search text: trimmed, at most 100 characters; blank means no search. */
const searchText = z
  .string()
  .trim()
  .max(100, adminMessages.search)
  .optional()
  .transform((value) => value || undefined);

export const adminUsersQuerySchema = z.object({
  search: searchText,
  role: z.enum(['all', ...roles], { error: adminMessages.role }).default('all'),
  ...pageQuery,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminEventsQuerySchema = z.object({ search: searchText, ...pageQuery });
export type AdminEventsQuery = z.infer<typeof adminEventsQuerySchema>;

export const adminApplicationsQuerySchema = z.object({
  status: z.enum(['all', ...applicationStatuses], { error: adminMessages.applicationStatus }).default('all'),
  ...pageQuery,
});
export type AdminApplicationsQuery = z.infer<typeof adminApplicationsQuerySchema>;

export const adminReportsQuerySchema = pageOnlyQuerySchema;

export const organisationTypes = ['foundation', 'school'] as const;
export type OrganisationType = (typeof organisationTypes)[number];

export const moderationListQuerySchema = z.object({
  status: z.enum(['all', ...moderationStatuses], { error: adminMessages.moderationStatus }).default('all'),
  type: z.enum(['all', ...organisationTypes], { error: adminMessages.organisationType }).default('all'),
  ...pageQuery,
});
export type ModerationListQuery = z.infer<typeof moderationListQuerySchema>;

export { adminPageSize } from './admin-lists';

/** Blank text in an optional field of the settings form means "leave it as it is". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const credentialFields = {
  currentPassword: z
    .string({ error: adminMessages.currentPassword })
    .min(1, adminMessages.currentPassword)
    .max(200, authMessages.passwordMax),
  newUsername: z.preprocess(blankToUndefined, usernameSchema.optional()),
  newPassword: z.preprocess(blankToUndefined, passwordSchema.optional()),
};
const somethingToChange = [
  (input: { newUsername?: string | undefined; newPassword?: string | undefined }) =>
    input.newUsername !== undefined || input.newPassword !== undefined,
  { message: adminMessages.nothingToChange },
] as const;

/**
 * The settings tab: the current password always, and a new name, a new password or both. The new name
 * follows the sign-up rules and is unique regardless of case; the server checks that part.
 */
export const adminCredentialsSchema = z.object(credentialFields).refine(...somethingToChange);
export type AdminCredentialsInput = z.infer<typeof adminCredentialsSchema>;

/**
 * The panel's name form: a new name, confirmed by the current password. The password has a card of its
 * own (PATCH /api/password), which keeps the panel signed in.
 */
export const adminUsernameFormSchema = z.object({
  newUsername: usernameSchema,
  currentPassword: credentialFields.currentPassword,
});
export type AdminUsernameFormInput = z.infer<typeof adminUsernameFormSchema>;

// What the panel receives. Times are ISO 8601 strings, days yyyy-MM-dd.

export const adminStatsSchema = z
  .object({
    users: z.object({
      total: z.number().int(),
      foundations: z.number().int(),
      schools: z.number().int(),
      volunteers: z.number().int(),
      admins: z.number().int(),
    }),
    /** Foundation profiles. */
    foundations: z.number().int(),
    events: z.number().int(),
    /** Every application, whatever its status. */
    applications: z.number().int(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsSchema>;

const moderationStatusSchema = z.enum(moderationStatuses);

/** An account as the users tab shows it; the organisation fields are null for accounts without one. */
export const adminUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    fullName: z.string().nullable(),
    role: z.enum(roles),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    description: z.string().nullable(),
    isProfileComplete: z.boolean(),
    createdAt: z.string(),
    moderationStatus: moderationStatusSchema.nullable(),
    moderationComment: z.string().nullable(),
    moderatedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminEventSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    status: z.enum(eventStatuses),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    location: z.string(),
    /** null means unlimited places. */
    totalSlots: z.number().int().nullable(),
    /** Places held by pending and approved applications. */
    reservedSlots: z.number().int(),
    /** Every application to the event, whatever its status. */
    applicationsCount: z.number().int(),
    foundationId: z.number().int(),
    foundationName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminEvent' });
export type AdminEvent = z.infer<typeof adminEventSchema>;

export const adminApplicationSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(applicationStatuses),
    participantCount: z.number().int(),
    registeredAt: z.string(),
    event: z.object({ id: z.number().int(), title: z.string(), date: z.string() }),
    foundationName: z.string().nullable(),
    school: z.object({ id: z.number().int(), name: z.string().nullable(), username: z.string() }),
  })
  .meta({ id: 'AdminApplication' });
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

export const adminReportSchema = z
  .object({
    id: z.number().int(),
    eventTitle: z.string(),
    eventDate: z.string(),
    volunteersCount: z.number().int(),
    additionalInfo: z.string().nullable(),
    createdAt: z.string(),
    foundationId: z.number().int(),
    foundationName: z.string().nullable(),
    foundationUsername: z.string(),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof adminReportSchema>;

/** A foundation in the news form's selector; the account name stands in for a name not filled in. */
export const foundationOptionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    location: z.string().nullable(),
    moderationStatus: moderationStatusSchema,
  })
  .meta({ id: 'FoundationOption' });
export type FoundationOption = z.infer<typeof foundationOptionSchema>;

/**
 * An organisation on the moderation tab. Its `id` is its account's, as everywhere in the administrator's
 * view (working-areas.md section 3) and as PATCH .../organizations/{id}/moderate takes it; the
 * organisation's own number is `organisationId`.
 */
export const moderationItemSchema = z
  .object({
    id: z.number().int().describe('The account: what PATCH /api/admin/organizations/{id}/moderate takes'),
    organisationId: z.number().int().describe("The organisation's own number (its foundation or school)"),
    username: z.string(),
    type: z.enum(organisationTypes),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    /** A foundation's fields of work; a school has none. */
    directions: z.array(z.enum(directions)),
    isProfileComplete: z.boolean(),
    moderationStatus: moderationStatusSchema,
    moderationComment: z.string().nullable(),
    moderatedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ModerationItem' });
export type ModerationItem = z.infer<typeof moderationItemSchema>;
