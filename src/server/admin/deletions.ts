import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { adminMessages as messages } from '../../shared/admin';
import { findFoundationOfUser, findSchoolOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db, Tx } from '../db/client';
import { applications, events, foundations, hourCredits, schools, users } from '../db/schema';
import { eventFactsColumns } from '../events/facts';
import {
  holdsPlaces,
  isHoldingPlaces,
  promoteWaitlist,
  releasePlaces,
  reservedAfterRelease,
} from '../events/places';
import { forbidden, notFound } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { letters } from '../notifications/letters';
import { notify } from '../notifications/service';
import { notificationTexts } from '../notifications/texts';

/** Locks event rows in id order, so two writers locking several events never wait on each other in a ring. */
async function lockEvents(tx: Tx, eventIds: number[]) {
  if (eventIds.length === 0) return;
  await tx
    .select({ id: events.id })
    .from(events)
    .where(inArray(events.id, eventIds))
    .orderBy(asc(events.id))
    .for('update');
}

async function activeEventIdsOfSchool(tx: Tx, schoolId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ eventId: applications.eventId })
    .from(applications)
    .where(and(eq(applications.schoolId, schoolId), holdsPlaces));
  return rows.map((row) => row.eventId);
}

/**
 * Before a school goes: its pending and approved applications give their places back and the
 * foundations hear of it. The cascades then remove the applications, the credited hours and the
 * responses to volunteer requests. Answers the events whose places were freed, locked, so that their
 * waitlists move up once the school's own applications are gone.
 */
async function releaseSchool(tx: Tx, school: { id: number; name: string | null }): Promise<number[]> {
  // Events first, then the school row (as every application writer does): locking the school row
  // stops new applications, and the second look catches one that arrived in between.
  const seen = await activeEventIdsOfSchool(tx, school.id);
  await lockEvents(tx, seen);
  await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, school.id)).for('update');
  const arrived = (await activeEventIdsOfSchool(tx, school.id)).filter((id) => !seen.includes(id));
  await lockEvents(tx, arrived);

  const held = and(eq(applications.schoolId, school.id), holdsPlaces);
  const cancelled = await tx
    .select({ title: events.title, foundationUserId: foundations.userId })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(held);
  if (cancelled.length === 0) return [];

  const freed = tx
    .select({
      eventId: applications.eventId,
      places: sql<number>`sum(${applications.participantCount})::int`.as('places'),
    })
    .from(applications)
    .where(held)
    .groupBy(applications.eventId)
    .as('freed');
  await tx
    .update(events)
    .set({ reservedSlots: reservedAfterRelease(freed.places) })
    .from(freed)
    .where(eq(events.id, freed.eventId));

  await notify(
    tx,
    cancelled.map((application) => ({
      userId: application.foundationUserId,
      kind: 'application_cancelled',
      text: notificationTexts.schoolDeletedByAdministrator(school.name, application.title),
      link: '/foundation-applications',
    })),
  );
  return [...seen, ...arrived];
}

/**
 * Before a foundation goes: its events are locked, so no application slips in unseen, and the schools
 * with pending or approved applications are told. The cascades then remove the events with their
 * applications, the reports and the volunteer requests; credited hours stay in the schools' ledgers.
 */
async function releaseFoundation(tx: Tx, foundation: { id: number; name: string | null }) {
  await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.foundationId, foundation.id))
    .orderBy(asc(events.id))
    .for('update');
  const affected = await tx
    .select({ title: events.title, event: eventFactsColumns, schoolUserId: schools.userId })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .where(and(eq(events.foundationId, foundation.id), holdsPlaces));
  // NOTE: the credits let go of the foundation, its events and their applications in a statement of
  // their own, as the cascade would leave them. Left to the cascade, one statement would set a credit's
  // foundation_id and event_id to null and delete the application it points to, and PostgreSQL checks
  // the credit's registration_id against the half-done delete: a 500.
  await tx
    .update(hourCredits)
    .set({ foundationId: null, eventId: null, applicationId: null })
    .where(
      or(
        eq(hourCredits.foundationId, foundation.id),
        inArray(
          hourCredits.eventId,
          tx.select({ id: events.id }).from(events).where(eq(events.foundationId, foundation.id)),
        ),
      ),
    );
  await notify(
    tx,
    affected.map((application) => ({
      userId: application.schoolUserId,
      kind: 'event_deleted',
      text: notificationTexts.foundationDeletedByAdministrator(foundation.name, application.title),
      link: '/school-applications',
    })),
  );
  await queueMail(
    tx,
    affected.map((application) => ({
      userId: application.schoolUserId,
      kind: 'eventChanges',
      message: letters.eventDeleted(
        application.event,
        notificationTexts.foundationDeletedByAdministrator(foundation.name, application.title),
      ),
    })),
  );
}

/**
 * Deletes an account that is not an administrator's, with everything that belongs to it, and ends
 * its sessions (the sessions table cascades from users).
 */
export async function deleteUser(db: Db, calendar: Calendar, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    let freedEvents: number[] = [];
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound(messages.userNotFound);
    if (user.role === 'admin') throw forbidden(messages.adminNotDeletable);

    if (user.role === 'school') {
      const school = await findSchoolOfUser(tx, userId);
      if (school) freedEvents = await releaseSchool(tx, school);
    } else if (user.role === 'foundation') {
      const foundation = await findFoundationOfUser(tx, userId);
      if (foundation) await releaseFoundation(tx, foundation);
    }

    const deleted = await tx
      .delete(users)
      .where(and(eq(users.id, userId), sql`${users.role} <> 'admin'`))
      .returning({ id: users.id });
    if (deleted.length === 0) throw notFound(messages.userNotFound);
    for (const eventId of freedEvents) await promoteWaitlist(tx, calendar.today(), eventId);
  });
}

/**
 * Deletes any event with its applications, like the owner's delete; the schools with pending or
 * approved applications and the foundation are told. Credited hours stay in the schools' ledgers.
 */
export async function deleteAnyEvent(db: Db, eventId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ ...eventFactsColumns, foundationUserId: foundations.userId })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(eq(events.id, eventId))
      .for('update', { of: events });
    if (!event) throw notFound(messages.eventNotFound);
    const affected = await tx
      .select({ userId: schools.userId })
      .from(applications)
      .innerJoin(schools, eq(schools.id, applications.schoolId))
      .where(and(eq(applications.eventId, eventId), holdsPlaces));
    await tx.delete(events).where(eq(events.id, eventId));
    await notify(tx, [
      ...affected.map((school) => ({
        userId: school.userId,
        kind: 'event_deleted',
        text: notificationTexts.eventDeletedByAdministrator(event.title),
        link: '/school-applications',
      })),
      {
        userId: event.foundationUserId,
        kind: 'event_deleted',
        text: notificationTexts.ownEventDeletedByAdministrator(event.title),
        link: '/dashboard',
      },
    ]);
    await queueMail(
      tx,
      affected.map((school) => ({
        userId: school.userId,
        kind: 'eventChanges',
        message: letters.eventDeleted(event, notificationTexts.eventDeletedByAdministrator(event.title)),
      })),
    );
  });
}

/**
 * Deletes any application. A pending or approved one gives its places back under the event's row
 * lock (event first, application second, as every application writer does). The school is told.
 */
export async function deleteAnyApplication(db: Db, calendar: Calendar, applicationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ eventId: applications.eventId })
      .from(applications)
      .where(eq(applications.id, applicationId));
    if (!owner) throw notFound(messages.applicationNotFound);
    await lockEvents(tx, [owner.eventId]);
    const [application] = await tx
      .select({
        eventId: applications.eventId,
        status: applications.status,
        participantCount: applications.participantCount,
        title: events.title,
        schoolUserId: schools.userId,
      })
      .from(applications)
      .innerJoin(events, eq(events.id, applications.eventId))
      .innerJoin(schools, eq(schools.id, applications.schoolId))
      .where(eq(applications.id, applicationId))
      .for('update', { of: applications });
    if (!application) throw notFound(messages.applicationNotFound);

    await tx.delete(applications).where(eq(applications.id, applicationId));
    if (isHoldingPlaces(application.status)) {
      await releasePlaces(tx, application.eventId, application.participantCount);
      await promoteWaitlist(tx, calendar.today(), application.eventId);
    }
    await notify(tx, [
      {
        userId: application.schoolUserId,
        kind: 'application_deleted',
        text: notificationTexts.applicationDeletedByAdministrator(application.title),
        link: '/school-applications',
      },
    ]);
  });
}
