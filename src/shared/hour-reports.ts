import { z } from 'zod';
import { type ActivityType, activityTypeLabels, activityTypes } from './catalog';
import { formNumber } from './form-number';
import type { PluralForms } from './plural';
import { schoolYearPeriod } from './school-year';

/**
 * Reports of hours with charts (issue 25): a school's hours per month of a school year by activity
 * type and its progress to a yearly goal; a foundation's pupils and hours per month and the schools it
 * worked with; the platform's totals per month for the administrator. Every figure counts pupils who
 * came, from the ledger of credits (`hour_credits`).
 */

export const minGoal = 1;
export const maxGoal = 100_000;
/** The school years a report may show: those a credit may fall in. */
export const firstReportYear = 2000;
export const lastReportYear = 2099;

export const hourReportMessages = {
  year: 'Учебный год — год его начала, четыре цифры от 2000 до 2099, например 2025',
  goal: `Цель — целое число часов от 1 до ${maxGoal.toLocaleString('ru-RU')}, или пусто, чтобы её убрать`,
  goalSaved: 'Цель на год сохранена',
  goalCleared: 'Цель на год убрана',
  unnamedSchool: 'Школа без названия',
} as const;

/** `?year=2025` (the 2025/26 school year); without it, the school year of today. */
export const hourReportQuerySchema = z.object({
  year: z
    .string({ error: hourReportMessages.year })
    .regex(/^\d{4}$/, hourReportMessages.year)
    .transform(Number)
    .pipe(
      z.number().min(firstReportYear, hourReportMessages.year).max(lastReportYear, hourReportMessages.year),
    )
    .optional(),
});

/** `{ goal }`: whole hours 1–100 000 (a number or its digits as text), or null to clear it. */
export const hoursGoalSchema = z.object(
  {
    goal: z.union(
      [
        z.null(),
        formNumber(
          z
            .number({ error: hourReportMessages.goal })
            .int(hourReportMessages.goal)
            .min(minGoal, hourReportMessages.goal)
            .max(maxGoal, hourReportMessages.goal),
        ),
      ],
      { error: hourReportMessages.goal },
    ),
  },
  { error: hourReportMessages.goal },
);
export type HoursGoalInput = z.infer<typeof hoursGoalSchema>;

export const hoursGoalAnswerSchema = z
  .object({ goal: z.number().int().nullable(), message: z.string() })
  .meta({ id: 'HoursGoal' });
export type HoursGoalAnswer = z.infer<typeof hoursGoalAnswerSchema>;

/** Credits of events whose type is unknown (made before the ledger kept it) are counted as 'other'. */
export const hourActivityKeys = [...activityTypes, 'other'] as const;
export type HourActivityKey = (typeof hourActivityKeys)[number];
export const hourActivityLabels: Record<HourActivityKey, string> = {
  ...(activityTypeLabels satisfies Record<ActivityType, string>),
  other: 'Другое',
};

const count = z.number().int().nonnegative();
const month = z.string().describe('yyyy-MM, the first month being September of the school year');
const schoolYearFields = {
  year: z.number().int().describe('The year the school year starts in: 2025 for 2025/26'),
  years: z.array(z.number().int()).describe('School years with figures, and the current one; newest first'),
};

export const schoolHoursReportSchema = z
  .object({
    ...schoolYearFields,
    months: z
      .array(
        z.object({
          month,
          hours: count,
          pupils: count,
          events: count,
          byActivity: z.record(z.enum(hourActivityKeys), count).describe('Hours per activity type'),
        }),
      )
      .describe('Twelve months, September to August'),
    totals: z.object({ hours: count, pupils: count, events: count }),
    goal: z.number().int().nullable(),
  })
  .meta({ id: 'SchoolHoursReport' });
export type SchoolHoursReport = z.infer<typeof schoolHoursReportSchema>;

export const foundationHoursReportSchema = z
  .object({
    ...schoolYearFields,
    months: z.array(z.object({ month, hours: count, pupils: count, events: count })),
    schools: z
      .array(z.object({ name: z.string(), events: count, pupils: count, hours: count }))
      .describe('The schools it credited hours to in the year, most hours first'),
    totals: z.object({ hours: count, pupils: count, events: count, schools: count }),
  })
  .meta({ id: 'FoundationHoursReport' });
export type FoundationHoursReport = z.infer<typeof foundationHoursReportSchema>;

export const adminHoursReportSchema = z
  .object({
    ...schoolYearFields,
    months: z.array(
      z.object({
        month,
        completedEvents: count,
        pupils: count,
        hours: count,
      }),
    ),
    totals: z.object({ completedEvents: count, pupils: count, hours: count }),
  })
  .meta({ id: 'AdminHoursReport' });
export type AdminHoursReport = z.infer<typeof adminHoursReportSchema>;

/** The twelve months of a school year, yyyy-MM, September first. */
export function schoolYearMonths(startYear: number): string[] {
  const { from } = schoolYearPeriod(startYear);
  return Array.from({ length: 12 }, (_, index) => {
    const monthIndex = (8 + index) % 12;
    const year = Number(from.slice(0, 4)) + (index >= 4 ? 1 : 0);
    return `${year}-${String(monthIndex + 1).padStart(2, '0')}`;
  });
}

const monthNames = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
];
const shortMonthNames = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];

/** «Сентябрь 2025». */
export const monthLabel = (yyyyMm: string) =>
  `${monthNames[Number(yyyyMm.slice(5, 7)) - 1] ?? ''} ${yyyyMm.slice(0, 4)}`;
/** «сен»: a chart's axis on a phone has room for three letters. */
export const shortMonthLabel = (yyyyMm: string) => shortMonthNames[Number(yyyyMm.slice(5, 7)) - 1] ?? '';

export const hourForms: PluralForms = { one: 'час', few: 'часа', many: 'часов' };
export const eventForms: PluralForms = { one: 'мероприятие', few: 'мероприятия', many: 'мероприятий' };

/** The share of a goal done, in whole percent (may pass 100). */
export const goalPercent = (hours: number, goal: number) => Math.floor((hours * 100) / goal);
