import { and, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import {
  type EventMessage,
  eventMessageLimits,
  eventMessageTexts,
  type FoundationEventMessages,
  readsEventMessages,
  type SentEventMessage,
} from '../../shared/event-messages';
import { eventQueryMessages } from '../../shared/events';
import { foundationOfUser, schoolOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db, DbOrTx } from '../db/client';
import { applications, eventMessages, events, foundations } from '../db/schema';
import { eventLetterColumns } from '../events/letter-columns';
import { manageMessages } from '../events/manage';
import { conflict, forbidden, HttpError, notFound } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { notify } from '../notifications/service';
import { eventMessageLetters } from './letters';

/** Who a message reaches: the schools whose application still stands or waits for a decision. */
const recipientStatuses = ['pending', 'approved'] as const;
/** The history a page shows; years of weekly messages on one event would still fit. */
const historyLimit = 200;

const messageColumns = { id: eventMessages.id, text: eventMessages.text, createdAt: eventMessages.createdAt };
const asAnswer = (row: { id: number; text: string; createdAt: Date }): EventMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const hourMs = 60 * 60 * 1000;

/**
 * The moment the next message may go when `limit` messages were already sent in the `windowMs` before
 * `now`, or null while fewer were: the oldest of those `limit` leaves the window then.
 */
async function nextAllowedAt(
  db: DbOrTx,
  scope: SQL,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<Date | null> {
  const [oldest] = await db
    .select({ createdAt: eventMessages.createdAt })
    .from(eventMessages)
    .innerJoin(events, eq(events.id, eventMessages.eventId))
    .where(and(scope, gt(eventMessages.createdAt, new Date(now.getTime() - windowMs))))
    .orderBy(desc(eventMessages.createdAt))
    .offset(limit - 1)
    .limit(1);
  return oldest ? new Date(oldest.createdAt.getTime() + windowMs) : null;
}

/** The 429 that says when, by the app's clock, in its time zone: «в 14:35», «завтра в 09:10». */
function tooSoon(calendar: Calendar, next: Date, text: typeof eventMessageTexts.foundationLimit) {
  // Rounded up to the minute: at the minute shown, the message goes.
  const shown = new Date(Math.ceil(next.getTime() / 60_000) * 60_000);
  const time = new Intl.DateTimeFormat('ru-RU', {
    timeZone: calendar.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(shown);
  return new HttpError(429, text({ time, tomorrow: calendar.dayOf(shown) !== calendar.today() }));
}

/**
 * Refuses a message beyond the foundation's hourly and the event's daily number (eventMessageLimits).
 * The foundation's row is locked first, so that messages sent at the same moment, by any app process,
 * are counted one after another.
 */
async function checkLimits(tx: DbOrTx, calendar: Calendar, foundationId: number, eventId: number) {
  await tx
    .select({ id: foundations.id })
    .from(foundations)
    .where(eq(foundations.id, foundationId))
    .for('no key update');
  const now = calendar.now();
  const foundationNext = await nextAllowedAt(
    tx,
    eq(events.foundationId, foundationId),
    eventMessageLimits.perFoundationHour,
    hourMs,
    now,
  );
  if (foundationNext) throw tooSoon(calendar, foundationNext, eventMessageTexts.foundationLimit);
  const eventNext = await nextAllowedAt(
    tx,
    eq(eventMessages.eventId, eventId),
    eventMessageLimits.perEventDay,
    24 * hourMs,
    now,
  );
  if (eventNext) throw tooSoon(calendar, eventNext, eventMessageTexts.eventLimit);
}

/** The caller foundation's event with what a letter says of it; 404 when missing, 403 when another's. */
async function ownEvent(db: DbOrTx, userId: number, eventId: number) {
  const foundation = await foundationOfUser(db, userId);
  const [event] = await db
    .select({ ...eventLetterColumns, status: events.status, foundationId: events.foundationId })
    .from(events)
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)));
  if (event) return event;
  const [exists] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  throw exists ? forbidden(manageMessages.notOwner) : notFound(eventQueryMessages.eventNotFound);
}

/** The schools a message reaches, one row each; notify and queueMail reach each of their members. */
const recipientsOf = (db: DbOrTx, eventId: number) =>
  db
    .select({ schoolId: applications.schoolId })
    .from(applications)
    .where(and(eq(applications.eventId, eventId), inArray(applications.status, recipientStatuses)));

const historyOf = async (db: DbOrTx, eventId: number) =>
  (
    await db
      .select(messageColumns)
      .from(eventMessages)
      .where(eq(eventMessages.eventId, eventId))
      .orderBy(desc(eventMessages.createdAt), desc(eventMessages.id))
      .limit(historyLimit)
  ).map(asAnswer);

/**
 * Stores the message and, in the same transaction, tells every school with a pending or approved
 * application: a notification and a letter (kind `eventMessages`). A cancelled event may still be written
 * about (where the schools should go instead); a completed one has no pending or approved applications
 * left, and is refused outright so that the foundation learns why. Beyond eventMessageLimits, 429 says
 * when the next message may go.
 */
export async function sendEventMessage(
  db: Db,
  calendar: Calendar,
  userId: number,
  eventId: number,
  text: string,
): Promise<SentEventMessage> {
  return db.transaction(async (tx) => {
    const event = await ownEvent(tx, userId, eventId);
    if (event.status === 'completed') throw conflict(eventMessageTexts.completed);
    const recipients = await recipientsOf(tx, eventId);
    if (recipients.length === 0) throw conflict(eventMessageTexts.nobodyToTell);
    await checkLimits(tx, calendar, event.foundationId, eventId);
    const [stored] = await tx
      .insert(eventMessages)
      // Sent at the moment the limits were counted by.
      .values({ eventId, authorId: userId, text, createdAt: calendar.now() })
      .returning(messageColumns);
    if (!stored) throw new Error('insert into event_messages returned no row');
    await notify(
      tx,
      recipients.map(({ schoolId }) => ({
        schoolId,
        kind: 'event_message',
        text: eventMessageLetters.notification(event, text),
        link: `/events/${eventId}`,
      })),
    );
    const letter = eventMessageLetters.letter(event, text);
    await queueMail(
      tx,
      recipients.map(({ schoolId }) => ({
        schoolId,
        kind: 'eventMessages' as const,
        message: letter,
      })),
    );
    return {
      message: eventMessageTexts.sent(recipients.length),
      sent: asAnswer(stored),
      recipients: recipients.length,
    };
  });
}

/** The foundation's view: whom a message would reach now, and every message sent, newest first. */
export async function foundationEventMessages(
  db: Db,
  userId: number,
  eventId: number,
): Promise<FoundationEventMessages> {
  await ownEvent(db, userId, eventId);
  const [reach] = await db
    .select({ schools: count() })
    .from(applications)
    .where(and(eq(applications.eventId, eventId), inArray(applications.status, recipientStatuses)));
  return { recipients: reach?.schools ?? 0, messages: await historyOf(db, eventId) };
}

/**
 * A school's view: the messages of an event it has a live application to, or took part in. A school whose
 * only application was rejected is refused (403); any other event, or none, is 404, so that no event
 * hidden from the public is confirmed to exist.
 */
export async function schoolEventMessages(db: Db, userId: number, eventId: number): Promise<EventMessage[]> {
  const school = await schoolOfUser(db, userId);
  const schoolApplications = await db
    .select({ status: applications.status })
    .from(applications)
    .where(and(eq(applications.eventId, eventId), eq(applications.schoolId, school.id)));
  if (schoolApplications.length === 0) throw notFound(eventMessageTexts.noApplication);
  if (!schoolApplications.some((application) => readsEventMessages(application.status)))
    throw forbidden(eventMessageTexts.applicationNotLive);
  return historyOf(db, eventId);
}
