import { z } from 'zod';
import { type ActivityType, activityTypes, ageRanges, datePresets, type EventStatus } from './catalog';
import { isCalendarDay } from './dates';
import { maxSearchLength } from './list-addresses';
import { idParam, pageQuery } from './pagination';

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
  foundationId: idParam(eventQueryMessages.foundationId).optional(),
  /** 'true': only events a school can still apply for (from today on, not completed). */
  upcoming: z.enum(['true', 'false'], { error: eventQueryMessages.upcoming }).optional(),
  ...pageQuery,
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export type Availability = 'available' | 'limited' | 'full';

/** What a card in an event list needs. */
export interface EventSummary {
  id: number;
  title: string;
  description: string;
  activityType: ActivityType;
  status: EventStatus;
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  address: string | null;
  hours: number;
  /** null: unlimited places. */
  totalSlots: number | null;
  remainingSlots: number | null;
  availability: Availability;
  participantsCount: number;
  /** Like '14+', null when there is no age limit. */
  ageRestriction: string | null;
  image: string | null;
  isPastEvent: boolean;
  foundationId: number;
  foundation: { id: number; name: string };
}

export interface EventDetail extends EventSummary {
  requirements: string | null;
  skills: string | null;
  additionalInfo: string | null;
  minParticipants: number;
  contactPersonName: string | null;
  contactPersonPhone: string | null;
  contactPersonEmail: string | null;
  contactPersonTelegram: string | null;
  contactPersonVk: string | null;
}
