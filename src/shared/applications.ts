import { z } from 'zod';
import { pupilForms } from './application-words';
import { activityTypes, applicationStatuses, eventStatuses, schoolTypes } from './catalog';
import { eventQueryMessages } from './events';
import { formNumber } from './form-number';
import { httpLink, telegramLink } from './links';
import { idParam, maxPageSize, pageQuery } from './pagination';
import { countOf } from './plural';
import { optionalText as sharedOptionalText, visibleText } from './text';

const participantForms = { one: 'участник', few: 'участника', many: 'участников' };

/** One application brings at most this many pupils, on any event, limited or not. */
export const maxParticipantsPerApplication = 500;
/** Pupils under this age take part only with their parents' written consent (the platform's terms). */
export const parentalConsentAge = 14;

/**
 * Whether applying for an event with this minimum age asks the school to confirm parents' consent: the
 * age as stored, or as pages show it ('12+'); none means pupils of any age.
 */
export const needsParentalConsent = (ageRestriction: number | string | null) =>
  (ageRestriction === null ? 0 : Number.parseInt(String(ageRestriction), 10)) < parentalConsentAge;

/** Texts of the event application rules (public-area.md section 5, working-areas.md section 5). */
export const applicationMessages = {
  participantsMin: 'Минимум 1 участник',
  participantsWhole: 'Количество участников должно быть целым числом',
  participantsMax: (max: number) => `Максимум ${countOf(max, participantForms)} (доступно мест)`,
  contactPerson: 'Имя контактного лица обязательно',
  phone: 'Укажите корректный телефон',
  email: 'Укажите корректный email',
  oneContact: 'Заполните контактное лицо и хотя бы один способ связи',
  tooLong: (max: number) => `Не более ${max} символов`,
  notApprovedSchool: 'Дождитесь одобрения модератором чтобы регистрироваться на мероприятия',
  onlySchools: 'Записывать учеников на мероприятия могут только школы',
  pastEvent: 'Регистрация на прошедшие мероприятия недоступна',
  closedEvent: 'Регистрация на это мероприятие закрыта',
  alreadyApplied: 'Вы уже подали заявку на это мероприятие',
  noPlaces: 'Мест нет',
  notEnoughPlaces: (left: number) => `Недостаточно мест: осталось ${left}`,
  // The toast is titled «Заявка подана!» already (public-area.md section 8); this is its description.
  submitted: 'Ожидайте одобрения от фонда',
  notFound: 'Заявка не найдена',
  eventNotFound: 'Мероприятие не найдено',
  applicationId: 'Некорректный номер заявки',
  cancelled: 'Заявка отменена',
  cannotCancel: 'Отменить можно только заявку, которая ожидает одобрения или одобрена',
  cannotApprove: 'Одобрить можно только заявку, которая ожидает решения',
  cannotReject: 'Отклонить можно только ожидающую или одобренную заявку',
  approved: 'Заявка одобрена',
  rejected: 'Заявка отклонена',
  notYourEvent: 'Это заявка на мероприятие другого фонда',
  notYourApplication: 'Это заявка другой школы',
  participantsCap: `В одной заявке не больше ${maxParticipantsPerApplication} учеников`,
  parentalConsent:
    'Подтвердите, что у школы есть письменные согласия родителей на участие каждого ученика младше 14 лет',
  waitlisted: 'Вы в листе ожидания: заявка перейдёт к фонду, когда освободятся места',
  waitlistLeft: 'Вы покинули лист ожидания',
  approvedInPart: (approved: number, requested: number) => `Одобрено ${approved} из ${requested}`,
  approveAtMost: (requested: number) =>
    `Одобрить можно не больше учеников, чем просила школа: ${countOf(requested, pupilForms)}`,
  countChanged: 'Число учеников изменено',
  cannotChangeCount:
    'Изменить число учеников можно только в заявке, которая ожидает решения, одобрена или стоит в листе ожидания',
  approvedOnlyLower: (approved: number) =>
    `Одобренную заявку можно только уменьшить: сейчас одобрено ${countOf(approved, pupilForms)}`,
  eventOver: 'Мероприятие уже прошло или завершено: заявку изменить нельзя',
} as const;

const optionalText = (max: number) => sharedOptionalText(max, applicationMessages.tooLong(max));

/** The number of pupils of an application, wherever it is set: applying, changing it, approving part. */
export const participantCountField = formNumber(
  z
    .number({ error: applicationMessages.participantsMin })
    .int(applicationMessages.participantsWhole)
    .min(1, applicationMessages.participantsMin)
    .max(maxParticipantsPerApplication, applicationMessages.participantsCap),
);

/** What a school sends to apply; the server adds what only it knows (places left, the school's state). */
export const applicationInputSchema = z
  .object({
    participantCount: participantCountField,
    contactPerson: visibleText(applicationMessages.contactPerson)
      .min(2, applicationMessages.contactPerson)
      .max(200, applicationMessages.tooLong(200)),
    contactPhone: optionalText(40).refine(
      (value) => value === null || value.length >= 10,
      applicationMessages.phone,
    ),
    contactEmail: optionalText(200).refine(
      (value) => value === null || z.email().safeParse(value).success,
      applicationMessages.email,
    ),
    contactTelegram: telegramLink(200),
    contactVk: httpLink(200),
    applicationNote: optionalText(2000),
    parentalConsent: z
      .boolean({ error: applicationMessages.parentalConsent })
      .default(false)
      .describe(
        `The school holds the parents' written consent for every pupil under ${parentalConsentAge}; required when the event admits them (no age limit or one below ${parentalConsentAge})`,
      ),
    waitlist: z
      .boolean({ error: 'Некорректное значение листа ожидания' })
      .default(false)
      .describe("On a full event, join its waitlist instead of being refused 409 'Мест нет'"),
  })
  .refine((input) => input.contactPhone || input.contactEmail || input.contactTelegram || input.contactVk, {
    message: applicationMessages.oneContact,
    path: ['contactPhone'],
  });
export type ApplicationInput = z.infer<typeof applicationInputSchema>;

export const applicationDecisionSchema = z.object({
  action: z.enum(['approve', 'reject'], { error: 'Выберите действие: одобрить или отклонить' }),
  rejectionReason: optionalText(2000),
  participantCount: participantCountField
    .optional()
    .describe('Approve: how many of the pupils asked for are taken; all of them when absent'),
});

/** A school changes the number of pupils of its application (PATCH /api/applications/{id}). */
export const participantCountChangeSchema = z.object({ participantCount: participantCountField });

export const applicationStatusFilters = [
  'waitlisted',
  'pending',
  'approved',
  'rejected',
  'completed',
  'all',
] as const;
export type ApplicationStatusFilter = (typeof applicationStatusFilters)[number];

/** POST /api/events/{id}/register: the new application, waiting for the foundation. */
export const applicationCreatedSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'waitlisted']),
    message: z
      .string()
      .describe(`'${applicationMessages.submitted}', or '${applicationMessages.waitlisted}' on the waitlist`),
  })
  .meta({ id: 'ApplicationCreated' });
export type ApplicationCreated = z.infer<typeof applicationCreatedSchema>;

/** The event page asks whether the caller's school applied; false, null, null for anyone else. */
export const applicationStateSchema = z
  .object({
    isRegistered: z.boolean().describe('An application waitlisted, waiting or approved'),
    status: z.enum(applicationStatuses).nullable().describe('Of the latest application, whatever it is'),
    applicationId: z.number().int().nullable(),
    participantCount: z.number().int().nullable().describe('Pupils of that application'),
    waitlistPosition: z
      .number()
      .int()
      .nullable()
      .describe('1 for the first in line, while the application is waitlisted; null otherwise'),
  })
  .meta({ id: 'ApplicationState' });
export type ApplicationState = z.infer<typeof applicationStateSchema>;

export const eventPermissionsSchema = z
  .object({
    isOrganizer: z.boolean().describe('The caller is the foundation that owns the event'),
    waitlistedSchools: z
      .number()
      .int()
      .nullable()
      .describe("Schools in the event's waitlist, for the organiser only; null for anyone else"),
  })
  .meta({ id: 'EventPermissions' });
export type EventPermissions = z.infer<typeof eventPermissionsSchema>;

const timestamp = z.string().describe('ISO 8601');
const optionalTimestamp = timestamp.nullable();

/** What every list of applications shows of one: the application and its event. */
const applicationFields = {
  id: z.number().int(),
  status: z.enum(applicationStatuses),
  participantCount: z.number().int().describe('Pupils asked for, or approved once the foundation decided'),
  requestedCount: z
    .number()
    .int()
    .nullable()
    .describe('What the school asked for, when the foundation approved fewer; null otherwise'),
  attendedCount: z
    .number()
    .int()
    .nullable()
    .describe('Pupils who came, marked on completion; 0 means they did not come; null before'),
  parentalConsentAt: optionalTimestamp.describe(
    "When the school confirmed it holds the parents' written consent for its pupils under 14",
  ),
  contactPerson: z.string(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactTelegram: z.string().nullable(),
  contactVk: z.string().nullable(),
  applicationNote: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  hoursEarned: z.number().int().nullable().describe("From the school's ledger: gone with its archive entry"),
  registeredAt: timestamp,
  approvedAt: optionalTimestamp,
  rejectedAt: optionalTimestamp,
  completedAt: optionalTimestamp,
  // What a list of applications shows of the event; the school's approved list adds its description.
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    date: z.string().describe('yyyy-MM-dd'),
    startTime: z.string().describe('HH:MM'),
    endTime: z.string().describe('HH:MM'),
    location: z.string(),
    hours: z.number().int(),
    status: z.enum(eventStatuses),
  }),
};

const foundationContacts = {
  contactPerson: z.string().nullable().describe('null until the application is approved'),
  phone: z.string().nullable().describe('null until the application is approved'),
  email: z.string().nullable().describe('null until the application is approved'),
};

/**
 * One of a school's applications as its lists show it; the foundation's contacts are filled only once
 * it is approved. The descriptions and the foundation's address are left to the approved list, the one
 * page that shows them: they were half of every page of a school's applications.
 */
export const schoolApplicationSchema = z
  .object({
    ...applicationFields,
    foundation: z.object({ id: z.number().int(), name: z.string(), ...foundationContacts }),
  })
  .meta({ id: 'SchoolApplication' });
export type SchoolApplication = z.infer<typeof schoolApplicationSchema>;

/** An approved application of a school: what the school needs to go, the event and the foundation whole. */
export const schoolApprovedApplicationSchema = z
  .object({
    ...applicationFields,
    event: applicationFields.event.extend({ description: z.string() }),
    foundation: z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      address: z.string().nullable(),
      website: z.string().nullable(),
      ...foundationContacts,
    }),
  })
  .meta({ id: 'SchoolApprovedApplication' });
export type SchoolApprovedApplication = z.infer<typeof schoolApprovedApplicationSchema>;
export {
  approvedApplicationsPageSize,
  archivePageSize,
  schoolApplicationsPageSize,
} from './application-lists';

/** A page of the school's own applications: one status or all, or only those to the given events. */
export const schoolApplicationsQuerySchema = z.object({
  status: z.enum(applicationStatuses, { error: 'Некорректный фильтр статуса' }).optional(),
  eventId: z
    .preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z.array(idParam(eventQueryMessages.eventId)).max(maxPageSize),
    )
    .optional()
    .describe('Repeated: only the applications to these events (what a page of events shows)'),
  ...pageQuery,
});
export type SchoolApplicationsQuery = z.infer<typeof schoolApplicationsQuerySchema>;

/** How many applications the school has in each status, for the tabs of its list. */
export const schoolApplicationCountsSchema = z
  .object(
    Object.fromEntries(applicationStatuses.map((status) => [status, z.number().int()])) as Record<
      (typeof applicationStatuses)[number],
      z.ZodNumber
    >,
  )
  .meta({ id: 'SchoolApplicationCounts' });
export type SchoolApplicationCounts = z.infer<typeof schoolApplicationCountsSchema>;

/** One application to a foundation's event, with the school that sent it. */
export const foundationApplicationSchema = z
  .object({
    ...applicationFields,
    school: z.object({
      id: z.number().int(),
      username: z.string(),
      fullName: z.string().nullable(),
      schoolType: z.enum(schoolTypes).nullable(),
      address: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      contactPerson: z.string().nullable().describe("The school profile's; the application has its own"),
    }),
  })
  .meta({ id: 'FoundationApplication' });
export type FoundationApplication = z.infer<typeof foundationApplicationSchema>;

export const foundationApplicationPageSchema = z
  .object({
    applications: z.array(foundationApplicationSchema),
    total: z.number().int().describe('Applications matching the filter'),
    totalPages: z.number().int(),
    page: z.number().int(),
    pendingCount: z.number().int().describe("Every pending application to the foundation's events"),
  })
  .meta({ id: 'FoundationApplicationPage' });
export type FoundationApplicationPage = z.infer<typeof foundationApplicationPageSchema>;

/** The foundation's page of one of its events: the event and every application to it. */
export const foundationEventApplicationsSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    date: z.string().describe('yyyy-MM-dd'),
    startTime: z.string().describe('HH:MM'),
    endTime: z.string().describe('HH:MM'),
    location: z.string(),
    status: z.enum(eventStatuses),
    hours: z.number().int().describe('Volunteer hours per pupil who comes'),
    totalSlots: z.number().int().nullable().describe('null: unlimited places'),
    reservedSlots: z.number().int(),
    contactPersonName: z.string().nullable(),
    contactPersonPhone: z.string().nullable(),
    contactPersonEmail: z.string().nullable(),
    confirmedCount: z.number().int().describe('Participants of approved and completed applications'),
    attendanceCorrectableUntil: z
      .string()
      .nullable()
      .describe('yyyy-MM-dd: the last day attendance may be corrected; null until the event is completed'),
    attendanceCorrectable: z.boolean().describe('Whether attendance may be corrected today'),
    pending: z.array(foundationApplicationSchema),
    participants: z.array(foundationApplicationSchema).describe('Approved and completed applications'),
    waitlist: z
      .array(foundationApplicationSchema)
      .describe('Waitlisted applications, first in line first: the order they will be offered places'),
  })
  .meta({ id: 'FoundationEventApplications' });
export type FoundationEventApplications = z.infer<typeof foundationEventApplicationsSchema>;

/** One credit of hours in a school's archive; it outlives its event and application. */
export const archiveEntrySchema = z
  .object({
    id: z.number().int(),
    applicationId: z.number().int().nullable(),
    eventId: z.number().int().nullable(),
    eventTitle: z.string(),
    eventDate: z.string().describe('yyyy-MM-dd'),
    foundationName: z.string().nullable(),
    activityType: z.enum(activityTypes).nullable(),
    participantCount: z.number().int().describe('Pupils credited: those who came'),
    approvedCount: z
      .number()
      .int()
      .nullable()
      .describe('Pupils the foundation approved, while the application exists; null once it is gone'),
    hoursEarned: z.number().int(),
    creditedAt: timestamp,
  })
  .meta({ id: 'ArchiveEntry' });
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;
