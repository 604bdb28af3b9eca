import { z } from 'zod';
import {
  type SchoolResponseStatus,
  schoolResponseStatuses,
  type VolunteerRequestStatus,
  volunteerRequestStatuses,
} from './catalog';
import { isCalendarDay } from './dates';
import { formNumber } from './form-number';
import { idParam, pageQuery } from './pagination';
import { countOf } from './plural';
import {
  blankOrVisible,
  optionalText as sharedOptionalText,
  textMessages,
  tooLong,
  visibleText,
} from './text';

/** Texts of the volunteer-request rules (working-areas.md sections 4 and 5, public-area.md section 5). */
export const volunteerRequestMessages = {
  title: 'Заголовок должен содержать минимум 5 символов',
  description: 'Описание должно содержать минимум 20 символов',
  eventDate: 'Выберите дату мероприятия',
  pastDate: 'Дата мероприятия не может быть в прошлом',
  farDate: 'Дата мероприятия — не позже чем через два года',
  eventTime: 'Укажите время мероприятия',
  location: 'Укажите место проведения',
  volunteersNeeded: 'Укажите количество волонтёров',
  volunteersNeededMax: 'Не больше 10 000 волонтёров',
  requirements: 'Требования — не больше 20 пунктов',
  tooLong,
  status: 'Статус заявки может быть только «Открыта», «Закрыта» или «Выполнена»',
  requestId: 'Некорректный номер заявки',
  foundationId: 'Некорректный номер фонда',
  notFound: 'Заявка не найдена',
  notYourRequest: 'Это заявка другого фонда',
  notApprovedFoundation: 'Создавать заявки можно после одобрения фонда модератором',
  created: 'Заявка создана',
  statusChanged: 'Статус заявки обновлён',

  volunteersOffered: 'Количество волонтёров должно быть не меньше 1',
  notApprovedSchool: 'Дождитесь одобрения модератором чтобы откликаться на заявки',
  onlySchools: 'Откликаться на заявки могут только школы',
  notOpen: 'Откликнуться можно только на открытую заявку',
  alreadyResponded: 'Ваша школа уже откликнулась на эту заявку',
  responded: 'Ваш отклик успешно отправлен фонду',
  /** `school` as a sentence names it (organisationInSentence): «Школа «Берёзка»», «Лицей № 2». */
  respondedNotice: (school: string, request: string, volunteers: number) =>
    `${school}: отклик на заявку «${request}», ${countOf(volunteers, { one: 'волонтёр', few: 'волонтёра', many: 'волонтёров' })}`,
  responseId: 'Некорректный номер отклика',
  responseNotFound: 'Отклик не найден',
  responseStatus: 'Выберите решение: принять или отклонить отклик',
  notYourResponse: 'Это отклик на заявку другого фонда',
  responseNotPending: 'Обработать можно только отклик, который ожидает решения',
  processed: 'Статус отклика успешно обновлён',

  // The school changes or withdraws its own response while the foundation has not decided on it.
  notYourSchoolResponse: 'Это отклик другой школы',
  responseAlreadyDecided: 'Изменить или отозвать можно только отклик, который ещё не рассмотрен',
  editNotOpen: 'Заявка больше не принимает отклики: изменить отклик нельзя, отозвать — можно',
  responseUpdated: 'Отклик изменён',
  responseWithdrawn: 'Отклик отозван',
  editedNotice: (school: string, request: string, volunteers: number) =>
    `${school}: отклик на заявку «${request}» изменён, ${countOf(volunteers, { one: 'волонтёр', few: 'волонтёра', many: 'волонтёров' })}`,
  withdrawnNotice: (school: string, request: string) => `${school}: отклик на заявку «${request}» отозван`,
} as const;

export const volunteerRequestStatusLabels: Record<VolunteerRequestStatus, string> = {
  open: 'Открыта',
  closed: 'Закрыта',
  fulfilled: 'Выполнена',
};

export const schoolResponseStatusLabels: Record<SchoolResponseStatus, string> = {
  pending: 'Ожидает',
  accepted: 'Принят',
  rejected: 'Отклонён',
};

/** The public list of requests: everyone's, or one foundation's (GET /api/volunteer-requests). */
export const volunteerRequestListQuerySchema = z.object({
  foundationId: idParam(volunteerRequestMessages.foundationId).optional(),
  ...pageQuery,
});

/** Default of the response form's volunteer count (public-area.md section 9). */
export const defaultVolunteersOffered = 10;

const messages = volunteerRequestMessages;
const optionalText = (max: number) => sharedOptionalText(max, messages.tooLong(max));
const requiredText = (min: number, max: number, message: string) =>
  visibleText(message).min(min, message).max(max, messages.tooLong(max));

/** One requirement; blank ones are dropped, one with nothing visible in it is refused. */
const requirementText = z
  .string({ error: messages.requirements })
  .trim()
  .max(2000, messages.tooLong(2000))
  .refine(blankOrVisible, textMessages.invisibleOnly);

/**
 * What a foundation sends to publish a request. The client sends requirements as a list with one
 * item (or none) and the place again as address; both are accepted as they come.
 */
export const volunteerRequestInputSchema = z.object({
  title: requiredText(5, 200, messages.title),
  description: requiredText(20, 5000, messages.description),
  eventDate: z.string({ error: messages.eventDate }).refine(isCalendarDay, messages.eventDate),
  eventTime: z.string({ error: messages.eventTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, messages.eventTime),
  location: requiredText(3, 300, messages.location),
  address: optionalText(300),
  volunteersNeeded: formNumber(
    z
      .number({ error: messages.volunteersNeeded })
      .int(messages.volunteersNeeded)
      .min(1, messages.volunteersNeeded)
      .max(10_000, messages.volunteersNeededMax),
  ),
  requirements: z
    .array(requirementText, { error: messages.requirements })
    .max(20, messages.requirements)
    .nullish()
    .transform((items) => items?.filter(Boolean).join('\n') || null),
});
export type VolunteerRequestInput = z.input<typeof volunteerRequestInputSchema>;

/** The form holds the requirements as one text; it is sent as a one-item list (working-areas.md 3). */
export const volunteerRequestFormSchema = volunteerRequestInputSchema.extend({
  requirements: requirementText,
});

export const volunteerRequestStatusSchema = z.object({
  status: z.enum(volunteerRequestStatuses, { error: messages.status }),
});

/** A school's answer to a request; contacts are free text (public-area.md section 5). */
export const schoolResponseInputSchema = z.object({
  volunteersOffered: formNumber(
    z
      .number({ error: messages.volunteersOffered })
      .int(messages.volunteersOffered)
      .min(1, messages.volunteersOffered)
      .max(10_000, messages.volunteersNeededMax),
  ),
  message: optionalText(2000),
  contactPerson: optionalText(200),
  contactPhone: optionalText(40),
  contactEmail: optionalText(200),
});
export type SchoolResponseInput = z.input<typeof schoolResponseInputSchema>;

/** The response form's count: a whole number from 1, and 1 for anything else (public-area.md section 5). */
export function volunteersOfferedFrom(text: string): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, 10_000) : 1;
}

export const schoolResponseDecisionSchema = z.object({
  status: z.enum(
    schoolResponseStatuses.filter((status) => status !== 'pending') as ['accepted', 'rejected'],
    { error: messages.responseStatus },
  ),
  processingNote: optionalText(2000),
});

const timestamp = z.string().describe('ISO 8601');

/** One request as the list and the detail show it. */
export const volunteerRequestSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    eventDate: z.string().describe('yyyy-MM-dd'),
    eventTime: z.string().describe('HH:MM'),
    location: z.string(),
    address: z.string().nullable(),
    requirements: z.string().nullable().describe('One requirement per line'),
    volunteersNeeded: z.number().int(),
    status: z.enum(volunteerRequestStatuses),
    createdAt: timestamp,
  })
  .meta({ id: 'VolunteerRequest' });
export type VolunteerRequest = z.infer<typeof volunteerRequestSchema>;

export const volunteerRequestFoundationSchema = z
  .object({ id: z.number().int(), name: z.string(), userId: z.number().int() })
  .meta({ id: 'VolunteerRequestFoundation' });
export type VolunteerRequestFoundation = z.infer<typeof volunteerRequestFoundationSchema>;

const listItemFields = {
  request: volunteerRequestSchema,
  foundation: volunteerRequestFoundationSchema,
  responsesCount: z.number().int().describe('Public, whoever may see the responses themselves'),
};

export const volunteerRequestListItemSchema = z
  .object(listItemFields)
  .meta({ id: 'VolunteerRequestListItem' });
export type VolunteerRequestListItem = z.infer<typeof volunteerRequestListItemSchema>;

export const schoolResponseSchema = z
  .object({
    id: z.number().int(),
    volunteersOffered: z.number().int(),
    message: z.string().nullable(),
    contactPerson: z.string().nullable(),
    contactPhone: z.string().nullable(),
    contactEmail: z.string().nullable(),
    status: z.enum(schoolResponseStatuses),
    processingNote: z.string().nullable(),
    createdAt: timestamp,
    processedAt: timestamp.nullable(),
  })
  .meta({ id: 'SchoolResponse' });
export type SchoolResponse = z.infer<typeof schoolResponseSchema>;

export const schoolResponseItemSchema = z
  .object({
    response: schoolResponseSchema,
    school: z.object({ id: z.number().int(), username: z.string() }),
    profile: z.object({ avatar: z.string().nullable(), fullName: z.string().nullable() }),
  })
  .meta({ id: 'SchoolResponseItem' });
export type SchoolResponseItem = z.infer<typeof schoolResponseItemSchema>;

/**
 * The detail: the owner sees every response, a school only its own, anyone else none; the count is
 * public.
 */
export const volunteerRequestDetailSchema = z
  .object({ ...listItemFields, responses: z.array(schoolResponseItemSchema) })
  .meta({ id: 'VolunteerRequestDetail' });
export type VolunteerRequestDetail = z.infer<typeof volunteerRequestDetailSchema>;

/** POST /api/volunteer-requests/{id}/respond: the new response and the sentence to show. */
export const schoolResponseCreatedSchema = z
  .object({ id: z.number().int(), message: z.string() })
  .meta({ id: 'SchoolResponseCreated' });
export type SchoolResponseCreated = z.infer<typeof schoolResponseCreatedSchema>;

/** PATCH /api/school-responses/{id}: the response as it now stands and the sentence to show. */
export const schoolResponseUpdatedSchema = z
  .object({ response: schoolResponseSchema, message: z.string() })
  .meta({ id: 'SchoolResponseUpdated' });
export type SchoolResponseUpdated = z.infer<typeof schoolResponseUpdatedSchema>;
