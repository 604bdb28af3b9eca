import { z } from 'zod';
import { activityTypes, ageRanges, datePresets, eventStatuses } from './catalog';
import { isCalendarDay } from './dates';
import { maxCityLength, maxSearchLength } from './list-addresses';
import { idParam, pageQuery } from './pagination';
import { nullableTexts } from './text';

// The filter values live in catalog.ts, which has no zod: the public pages' filters import them from
// there and so keep zod out of the initial bundle.
export {
  type AgeRange,
  ageRanges,
  ageRangeValue,
  type DatePreset,
  datePresets,
  isDatePreset,
} from './catalog';

export const eventQueryMessages = {
  date: 'Дата должна быть в формате ГГГГ-ММ-ДД или одним из значений: today, week, month',
  dateRange: 'Дата должна быть в формате ГГГГ-ММ-ДД',
  ageRange: 'Возрастной фильтр может быть только 14+, 16+ или 18+',
  activityType: 'Неизвестный тип мероприятия',
  search: 'Поисковый запрос слишком длинный',
  city: `Название города или региона — от 1 до ${maxCityLength} символов`,
  upcoming: 'Параметр upcoming может быть только true или false',
  eventId: 'Некорректный номер мероприятия',
  foundationId: 'Некорректный номер фонда',
  eventNotFound: 'Мероприятие не найдено',
} as const;

const isoDay = (message: string) => z.string().refine(isCalendarDay, message);

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item).max(10),
  );

export const eventListQuerySchema = z.object({
  date: z
    .union([z.enum(datePresets), isoDay(eventQueryMessages.date)], { error: eventQueryMessages.date })
    .optional(),
  dateFrom: isoDay(eventQueryMessages.dateRange).optional(),
  dateTo: isoDay(eventQueryMessages.dateRange).optional(),
  ageRange: z.enum(ageRanges, { error: eventQueryMessages.ageRange }).optional(),
  activityType: oneOrMany(z.enum(activityTypes, { error: eventQueryMessages.activityType })).optional(),
  search: z.string().trim().max(maxSearchLength, eventQueryMessages.search).optional(),
  /** One of the names GET /api/events/cities answers: events whose address is in that city or region. */
  city: z
    .string()
    .trim()
    .min(1, eventQueryMessages.city)
    .max(maxCityLength, eventQueryMessages.city)
    // No city has control characters, and PostgreSQL refuses a NUL in text: a 400, not a 500.
    .refine((city) => !/\p{Cc}/u.test(city), eventQueryMessages.city)
    .optional(),
  foundationId: idParam(eventQueryMessages.foundationId).optional(),
  /** 'true': only events a school can still apply for (from today on, not completed). */
  upcoming: z.enum(['true', 'false'], { error: eventQueryMessages.upcoming }).optional(),
  ...pageQuery,
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

/** GET /api/events/cities. */
export const eventCitiesSchema = z.object({
  cities: z.array(z.string()).describe('Cities and regions of the events visitors can see, alphabetical'),
});
export type EventCities = z.infer<typeof eventCitiesSchema>;

export const availabilities = ['available', 'limited', 'full'] as const;
export type Availability = (typeof availabilities)[number];

/** What a card in an event list needs. */
export const eventSummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    activityType: z.enum(activityTypes),
    status: z.enum(eventStatuses),
    date: z.string().describe('yyyy-MM-dd'),
    startTime: z.string().describe('HH:MM'),
    endTime: z.string().describe('HH:MM'),
    location: z.string(),
    address: z.string().nullable(),
    hours: z.number(),
    totalSlots: z.number().int().nullable().describe('null: unlimited places'),
    remainingSlots: z.number().int().nullable(),
    availability: z.enum(availabilities),
    participantsCount: z.number().int(),
    ageRestriction: z.string().nullable().describe("Like '14+', null when there is no age limit"),
    image: z.string().nullable().describe("The picture's address, /api/images/{id}"),
    isPastEvent: z.boolean(),
    dayHasCome: z
      .boolean()
      .describe("The event's day is today or past in the app's time zone: from then on it may be completed"),
    foundationId: z.number().int(),
    foundation: z.object({ id: z.number().int(), name: z.string() }),
  })
  .meta({ id: 'EventSummary' });
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventDetailSchema = eventSummarySchema
  .extend({
    ...nullableTexts('requirements', 'skills', 'additionalInfo'),
    minParticipants: z.number().int(),
    ...nullableTexts(
      'contactPersonName',
      'contactPersonPhone',
      'contactPersonEmail',
      'contactPersonTelegram',
      'contactPersonVk',
    ),
  })
  .meta({ id: 'EventDetail' });
export type EventDetail = z.infer<typeof eventDetailSchema>;
