import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { type ActiveApplicationStatus, activeApplicationStatuses } from '../../shared/catalog';
import type { AttendanceEntry, EventInput } from '../../shared/event-form';
import { completionMessages, eventDateProblem } from '../../shared/event-form';
import type { EventDetail, EventSummary } from '../../shared/events';
import { eventQueryMessages } from '../../shared/events';
import { foundationOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db, DbOrTx } from '../db/client';
import { applications, events, foundations, hourCredits, images } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { appendJournal, journalActorOf } from '../journal/service';
import { type MailMessage, queueMail } from '../mail/outbox';
import { changesNow, describeChanges, type EventFacts, letters } from '../notifications/letters';
import { notify } from '../notifications/service';
import { notificationTexts } from '../notifications/texts';
import { issueParticipationCodes } from '../participation-codes/service';
import { eventFactsColumns } from './facts';
import { applicationEntry, deletedEventEntries, eventEntries, placeChanges } from './journal';
import { limitFitsHeldPlaces, promoteWaitlist } from './places';
import { eventOrder, eventSummaryColumns } from './queries';
import { getEventForViewer } from './service';

export const manageMessages = {
  notApproved: 'Создание мероприятий доступно после одобрения модератором',
  notOwner: 'Это мероприятие другого фонда',
  alreadyCompleted: 'Мероприятие уже завершено',
  completedIsFinal: 'Завершённое мероприятие нельзя изменить',
  cancelledCannotComplete: 'Отменённое мероприятие нельзя завершить',
  slotsBelowReserved: (reserved: number) => `Мест не может быть меньше, чем уже занято заявками: ${reserved}`,
  image: 'Некорректное изображение',
  pendingClosedOnCompletion: 'Мероприятие завершено до рассмотрения заявки',
  notYetHeld: completionMessages.notYetHeld,
  /** The school's notification (notifications/texts.ts), named here too, beside the completion. */
  hoursCredited: notificationTexts.hoursCredited,
} as const;

/** 404 when the event does not exist, 403 when it belongs to another foundation. */
export async function missingOrForeign(db: DbOrTx, eventId: number): Promise<never> {
  const [exists] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  throw exists ? forbidden(manageMessages.notOwner) : notFound(eventQueryMessages.eventNotFound);
}

async function assertImageExists(db: DbOrTx, imageId: number | null | undefined) {
  if (!imageId) return;
  const [image] = await db.select({ id: images.id }).from(images).where(eq(images.id, imageId));
  if (!image) throw badRequest(manageMessages.image);
}

const columnsOf = (input: EventInput) => ({
  title: input.title,
  description: input.description,
  activityType: input.activityType,
  date: input.date,
  startTime: input.startTime,
  endTime: input.endTime,
  location: input.location,
  address: input.address ?? input.location,
  hours: input.hours,
  totalSlots: input.totalSlots,
  minParticipants: input.minParticipants,
  ageRestriction: input.ageRestriction,
  requirements: input.requirements,
  skills: input.skills,
  additionalInfo: input.additionalInfo,
  contactPersonName: input.contactPersonName,
  contactPersonPhone: input.contactPersonPhone,
  contactPersonEmail: input.contactPersonEmail,
  contactPersonTelegram: input.contactPersonTelegram,
  contactPersonVk: input.contactPersonVk,
  ...(input.imageId !== undefined ? { imageId: input.imageId } : {}),
});

/**
 * One page of the caller's foundation's events, whatever their status (GET /api/events?foundation=true),
 * and how many there are: a foundation with years of events gets the page its dashboard shows.
 */
export async function listOwnEvents(
  db: Db,
  calendar: Calendar,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<{ events: EventSummary[]; totalCount: number }> {
  const foundation = await foundationOfUser(db, userId);
  const today = calendar.today();
  const own = eq(events.foundationId, foundation.id);
  const [rows, [total]] = await Promise.all([
    db
      .select(eventSummaryColumns(today))
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(own)
      .orderBy(...eventOrder(today))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(events).where(own),
  ]);
  return { events: rows, totalCount: total?.n ?? 0 };
}

export async function createEvent(
  db: Db,
  calendar: Calendar,
  userId: number,
  input: EventInput,
): Promise<EventDetail> {
  const foundation = await foundationOfUser(db, userId);
  if (foundation.moderationStatus !== 'approved') throw forbidden(manageMessages.notApproved);
  const dateProblem = eventDateProblem(input.date, calendar.today());
  if (dateProblem) throw badRequest(dateProblem);
  await assertImageExists(db, input.imageId);
  // The event and its journal entry commit together (docs/decisions/091).
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ ...columnsOf(input), foundationId: foundation.id })
      .returning({ id: events.id });
    if (!row) throw new Error('insert into events returned no row');
    const { date, startTime, endTime, location, address, totalSlots, hours } = columnsOf(input);
    await appendJournal(tx, [
      {
        kind: 'event.created',
        actor: await journalActorOf(tx, userId),
        foundationId: foundation.id,
        eventId: row.id,
        eventTitle: input.title,
        // The address only when it says more than the place, which the form copies into an empty one.
        after: {
          date,
          startTime,
          endTime,
          location,
          ...(address !== location ? { address } : {}),
          totalSlots,
          hours,
        },
      },
    ]);
    return row;
  });
  return getEventForViewer(db, calendar, created.id, foundation.id);
}

/** Subscribed calendars replace their copy of an event only when its SEQUENCE has grown. */
const nextCalendarSequence = sql`${events.calendarSequence} + 1`;

export async function updateEvent(
  db: Db,
  calendar: Calendar,
  userId: number,
  eventId: number,
  input: EventInput,
): Promise<EventDetail> {
  const foundation = await foundationOfUser(db, userId);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: events.status, reservedSlots: events.reservedSlots, ...eventFactsColumns })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)))
      .for('update', { of: events });
    if (!current) return missingOrForeign(tx, eventId);
    if (current.status === 'completed') throw conflict(manageMessages.completedIsFinal);
    // An event keeps the day it has, even one now past; a new day must be one a new event could have.
    const dateProblem =
      input.date === current.date ? undefined : eventDateProblem(input.date, calendar.today());
    if (dateProblem) throw badRequest(dateProblem);
    if (!limitFitsHeldPlaces(input.totalSlots, current.reservedSlots)) {
      throw conflict(manageMessages.slotsBelowReserved(current.reservedSlots));
    }
    await assertImageExists(tx, input.imageId);
    await tx
      .update(events)
      // A new day gets its own day-before reminder (src/server/reminders).
      .set({
        ...columnsOf(input),
        ...(input.date === current.date ? {} : { remindedAt: null }),
        calendarSequence: nextCalendarSequence,
        updatedAt: new Date(),
      })
      .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)));
    // The journal records a new day, time or place, what a class plans its trip by; other edits are read
    // on the event page. The schools in play see it too, a cancelled event's as well: it is a record.
    // Written before the waitlist moves up, so that the promotions a change causes follow it.
    const changed = placeChanges(current, columnsOf(input));
    if (changed) {
      await appendJournal(
        tx,
        eventEntries(
          'event.changed',
          await journalActorOf(tx, userId),
          { id: eventId, title: input.title, foundationId: foundation.id },
          await schoolsOf(tx, eventId, [...activeApplicationStatuses]),
          changed.before,
          changed.after,
        ),
      );
    }
    // More places, or none limited any more: the waitlist moves up.
    await promoteWaitlist(tx, calendar.today(), eventId);
    // A cancelled event's schools were told it will not happen; an edit after that is not news to them.
    if (current.status !== 'canceled') await tellOfChanges(tx, current, { ...current, ...columnsOf(input) });
  });
  return getEventForViewer(db, calendar, eventId, foundation.id);
}

/**
 * Every school with an application in play hears, in-app and by e-mail, that the event's day, time,
 * place or address changed, with what it was and what it is: a class plans its trip by them. Other
 * edits (the description, the contacts) are read on the event page when needed.
 */
async function tellOfChanges(tx: DbOrTx, before: EventFacts, after: EventFacts) {
  const changes = describeChanges(before, after);
  if (changes.length === 0) return;
  await tellSchools(tx, await schoolsOf(tx, after.id, [...activeApplicationStatuses]), {
    kind: 'event_changed',
    text: notificationTexts.eventChanged(after.title, changesNow(changes)),
    link: `/events/${after.id}`,
    letter: letters.eventChanged(after, changes),
  });
}

/** What the organiser's change means for a school: one notification and one letter of the event's changes. */
interface EventNews {
  kind: string;
  text: string;
  link: string;
  letter: MailMessage;
}

/**
 * Each school hears the news in-app and, unless its member turned event changes off, by e-mail: every
 * member of it, as notify and queueMail fan a school out to its people.
 */
async function tellSchools(tx: DbOrTx, schoolsToTell: { schoolId: number }[], news: EventNews) {
  const { letter, ...notification } = news;
  await notify(
    tx,
    schoolsToTell.map(({ schoolId }) => ({ schoolId, ...notification })),
  );
  await queueMail(
    tx,
    schoolsToTell.map(({ schoolId }) => ({ schoolId, kind: 'eventChanges', message: letter })),
  );
}

/**
 * The active applications of an event, with their schools, to tell them what happened and to record it in
 * their journal.
 */
async function schoolsOf(tx: DbOrTx, eventId: number, statuses: ActiveApplicationStatus[]) {
  return tx
    .select({
      id: applications.id,
      schoolId: applications.schoolId,
      status: applications.status,
      participantCount: applications.participantCount,
    })
    .from(applications)
    .where(and(eq(applications.eventId, eventId), inArray(applications.status, statuses)));
}

/**
 * Marks the event completed, once and for good, from its day on (in the app's time zone). Each approved
 * application is credited event.hours × the pupils who came, as the foundation marked them (all of them
 * when it did not say), in the application and in the school's ledger; an application where nobody came
 * is completed with no hours. Pending and waitlisted applications are closed.
 */
export async function completeEvent(
  db: Db,
  calendar: Calendar,
  userId: number,
  eventId: number,
  attendance: readonly AttendanceEntry[] = [],
): Promise<{ creditedHours: number }> {
  const foundation = await foundationOfUser(db, userId);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        status: events.status,
        title: events.title,
        date: events.date,
        hours: events.hours,
        activityType: events.activityType,
      })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)))
      .for('update');
    if (!event) return missingOrForeign(tx, eventId);
    if (event.status === 'completed') throw conflict(manageMessages.alreadyCompleted);
    if (event.status === 'canceled') throw conflict(manageMessages.cancelledCannotComplete);
    // Nobody can have come to an event that has not happened: hours for it would be invented.
    if (calendar.today() < event.date) throw conflict(manageMessages.notYetHeld);

    const approved = await tx
      .select({
        id: applications.id,
        schoolId: applications.schoolId,
        participantCount: applications.participantCount,
      })
      .from(applications)
      .where(and(eq(applications.eventId, eventId), eq(applications.status, 'approved')))
      .orderBy(applications.id)
      .for('update', { of: applications });
    const marked = new Map(attendance.map((entry) => [entry.applicationId, entry.attended]));
    for (const entry of attendance) {
      const application = approved.find((row) => row.id === entry.applicationId);
      if (!application) throw badRequest(completionMessages.foreignApplication(entry.applicationId));
      if (entry.attended > application.participantCount) {
        throw badRequest(completionMessages.attendedOverApproved(application.participantCount));
      }
    }
    const outcomes = approved.map((application) => {
      const attended = marked.get(application.id) ?? application.participantCount;
      return { ...application, attended, hours: attended * event.hours };
    });
    const actor = await journalActorOf(tx, userId);
    const journalEvent = { id: eventId, title: event.title, foundationId: foundation.id };

    // The app's clock: the day of completion starts the days a correction of attendance is accepted.
    const now = calendar.now();
    const closedSchools = await schoolsOf(tx, eventId, ['pending', 'waitlisted']);
    if (outcomes.length > 0) {
      // One statement for every application: each row gets its own attendance from the VALUES list.
      const values = sql.join(
        outcomes.map((row) => sql`(${row.id}::int, ${row.attended}::int, ${row.hours}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${applications} set status = 'completed', completed_at = ${now.toISOString()}::timestamptz,
          attended_count = marked.attended, hours_earned = marked.hours
        from (values ${values}) as marked(id, attended, hours)
        where ${applications.id} = marked.id`);
    }
    await tx
      .update(applications)
      .set({ status: 'rejected', rejectedAt: now, rejectionReason: manageMessages.pendingClosedOnCompletion })
      .where(and(eq(applications.eventId, eventId), inArray(applications.status, ['pending', 'waitlisted'])));
    await tx
      .update(events)
      .set({ status: 'completed', completedAt: now, reservedSlots: 0, updatedAt: now })
      .where(eq(events.id, eventId));
    // The journal: each school reads its own credited hours, the foundation every school's; the
    // applications closed undecided are rejected by the completion. An event with nobody approved is
    // still recorded as completed, once, for its foundation.
    await appendJournal(tx, [
      ...outcomes.map((row) =>
        applicationEntry(
          'event.completed',
          actor,
          journalEvent,
          row,
          { status: 'approved', participantCount: row.participantCount },
          { status: 'completed', attended: row.attended, hours: row.hours },
        ),
      ),
      ...(outcomes.length === 0
        ? eventEntries('event.completed', actor, journalEvent, [], null, { status: 'completed', hours: 0 })
        : []),
      ...closedSchools.map((row) =>
        applicationEntry(
          'application.rejected',
          actor,
          journalEvent,
          row,
          { status: row.status, participantCount: row.participantCount },
          { status: 'rejected', reason: manageMessages.pendingClosedOnCompletion },
        ),
      ),
    ]);

    const credited = outcomes.filter((row) => row.attended > 0);
    if (credited.length > 0) {
      const credits = await tx
        .insert(hourCredits)
        .values(
          credited.map((row) => ({
            schoolId: row.schoolId,
            applicationId: row.id,
            eventId,
            foundationId: foundation.id,
            eventTitle: event.title,
            eventDate: event.date,
            foundationName: foundation.name,
            activityType: event.activityType,
            participantCount: row.attended,
            hours: row.hours,
          })),
        )
        .returning({
          id: hourCredits.id,
          schoolId: hourCredits.schoolId,
          applicationId: hourCredits.applicationId,
          participantCount: hourCredits.participantCount,
          hours: hourCredits.hours,
        });
      // One code per pupil who came, so each can get a certificate of their own (issue 25).
      await issueParticipationCodes(tx, credits);
    }
    // One row per application, told to its school: notify writes it for each of the school's members.
    await notify(
      tx,
      outcomes.map((row) => ({
        schoolId: row.schoolId,
        kind: 'event_completed',
        text:
          row.attended === 0
            ? notificationTexts.pupilsAbsent(event.title)
            : notificationTexts.hoursCreditedForAttendance(
                event.title,
                row.hours,
                row.attended,
                row.participantCount,
              ),
        link: '/dashboard',
      })),
    );
    await notify(
      tx,
      closedSchools.map(({ schoolId }) => ({
        schoolId,
        kind: 'application_rejected',
        text: notificationTexts.applicationClosedOnCompletion(event.title),
        link: '/school-applications',
      })),
    );
    return { creditedHours: outcomes.reduce((sum, row) => sum + row.hours, 0) };
  });
}

/** Status changes other than completion; a completed event stays completed. */
export async function setEventStatus(
  db: Db,
  userId: number,
  eventId: number,
  status: 'upcoming' | 'active' | 'canceled',
): Promise<void> {
  const foundation = await foundationOfUser(db, userId);
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ status: events.status, ...eventFactsColumns })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)))
      .for('update', { of: events });
    if (!event) return missingOrForeign(tx, eventId);
    if (event.status === 'completed') throw conflict(manageMessages.completedIsFinal);
    await tx
      .update(events)
      .set({ status, calendarSequence: nextCalendarSequence, updatedAt: new Date() })
      .where(eq(events.id, eventId));
    if (status === 'canceled' && event.status !== 'canceled') {
      const touched = await schoolsOf(tx, eventId, [...activeApplicationStatuses]);
      await tellSchools(tx, touched, {
        kind: 'event_canceled',
        text: notificationTexts.eventCancelledByOrganiser(event.title),
        link: '/school-applications',
        letter: letters.eventCancelled(event),
      });
      await appendJournal(
        tx,
        eventEntries(
          'event.cancelled',
          await journalActorOf(tx, userId),
          { id: eventId, title: event.title, foundationId: foundation.id },
          touched,
          { status: event.status },
          { status: 'canceled' },
        ),
      );
    }
  });
}

/** Removes the event and its applications; hours already credited stay in the schools' ledgers. */
export async function deleteEvent(db: Db, userId: number, eventId: number): Promise<void> {
  const foundation = await foundationOfUser(db, userId);
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ ...eventFactsColumns, status: events.status })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)))
      .for('update', { of: events });
    if (!event) return missingOrForeign(tx, eventId);
    // Read before the delete, which takes the applications with it.
    const affected = await schoolsOf(tx, eventId, [...activeApplicationStatuses]);
    await tx.delete(events).where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)));
    await appendJournal(
      tx,
      deletedEventEntries(
        await journalActorOf(tx, userId),
        { ...event, foundationId: foundation.id },
        affected,
      ),
    );
    const notice = notificationTexts.eventDeletedByOrganiser(event.title);
    await tellSchools(tx, affected, {
      kind: 'event_deleted',
      text: notice,
      link: '/school-applications',
      letter: letters.eventDeleted(event, notice),
    });
  });
}
