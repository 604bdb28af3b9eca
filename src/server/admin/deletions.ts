import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { adminMessages as messages } from '../../shared/admin';
import type { MemberRole } from '../../shared/roles';
import { findFoundationOfUser, findSchoolOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db, Tx } from '../db/client';
import {
  applications,
  events,
  foundations,
  hourCredits,
  organisationMembers,
  schools,
  users,
} from '../db/schema';
import { eventFactsColumns } from '../events/facts';
import { applicationEntry, deletedEventEntries } from '../events/journal';
import {
  holdsPlaces,
  isHoldingPlaces,
  promoteWaitlist,
  releasePlaces,
  reservedAfterRelease,
} from '../events/places';
import { forbidden, notFound } from '../http/errors';
import { appendJournal, type JournalActor, journalActorOf } from '../journal/service';
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
 * Locks a school against new applications and new members: the events it holds places on first, then
 * the school row (as every application writer does), and the second look catches an application that
 * arrived in between. Answers the events locked.
 */
async function lockSchool(tx: Tx, schoolId: number): Promise<number[]> {
  const seen = await activeEventIdsOfSchool(tx, schoolId);
  await lockEvents(tx, seen);
  await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
  const arrived = (await activeEventIdsOfSchool(tx, schoolId)).filter((id) => !seen.includes(id));
  await lockEvents(tx, arrived);
  return [...seen, ...arrived];
}

/**
 * Before a school goes, locked by lockSchool: its pending and approved applications give their places
 * back and the foundations hear of it. The cascades then remove the applications, the credited hours
 * and the responses to volunteer requests. Answers the events whose places were freed, so that their
 * waitlists move up once the school's own applications are gone.
 */
async function releaseSchool(
  tx: Tx,
  actor: JournalActor | null,
  school: { id: number; name: string | null },
  locked: number[],
): Promise<number[]> {
  const held = and(eq(applications.schoolId, school.id), holdsPlaces);
  const cancelled = await tx
    .select({
      id: applications.id,
      schoolId: applications.schoolId,
      status: applications.status,
      participantCount: applications.participantCount,
      eventId: events.id,
      title: events.title,
      foundationId: events.foundationId,
    })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .where(held);
  if (cancelled.length === 0) return [];
  // The foundations' journals keep the applications the deletion took; the school's goes with it.
  await appendJournal(
    tx,
    cancelled.map((application) =>
      applicationEntry(
        'application.cancelled',
        actor,
        { id: application.eventId, title: application.title, foundationId: application.foundationId },
        application,
        { status: application.status, participantCount: application.participantCount },
        null,
      ),
    ),
  );

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
      foundationId: application.foundationId,
      kind: 'application_cancelled',
      text: notificationTexts.schoolDeletedByAdministrator(school.name, application.title),
      link: '/foundation-applications',
    })),
  );
  return locked;
}

/**
 * Locks a foundation against new applications and new members: its events first, so no application
 * slips in unseen, then the foundation row.
 */
async function lockFoundation(tx: Tx, foundationId: number) {
  await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.foundationId, foundationId))
    .orderBy(asc(events.id))
    .for('update');
  await tx
    .select({ id: foundations.id })
    .from(foundations)
    .where(eq(foundations.id, foundationId))
    .for('update');
}

/**
 * Before a foundation goes, locked by lockFoundation: the schools with pending or approved applications
 * are told. The cascades then remove the events with their applications, the reports and the volunteer
 * requests; credited hours stay in the schools' ledgers.
 */
async function releaseFoundation(
  tx: Tx,
  actor: JournalActor | null,
  foundation: { id: number; name: string | null },
) {
  const affected = await tx
    .select({
      title: events.title,
      event: eventFactsColumns,
      schoolId: applications.schoolId,
      id: applications.id,
      status: applications.status,
      participantCount: applications.participantCount,
    })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(and(eq(events.foundationId, foundation.id), holdsPlaces));
  // Each school's journal keeps the event that went with the foundation; the foundation's goes with it.
  await appendJournal(
    tx,
    affected.map((application) => ({
      kind: 'event.deleted' as const,
      actor,
      schoolId: application.schoolId,
      eventId: application.event.id,
      applicationId: application.id,
      eventTitle: application.title,
      before: { applicationStatus: application.status, participantCount: application.participantCount },
    })),
  );
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
      schoolId: application.schoolId,
      kind: 'event_deleted',
      text: notificationTexts.foundationDeletedByAdministrator(foundation.name, application.title),
      link: '/school-applications',
    })),
  );
  await queueMail(
    tx,
    affected.map((application) => ({
      schoolId: application.schoolId,
      kind: 'eventChanges',
      message: letters.eventDeleted(
        application.event,
        notificationTexts.foundationDeletedByAdministrator(foundation.name, application.title),
      ),
    })),
  );
}

/** The members of an organisation other than `userId`, read under the organisation's row lock. */
async function othersOf(tx: Tx, userId: number, organisation: SQL) {
  return tx
    .select({ id: organisationMembers.id, role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(organisation, ne(organisationMembers.userId, userId)))
    .orderBy(asc(organisationMembers.id));
}

/**
 * An organisation always has an owner (decision 091): when the administrator deletes its only owner and
 * others stay, the earliest of them becomes the owner, so that the organisation keeps someone who may
 * manage its team and profile, and the lists that show an organisation by its owner keep showing it.
 */
async function keepAnOwner(tx: Tx, others: { id: number; role: MemberRole }[]) {
  const [successor] = others;
  if (!successor || others.some((member) => member.role === 'owner')) return;
  await tx.update(organisationMembers).set({ role: 'owner' }).where(eq(organisationMembers.id, successor.id));
}

/**
 * Deletes an account that is not an administrator's and ends its sessions (the sessions table cascades
 * from users). The organisation goes with its last member, with everything that belongs to it, as it
 * went with its one account before teams; a member of a team that stays takes only themselves.
 */
export async function deleteUser(db: Db, calendar: Calendar, userId: number, adminId: number): Promise<void> {
  await db.transaction(async (tx) => {
    let freedEvents: number[] = [];
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound(messages.userNotFound);
    if (user.role === 'admin') throw forbidden(messages.adminNotDeletable);

    // The organisation's row lock, taken by lockSchool and lockFoundation, is the one the team's writes
    // take: no member joins or leaves between counting the others and deleting the organisation.
    if (user.role === 'school') {
      const school = await findSchoolOfUser(tx, userId);
      if (school) {
        const locked = await lockSchool(tx, school.id);
        const others = await othersOf(tx, userId, eq(organisationMembers.schoolId, school.id));
        if (others.length === 0) {
          freedEvents = await releaseSchool(tx, await journalActorOf(tx, adminId), school, locked);
          await tx.delete(schools).where(eq(schools.id, school.id));
        } else {
          await keepAnOwner(tx, others);
        }
      }
    } else if (user.role === 'foundation') {
      const foundation = await findFoundationOfUser(tx, userId);
      if (foundation) {
        await lockFoundation(tx, foundation.id);
        const others = await othersOf(tx, userId, eq(organisationMembers.foundationId, foundation.id));
        if (others.length === 0) {
          await releaseFoundation(tx, await journalActorOf(tx, adminId), foundation);
          await tx.delete(foundations).where(eq(foundations.id, foundation.id));
        } else {
          await keepAnOwner(tx, others);
        }
      }
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
export async function deleteAnyEvent(db: Db, eventId: number, adminId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ ...eventFactsColumns, foundationId: events.foundationId, status: events.status })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(eq(events.id, eventId))
      .for('update', { of: events });
    if (!event) throw notFound(messages.eventNotFound);
    const affected = await tx
      .select({
        id: applications.id,
        schoolId: applications.schoolId,
        status: applications.status,
        participantCount: applications.participantCount,
      })
      .from(applications)
      .where(and(eq(applications.eventId, eventId), holdsPlaces));
    await tx.delete(events).where(eq(events.id, eventId));
    await appendJournal(tx, deletedEventEntries(await journalActorOf(tx, adminId), event, affected));
    await notify(tx, [
      ...affected.map((school) => ({
        schoolId: school.schoolId,
        kind: 'event_deleted',
        text: notificationTexts.eventDeletedByAdministrator(event.title),
        link: '/school-applications',
      })),
      {
        foundationId: event.foundationId,
        kind: 'event_deleted',
        text: notificationTexts.ownEventDeletedByAdministrator(event.title),
        link: '/dashboard',
      },
    ]);
    await queueMail(
      tx,
      affected.map((school) => ({
        schoolId: school.schoolId,
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
export async function deleteAnyApplication(
  db: Db,
  calendar: Calendar,
  applicationId: number,
  adminId: number,
): Promise<void> {
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
        schoolId: applications.schoolId,
        foundationId: events.foundationId,
      })
      .from(applications)
      .innerJoin(events, eq(events.id, applications.eventId))
      .where(eq(applications.id, applicationId))
      .for('update', { of: applications });
    if (!application) throw notFound(messages.applicationNotFound);

    await tx.delete(applications).where(eq(applications.id, applicationId));
    // Before the waitlist moves up, so that the promotions follow it in both sides' journals.
    await appendJournal(tx, [
      applicationEntry(
        'application.cancelled',
        await journalActorOf(tx, adminId),
        { id: application.eventId, title: application.title, foundationId: application.foundationId },
        { id: applicationId, schoolId: application.schoolId },
        { status: application.status, participantCount: application.participantCount },
        null,
      ),
    ]);
    if (isHoldingPlaces(application.status)) {
      await releasePlaces(tx, application.eventId, application.participantCount);
      await promoteWaitlist(tx, calendar.today(), application.eventId);
    }
    await notify(tx, [
      {
        schoolId: application.schoolId,
        kind: 'application_deleted',
        text: notificationTexts.applicationDeletedByAdministrator(application.title),
        link: '/school-applications',
      },
    ]);
  });
}
