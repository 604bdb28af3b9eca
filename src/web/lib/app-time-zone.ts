import { defaultAppTimeZone, formatDateTimeRu, formatMomentDayRu, todayIn } from '../../shared/dates';

/*
 * The one place on the web side that holds the app's time zone (APP_TIMEZONE): every day and clock time
 * a person reads is drawn in it, wherever the server or the browser happens to be. The server's renderer
 * sets it from its configuration, the browser from the page the server sent (src/web/main.tsx), so both
 * draw the same text and the browser adopts the server's page rather than failing to (React error #418).
 */
let appTimeZone = defaultAppTimeZone;

export function setAppTimeZone(timeZone: string): void {
  appTimeZone = timeZone;
}

/** Today (yyyy-MM-dd) in the app's time zone. */
export const appToday = (): string => todayIn(appTimeZone);

/** The calendar day (yyyy-MM-dd) a moment falls on in the app's time zone; empty for an invalid one. */
export function appDayOf(moment: string): string {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? '' : todayIn(appTimeZone, date);
}

/** '12 марта 2026 г.': the day of a moment (a timestamp, not an event's day) in the app's time zone. */
export const formatMomentDay = (moment: string | null | undefined): string =>
  formatMomentDayRu(moment, appTimeZone);

/** '12 марта 2026 г. в 14:30' on the app's clock. */
export const formatMomentDateTime = (moment: string | null | undefined): string =>
  formatDateTimeRu(moment, appTimeZone);
