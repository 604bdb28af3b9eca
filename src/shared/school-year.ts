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
} as const;

const periodDay = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => isCalendarDay(value) && value >= '2000-01-01' && value <= '2100-12-31', {
      message,
    });

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` of a certificate or an export of hours. */
export const periodQuerySchema = z
  .object({ from: periodDay(periodMessages.from), to: periodDay(periodMessages.to) })
  .refine((period) => period.from <= period.to, { message: periodMessages.order, path: ['to'] })
  .refine((period) => Number(period.to.slice(0, 4)) - Number(period.from.slice(0, 4)) <= 10, {
    message: periodMessages.tooLong,
    path: ['to'],
  });
