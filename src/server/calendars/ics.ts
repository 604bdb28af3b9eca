import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { calendarTexts, eventPagePath } from '../../shared/calendars';
import { placeLine } from '../../shared/places';
import { shareCardTexts } from '../../shared/share-cards';

/** An event as a calendar shows it; read by service.ts. */
export interface CalendarEventRow {
  id: number;
  title: string;
  description: string;
  date: string;
  /** HH:MM */
  startTime: string;
  endTime: string;
  location: string;
  address: string | null;
  canceled: boolean;
  sequence: number;
  foundationName: string;
  /** Where ORGANIZER points: the event's contact e-mail, else the foundation's. */
  organizerEmail: string | null;
  contactPersonName: string | null;
  contactPersonPhone: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** How long a calendar app may keep a feed before asking again. */
export const feedRefreshSeconds = 60 * 60;

/** The description is the start of the event's text: the page it links to has the rest. */
const descriptionLength = 300;

function shortened(text: string): string {
  if (text.length <= descriptionLength) return text;
  const cut = text.slice(0, descriptionLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > descriptionLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * A wall-clock time for ical-generator: with a time zone set it writes a Date's local fields (getHours…)
 * after the TZID, so the Date is built from those same fields in the process's zone. Exact for every time
 * that exists in the process's zone, which is every time on a server running in UTC.
 */
function wallClock(date: string, time: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(year, month - 1, day, hours, minutes);
}

function descriptionOf(event: CalendarEventRow, pageUrl: string): string {
  const contact = [event.contactPersonName, event.contactPersonPhone].filter(Boolean).join(', ');
  return [
    shortened(event.description),
    ...(contact ? [`${calendarTexts.contact}: ${contact}`] : []),
    `${calendarTexts.moreAt}: ${pageUrl}`,
  ].join('\n\n');
}

/**
 * An iCalendar document of the events, their times in `timeZone` with its VTIMEZONE. Each event's UID is
 * `event-{id}@{site host}`, the same in every file and feed, and its SEQUENCE the event's own counter, so
 * a calendar that has the event replaces its copy instead of adding another. A feed (`feed`) carries its
 * name and a refresh hint; a single event's file carries neither, so that importing it adds the event to
 * a calendar the person already has rather than making a new one.
 */
export function calendarDocument(options: {
  events: readonly CalendarEventRow[];
  timeZone: string;
  origin: string;
  feed?: { owner: string };
}): string {
  const { events, timeZone, origin, feed } = options;
  const host = new URL(origin).host;
  const calendar = ical({
    prodId: { company: shareCardTexts.siteName, product: 'events', language: 'RU' },
    method: ICalCalendarMethod.PUBLISH,
    ...(feed ? { name: calendarTexts.feedName(feed.owner), ttl: feedRefreshSeconds } : {}),
  });
  // No time zone of the calendar itself: DTSTAMP, CREATED and LAST-MODIFIED stay in UTC as RFC 5545
  // wants; the events' own zone brings its VTIMEZONE.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const event of events) {
    const pageUrl = `${origin}${eventPagePath(event.id)}`;
    calendar.createEvent({
      id: `event-${event.id}@${host}`,
      sequence: event.sequence,
      timezone: timeZone,
      start: wallClock(event.date, event.startTime),
      end: wallClock(event.date, event.endTime),
      summary: event.title,
      location: placeLine(event.location, event.address),
      description: descriptionOf(event, pageUrl),
      url: pageUrl,
      status: event.canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(event.organizerEmail && event.foundationName
        ? { organizer: { name: event.foundationName, email: event.organizerEmail } }
        : {}),
      stamp: event.updatedAt,
      created: event.createdAt,
      lastModified: event.updatedAt,
    });
  }
  return calendar.toString();
}
