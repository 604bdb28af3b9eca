import { z } from 'zod';
import { isCalendarDay } from './dates';

/**
 * School years and periods of proof of hours (issue 25): a school year runs from 1 September to 31
 * August, which is how a school reports to its district; a certificate or an export may also cover any
 * range of days.
 */

export { type Period, schoolYearLabel, schoolYearPeriod, schoolYearStart } from './school-year-period';

export const periodMessages = {
  from: 'Укажите начало периода датой ГГГГ-ММ-ДД',
  to: 'Укажите конец периода датой ГГГГ-ММ-ДД',
  order: 'Начало периода не может быть позже его конца',
  tooLong: 'Период — не больше десяти лет',
  longerThanYear: 'Справка — не больше чем за год: выберите период не длиннее 366 дней',
} as const;

const periodDay = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => isCalendarDay(value) && value >= '2000-01-01' && value <= '2100-12-31', {
      message,
    });

/** The longest certificate: a school year with 29 February in it. */
export const maxCertificateDays = 366;

const dayMs = 24 * 60 * 60 * 1000;
/** Days from `from` to `to`, both counted; yyyy-MM-dd read as UTC days, so no clock shift moves them. */
const daysIn = (period: { from: string; to: string }) =>
  (Date.parse(period.to) - Date.parse(period.from)) / dayMs + 1;

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD` of a certificate: at most a year, which is what a school reports on and
 * what bounds the work of laying out one PDF (issue 51: ten years of events held the server for seconds).
 */
export const periodQuerySchema = z
  .object({ from: periodDay(periodMessages.from), to: periodDay(periodMessages.to) })
  .refine((period) => period.from <= period.to, { message: periodMessages.order, path: ['to'] })
  .refine((period) => period.from > period.to || daysIn(period) <= maxCertificateDays, {
    message: periodMessages.longerThanYear,
    path: ['to'],
  });
