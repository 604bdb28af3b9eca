import { z } from 'zod';
import { activityTypes } from './catalog';
import { isCalendarDay, shiftYears } from './dates';
import { formNumber } from './form-number';
import { httpLink, telegramLink } from './links';
import { maxDatabaseId } from './pagination';
import { optionalText as sharedOptionalText, visibleText } from './text';

/** Texts of the event form rules (working-areas.md section 5), shared by the form and the API. */
export const eventFormMessages = {
  title: 'Название должно содержать минимум 5 символов',
  description: 'Описание должно содержать минимум 20 символов',
  date: 'Пожалуйста, выберите дату',
  pastDate: 'Дата мероприятия не может быть в прошлом',
  farDate: 'Дата мероприятия — не позже чем через два года',
  startTime: 'Выберите время начала',
  endTime: 'Выберите время окончания',
  timeOrder: 'Время окончания должно быть позже времени начала',
  address: 'Укажите адрес',
  activityType: 'Выберите тип мероприятия',
  minParticipants: 'Минимум участников должен быть больше 0',
  minParticipantsMax: 'Минимум участников — не больше 200',
  maxParticipants: 'Максимум участников должен быть больше 0',
  maxParticipantsMax: 'Максимум участников — не больше 500',
  maxInvalid: 'Некорректное значение',
  minAboveMax: 'Минимум участников не может быть больше максимума',
  ageRestriction: 'Возраст должен быть от 3+ до 18+ (например: 12+)',
  ageRange: 'Минимальный возраст 3+, максимальный 18+',
  contactPersonName: 'Укажите имя контактного лица',
  hours: 'Укажите количество волонтерских часов',
  hoursMax: 'Не больше 24 волонтерских часов за мероприятие',
  contacts: 'Обязательно укажите и телефон, и email для связи',
  email: 'Укажите корректный email',
  tooLong: (max: number) => `Не более ${max} символов`,
} as const;

/** Form defaults of working-areas.md section 9. */
export const eventFormDefaults = {
  minParticipants: 5,
  maxParticipants: 15,
  hours: 3,
  startTime: '10:00',
  endTime: '13:00',
  ageRestriction: '12+',
} as const;

/** How far ahead an event (or a volunteer request) may be planned. */
export const eventHorizonYears = 2;

/** The last day an event may be put on when planned on `today`. */
export const latestEventDay = (today: string) => shiftYears(today, eventHorizonYears);

/**
 * What is wrong with an event's day, judged against the app's today: a day between today and two years
 * ahead is right. 9999-12-31 is a real calendar day but no plan.
 */
export function eventDateProblem(date: string, today: string): string | undefined {
  if (date < today) return eventFormMessages.pastDate;
  if (date > latestEventDay(today)) return eventFormMessages.farDate;
  return undefined;
}

/** Old data stored "unlimited" as this number. */
export const legacyUnlimitedSlots = 999999;

const time = (message: string) => z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);
const optionalText = (max: number) => sharedOptionalText(max, eventFormMessages.tooLong(max));
const requiredText = (min: number, max: number, message: string) =>
  visibleText(message).min(min, message).max(max, eventFormMessages.tooLong(max));
const wholeNumber = (message: string) => z.number({ error: message }).int(message);

export const eventInputSchema = z
  .object({
    title: requiredText(5, 200, eventFormMessages.title),
    description: requiredText(20, 5000, eventFormMessages.description),
    date: z.string({ error: eventFormMessages.date }).refine(isCalendarDay, eventFormMessages.date),
    startTime: time(eventFormMessages.startTime),
    endTime: time(eventFormMessages.endTime),
    location: requiredText(5, 300, eventFormMessages.address),
    address: optionalText(300),
    activityType: z.enum(activityTypes, { error: eventFormMessages.activityType }),
    minParticipants: formNumber(
      wholeNumber(eventFormMessages.minParticipants)
        .min(1, eventFormMessages.minParticipants)
        .max(200, eventFormMessages.minParticipantsMax),
    ),
    /** A number of places, or 'unlimited' (null and the legacy 999999 mean the same). */
    totalSlots: z
      .union([z.literal('unlimited'), z.null(), formNumber(wholeNumber(eventFormMessages.maxInvalid))], {
        error: eventFormMessages.maxInvalid,
      })
      .transform((value) =>
        value === 'unlimited' || value === null || value === legacyUnlimitedSlots ? null : value,
      )
      .refine((value) => value === null || value >= 1, eventFormMessages.maxParticipants)
      .refine((value) => value === null || value <= 500, eventFormMessages.maxParticipantsMax),
    hours: formNumber(
      wholeNumber(eventFormMessages.hours)
        .min(1, eventFormMessages.hours)
        .max(24, eventFormMessages.hoursMax),
    ),
    // Accepts its own output (a number) too: the form validates, then the server validates the result again.
    ageRestriction: z
      .union([z.string().trim(), z.number().int()])
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === '') return null;
        const match = /^(\d{1,2})\+?$/.exec(String(value));
        if (!match) {
          ctx.addIssue({ code: 'custom', message: eventFormMessages.ageRestriction });
          return z.NEVER;
        }
        const age = Number(match[1]);
        if (age < 3 || age > 18) {
          ctx.addIssue({ code: 'custom', message: eventFormMessages.ageRange });
          return z.NEVER;
        }
        return age;
      }),
    contactPersonName: requiredText(2, 200, eventFormMessages.contactPersonName),
    contactPersonPhone: optionalText(40),
    contactPersonEmail: optionalText(200),
    contactPersonTelegram: telegramLink(200),
    contactPersonVk: httpLink(200),
    requirements: optionalText(3000),
    skills: optionalText(3000),
    additionalInfo: optionalText(3000),
    imageId: z.number().int().positive().max(maxDatabaseId).nullish(),
  })
  .superRefine((event, ctx) => {
    if (event.endTime <= event.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: eventFormMessages.timeOrder });
    }
    if (event.totalSlots !== null && event.minParticipants > event.totalSlots) {
      ctx.addIssue({ code: 'custom', path: ['minParticipants'], message: eventFormMessages.minAboveMax });
    }
    if (!event.contactPersonPhone || !event.contactPersonEmail) {
      ctx.addIssue({ code: 'custom', path: ['contactPersonPhone'], message: eventFormMessages.contacts });
    } else if (!z.email().safeParse(event.contactPersonEmail).success) {
      ctx.addIssue({ code: 'custom', path: ['contactPersonEmail'], message: eventFormMessages.email });
    }
  });
export type EventInput = z.infer<typeof eventInputSchema>;

export const eventStatusChangeSchema = z.object({
  status: z.enum(['upcoming', 'active', 'completed', 'canceled'], {
    error: 'Некорректный статус мероприятия',
  }),
});
