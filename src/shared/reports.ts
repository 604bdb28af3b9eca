import { z } from 'zod';
import { isCalendarDay, shiftYears } from './dates';
import { latestEventDay } from './event-form';
import { decimalNumber } from './form-number';
import { optionalText as sharedOptionalText, tooLong, visibleText } from './text';

/** Texts of the foundation report rules (working-areas.md section 5), shared by the form and the API. */
export const reportMessages = {
  eventTitle: 'Название мероприятия должно содержать минимум 3 символа',
  eventDate: 'Укажите дату мероприятия',
  eventDateRange: 'Дата мероприятия должна быть между 2000 и 2100 годом',
  eventDateTooOld: 'Дата мероприятия — не раньше чем пять лет назад',
  eventDateTooFar: 'Дата мероприятия — не позже чем через два года',
  volunteersCount: 'Количество волонтеров должно быть больше 0',
  volunteersWhole: 'Количество волонтеров должно быть целым числом',
  volunteersMax: 'Количество волонтеров должно быть не больше 100 000',
  additionalInfo: 'Дополнительная информация должна быть текстом',
  tooLong,
  reportId: 'Некорректный номер отчета',
  notFound: 'Отчет не найден',
  deleted: 'Отчет удален',
} as const;

export const reportLimits = {
  eventTitle: 200,
  additionalInfo: 2000,
  volunteersCount: 100_000,
  firstDay: '2000-01-01',
  lastDay: '2100-12-31',
} as const;

/**
 * The days a report may describe, seen from `today`: up to five years back (older events are history,
 * not reports) and, as planned events may be, up to two years ahead (docs/decisions/014-input-rules.md).
 */
export function reportDayWindow(today: string): { from: string; to: string } {
  return { from: shiftYears(today, -5), to: latestEventDay(today) };
}

/** What is wrong with a report's day, judged against the app's today. */
export function reportDateProblem(day: string, today: string): string | undefined {
  const window = reportDayWindow(today);
  if (day < window.from) return reportMessages.eventDateTooOld;
  if (day > window.to) return reportMessages.eventDateTooFar;
  return undefined;
}

const optionalText = (max: number, message: string) =>
  sharedOptionalText(max, reportMessages.tooLong(max), message);

/**
 * A number, or the digits a form field sends as text; anything else (true, [], '', 'x') is refused
 * rather than coerced, so `true` never becomes 1 volunteer. The text is checked in a transform, not in a
 * second union member, so the form's resolver shows this message too (it reports a union's first member).
 */
const volunteersCount = z
  .union([z.number(), z.string()], { error: reportMessages.volunteersCount })
  .transform((value, ctx) => {
    if (typeof value === 'number') return value;
    const count = decimalNumber(value);
    if (count !== undefined) return count;
    ctx.addIssue({ code: 'custom', message: reportMessages.volunteersCount });
    return z.NEVER;
  })
  .pipe(
    z
      .number()
      .int(reportMessages.volunteersWhole)
      .min(1, reportMessages.volunteersCount)
      .max(reportLimits.volunteersCount, reportMessages.volunteersMax),
  );

/**
 * What a foundation sends to create a report. A report describes an event that took place, so past days
 * are the normal case; future days are accepted too (docs/decisions/013-volunteer-requests-and-reports.md),
 * within 2000–2100 so a typo such as 0202 never reaches the database.
 */
export const reportInputSchema = z.object({
  eventTitle: visibleText(reportMessages.eventTitle)
    .min(3, reportMessages.eventTitle)
    .max(reportLimits.eventTitle, reportMessages.tooLong(reportLimits.eventTitle)),
  eventDate: z
    .string({ error: reportMessages.eventDate })
    .refine(isCalendarDay, { message: reportMessages.eventDate, abort: true })
    .refine(
      (day) => day >= reportLimits.firstDay && day <= reportLimits.lastDay,
      reportMessages.eventDateRange,
    ),
  volunteersCount,
  additionalInfo: optionalText(reportLimits.additionalInfo, reportMessages.additionalInfo),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

/** A report as its foundation sees it in its list and in the create answer. */
export const foundationReportSchema = z
  .object({
    id: z.number(),
    eventTitle: z.string(),
    eventDate: z.string(),
    volunteersCount: z.number(),
    additionalInfo: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'FoundationReport' });
export type FoundationReport = z.infer<typeof foundationReportSchema>;
