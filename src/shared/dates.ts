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

/**
 * '12 марта 2026 г.'; an empty or invalid date gives empty text. A day (yyyy-MM-dd) is written as it
 * is, a moment as the reader's local day. Written out rather than through Intl.DateTimeFormat: the
 * first Russian formatter costs a phone about 200 ms of blocked main thread while the page starts.
 */
export function formatDateRu(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return '';
  return `${date.getDate()} ${monthsGenitive[date.getMonth()]} ${date.getFullYear()} г.`;
}

/** '12 марта 2026 г. в 14:30' in the reader's time zone; empty for a missing or invalid moment. */
export function formatDateTimeRu(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('ru-RU', { dateStyle: 'long', timeStyle: 'short' });
}
