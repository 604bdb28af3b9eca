import { endOfMonth, endOfWeek, format, parseISO, startOfMonth, startOfWeek } from 'date-fns';
import { todayIn } from '../shared/dates';
import type { DatePreset } from '../shared/events';

/**
 * "Today" and its week and month, as calendar days in the app's time zone
 * (docs/decisions/010-public-catalogue.md).
 */
export interface Calendar {
  /** The IANA time zone (APP_TIMEZONE) whose days and clock times the app shows. */
  timeZone: string;
  today(): string;
  /** The moment now, by the same clock as `today`: when a code is claimed or revoked. */
  now(): Date;
  /** The calendar day of a moment in the app's time zone: when a code was claimed, as people say it. */
  dayOf(moment: Date): string;
  range(preset: DatePreset): { from: string; to: string };
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');

export function createCalendar(timeZone: string, now: () => Date = () => new Date()): Calendar {
  const today = () => todayIn(timeZone, now());
  return {
    timeZone,
    today,
    now,
    dayOf: (moment) => todayIn(timeZone, moment),
    range(preset) {
      const current = today();
      if (preset === 'today') return { from: current, to: current };
      const date = parseISO(current);
      if (preset === 'week') {
        return {
          from: day(startOfWeek(date, { weekStartsOn: 1 })),
          to: day(endOfWeek(date, { weekStartsOn: 1 })),
        };
      }
      return { from: day(startOfMonth(date)), to: day(endOfMonth(date)) };
    },
  };
}
