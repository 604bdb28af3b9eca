import { addDays, addYears, format, isValid, parseISO } from 'date-fns';

// Building a formatter costs far more than formatting with it, and the server asks on every request.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

// Every time zone's days begin on a whole second, so one answer holds for its whole second. The public
// read cache asks on every request whether the day has changed.
let lastAnswer = { timeZone: '', second: Number.NaN, day: '' };

/** The calendar day (yyyy-MM-dd) it is now in the given IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  if (lastAnswer.second === second && lastAnswer.timeZone === timeZone) return lastAnswer.day;
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as yyyy-MM-dd.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  lastAnswer = { timeZone, second, day: formatter.format(now) };
  return lastAnswer.day;
}

/** True for a real yyyy-MM-dd day; 2026-02-30 is not one, although Date.parse accepts it. */
export function isCalendarDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value));
}

/** Shifts a yyyy-MM-dd day by whole days. */
export function shiftDay(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd');
}

/** Shifts a yyyy-MM-dd day by whole years; 29 February becomes 28 February in a common year. */
export function shiftYears(day: string, years: number): string {
  return format(addYears(parseISO(day), years), 'yyyy-MM-dd');
}

const monthsGenitive = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/** '12 марта 2026 г.' for a calendar day (yyyy-MM-dd); empty text for a missing or impossible one. */
export function formatDateRu(day: string | null | undefined): string {
  if (!day || !isCalendarDay(day)) return '';
  // The day's own figures: parsed as a moment, it would be the computer's midnight, in the computer's zone.
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${monthsGenitive[month - 1]} ${year} г.`;
}

/** The zone of the app (APP_TIMEZONE) unless configured otherwise: whose days and clock times people read. */
export const defaultAppTimeZone = 'Europe/Moscow';

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** A moment's figures on the clock of `timeZone`; undefined for a missing or invalid moment. */
function wallClock(value: string | Date | null | undefined, timeZone: string) {
  if (!value) return undefined;
  const moment = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(moment.getTime())) return undefined;
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    // English figures, not Russian: the first Russian formatter is what costs a phone its 200 ms.
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(moment)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** '12 марта 2026 г.': the day a moment falls on in `timeZone`; empty for a missing or invalid moment. */
export function formatMomentDayRu(moment: string | Date | null | undefined, timeZone: string): string {
  const clock = wallClock(moment, timeZone);
  return clock ? `${clock.day} ${monthsGenitive[clock.month - 1]} ${clock.year} г.` : '';
}

/** '12 марта 2026 г. в 14:30' on the clock of `timeZone`; empty for a missing or invalid moment. */
export function formatDateTimeRu(moment: string | Date | null | undefined, timeZone: string): string {
  const clock = wallClock(moment, timeZone);
  return clock ? `${clock.day} ${monthsGenitive[clock.month - 1]} ${clock.year} г. в ${clock.time}` : '';
}
