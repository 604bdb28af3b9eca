import { z } from 'zod';
import { maxParticipantsPerApplication } from './applications';
import { activityTypes } from './catalog';
import { isCalendarDay, shiftYears } from './dates';
import { decimalNumber, formNumber } from './form-number';
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
  hoursOverLength: 'Часов не может быть больше, чем длится мероприятие',
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

/**
 * The most volunteer hours an event may give: its length in whole hours, rounded up (10:00–12:30
 * allows 3). Hours are the platform's currency; a two-hour event cannot credit a day's work.
 */
export function longestCreditHours(startTime: string, endTime: string): number {
  const minutes = (time: string) => {
    const [hours = 0, rest = 0] = time.split(':').map(Number);
    return hours * 60 + rest;
  };
  return Math.ceil((minutes(endTime) - minutes(startTime)) / 60);
}

/** Old data stored "unlimited" as this number. */
export const legacyUnlimitedSlots = 999999;

const time = (message: string) => z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);
const optionalText = (max: number) => sharedOptionalText(max, eventFormMessages.tooLong(max));
const requiredText = (min: number, max: number, message: string) =>
  visibleText(message).min(min, message).max(max, eventFormMessages.tooLong(max));
const wholeNumber = (message: string) => z.number({ error: message }).int(message);

/** 'unlimited', the legacy number and a number typed as text, as the maximum's number rule reads them. */
function placesOrUnlimited(value: unknown): unknown {
  const places = typeof value === 'string' ? (decimalNumber(value) ?? value) : value;
  return places === 'unlimited' || places === legacyUnlimitedSlots ? null : places;
}

const eventFields = z.object({
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
  /**
   * A number of places, or 'unlimited' (null and the legacy 999999 mean the same). Not a union of the
   * three: the form's resolver shows the first branch's message («expected "unlimited"») for a union.
   */
  totalSlots: z.preprocess(
    placesOrUnlimited,
    wholeNumber(eventFormMessages.maxInvalid)
      .min(1, eventFormMessages.maxParticipants)
      .max(500, eventFormMessages.maxParticipantsMax)
      .nullable(),
  ),
  hours: formNumber(
    wholeNumber(eventFormMessages.hours).min(1, eventFormMessages.hours).max(24, eventFormMessages.hoursMax),
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
});
type EventFields = z.output<typeof eventFields>;
type EventField = keyof EventFields;

/**
 * A rule over several fields that runs only when the fields it reads parsed (and the body is an object):
 * a wrong field has its own message already, and a rule reading it would judge text that is no value.
 */
function crossFieldRule<Field extends EventField>(
  fields: readonly Field[],
  problem: (event: Pick<EventFields, Field>) => { path: EventField; message: string } | undefined,
) {
  return z.superRefine<EventFields>(
    (event, ctx) => {
      const found = problem(event);
      if (found) ctx.addIssue({ code: 'custom', path: [found.path], message: found.message });
    },
    {
      when: ({ issues }) =>
        issues.every((issue) => issue.path?.length && !fields.includes(issue.path[0] as Field)),
    },
  );
}

export const eventInputSchema = eventFields
  // Each cross-field rule runs as soon as the fields it reads are right, even while other fields are
  // wrong: by default zod skips an object's checks after any field fails, so a first submit showed one
  // error and a second three more.
  .check(
    crossFieldRule(['startTime', 'endTime'], (event) =>
      event.endTime <= event.startTime
        ? { path: 'endTime', message: eventFormMessages.timeOrder }
        : undefined,
    ),
    crossFieldRule(['startTime', 'endTime', 'hours'], (event) =>
      event.endTime > event.startTime && event.hours > longestCreditHours(event.startTime, event.endTime)
        ? { path: 'hours', message: eventFormMessages.hoursOverLength }
        : undefined,
    ),
    crossFieldRule(['minParticipants', 'totalSlots'], (event) =>
      event.totalSlots !== null && event.minParticipants > event.totalSlots
        ? { path: 'minParticipants', message: eventFormMessages.minAboveMax }
        : undefined,
    ),
    crossFieldRule(['contactPersonPhone', 'contactPersonEmail'], (event) => {
      if (!event.contactPersonPhone || !event.contactPersonEmail) {
        return { path: 'contactPersonPhone', message: eventFormMessages.contacts };
      }
      if (!z.email().safeParse(event.contactPersonEmail).success) {
        return { path: 'contactPersonEmail', message: eventFormMessages.email };
      }
      return undefined;
    }),
  );
export type EventInput = z.infer<typeof eventInputSchema>;

/** Texts of completing an event with the attendance the foundation marked (issue 24). */
export const completionMessages = {
  notYetHeld: 'Мероприятие ещё не состоялось',
  attendanceOnlyOnCompletion: 'Отметить, сколько учеников пришло, можно только при завершении мероприятия',
  attended: 'Укажите, сколько учеников пришло: целое число от 0',
  applicationId: 'Некорректный номер заявки',
  duplicate: (applicationId: number) => `Заявка ${applicationId} указана дважды`,
  foreignApplication: (applicationId: number) =>
    `Заявка ${applicationId} не относится к этому мероприятию или не одобрена`,
  attendedOverApproved: (approved: number) => `Пришло не больше, чем одобрено: ${approved}`,
} as const;

/** How many pupils of one approved application came, as the foundation marks it on completion. */
export const attendanceEntrySchema = z.object({
  applicationId: z
    .number({ error: completionMessages.applicationId })
    .int(completionMessages.applicationId)
    .positive(completionMessages.applicationId)
    .max(maxDatabaseId, completionMessages.applicationId),
  attended: z
    .number({ error: completionMessages.attended })
    .int(completionMessages.attended)
    .min(0, completionMessages.attended)
    .max(maxParticipantsPerApplication, completionMessages.attended)
    .describe('Pupils who came: 0 to the approved number'),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

export const eventStatusChangeSchema = z
  .object({
    status: z.enum(['upcoming', 'active', 'completed', 'canceled'], {
      error: 'Некорректный статус мероприятия',
    }),
    attendance: z
      .array(attendanceEntrySchema)
      .max(1000, completionMessages.attended)
      .optional()
      .describe(
        'With `completed` only: pupils who came per approved application; an application left out counts all its pupils',
      ),
  })
  .superRefine((change, ctx) => {
    if (!change.attendance) return;
    if (change.status !== 'completed') {
      ctx.addIssue({
        code: 'custom',
        path: ['attendance'],
        message: completionMessages.attendanceOnlyOnCompletion,
      });
      return;
    }
    const seen = new Set<number>();
    for (const entry of change.attendance) {
      if (seen.has(entry.applicationId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['attendance'],
          message: completionMessages.duplicate(entry.applicationId),
        });
        return;
      }
      seen.add(entry.applicationId);
    }
  });
