import { randomBytes } from 'node:crypto';
import { and, eq, exists, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import { calendarFeedPath, calendarMessages, calendarTexts } from '../../shared/calendars';
import { shiftDay } from '../../shared/dates';
import { eventQueryMessages } from '../../shared/events';
import { findFoundationOfUser, findSchoolOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { applications, events, foundations, users } from '../db/schema';
import { publiclyVisible } from '../events/queries';
import { eventTimeColumns } from '../events/time-columns';
import { notFound } from '../http/errors';
import { type CalendarEventRow, calendarDocument } from './ics';

/**
 * How far back a feed reaches: the school year just past stays in the calendar, older events drop out
 * (a calendar keeps what it already had), so a feed of years of events stays small.
 */
const feedHistoryDays = 365;

const calendarColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  date: events.date,
  ...eventTimeColumns,
  location: events.location,
  address: events.address,
  canceled: sql<boolean>`${events.status} = 'canceled'`,
  sequence: events.calendarSequence,
  foundationName: sql<string>`coalesce(${foundations.name}, '')`,
  organizerEmail: sql<string | null>`coalesce(${events.contactPersonEmail}, ${foundations.email})`,
  contactPersonName: events.contactPersonName,
  contactPersonPhone: events.contactPersonPhone,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
};

async function calendarEvents(db: Db, where: SQL | undefined): Promise<CalendarEventRow[]> {
  return db
    .select(calendarColumns)
    .from(events)
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(where)
    .orderBy(events.date, events.startTime, events.id);
}

/**
 * The .ics file of one event, for whoever may see the event (GET /api/events/{id}): anyone while it is
 * public, its own foundation (viewerFoundationId) also while it is hidden, a cancelled one included.
 */
export async function eventCalendarFile(
  db: Db,
  calendar: Calendar,
  eventId: number,
  origin: string,
  viewerFoundationId?: number,
): Promise<{ fileName: string; body: string }> {
  const visibility =
    viewerFoundationId === undefined
      ? publiclyVisible
      : or(publiclyVisible, eq(events.foundationId, viewerFoundationId));
  const [event] = await calendarEvents(db, and(eq(events.id, eventId), visibility));
  if (!event) throw notFound(eventQueryMessages.eventNotFound);
  return {
    fileName: calendarTexts.eventFileName(event.title),
    body: calendarDocument({ events: [event], timeZone: calendar.timeZone, origin }),
  };
}

/**
 * The private feed behind a token: a school's events of its approved and completed applications, a
 * foundation's own events, from a year back on. Cancelled events stay in it as cancelled, so subscribed
 * calendars strike them out. An unknown (or replaced) token is a 404.
 */
export async function feedCalendar(
  db: Db,
  calendar: Calendar,
  token: string,
  origin: string,
): Promise<string> {
  const [owner] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.calendarToken, token));
  const since = gte(events.date, shiftDay(calendar.today(), -feedHistoryDays));
  const feedOf = async (name: string | null | undefined, where: SQL | undefined) =>
    calendarDocument({
      events: await calendarEvents(db, and(where, since)),
      timeZone: calendar.timeZone,
      origin,
      feed: { owner: name || calendarTexts.unnamedOwner },
    });

  if (owner?.role === 'school') {
    const school = await findSchoolOfUser(db, owner.id);
    if (school) {
      const applied = db
        .select({ one: sql`1` })
        .from(applications)
        .where(
          and(
            eq(applications.eventId, events.id),
            eq(applications.schoolId, school.id),
            inArray(applications.status, ['approved', 'completed']),
          ),
        );
      return feedOf(school.name, exists(applied));
    }
  }
  if (owner?.role === 'foundation') {
    const foundation = await findFoundationOfUser(db, owner.id);
    if (foundation) return feedOf(foundation.name, eq(events.foundationId, foundation.id));
  }
  throw notFound(calendarMessages.feedNotFound);
}

const feedUrl = (origin: string, token: string | null) =>
  token ? `${origin}${calendarFeedPath(token)}` : null;

/** The caller's feed address, or null before it asked for one. */
export async function calendarFeedOf(
  db: Db,
  userId: number,
  origin: string,
): Promise<{ url: string | null }> {
  const [user] = await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId));
  return { url: feedUrl(origin, user?.token ?? null) };
}

/** A new secret address for the caller's feed; the old one, if any, answers 404 from now on. */
export async function renewCalendarFeed(db: Db, userId: number, origin: string): Promise<{ url: string }> {
  const token = randomBytes(32).toString('base64url');
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
  return { url: `${origin}${calendarFeedPath(token)}` };
}
