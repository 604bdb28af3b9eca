import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type ApplicationInput,
  type ApplicationState,
  type EventPermissions,
  applicationMessages as messages,
} from '../../shared/applications';
import { activeApplicationStatuses } from '../../shared/catalog';
import type { Calendar } from '../calendar';
import { type Db, type DbOrTx, rowsOf } from '../db/client';
import { preparedRowsOf } from '../db/kept-statements';
import { applications, events, foundations, organisationMembers, schools } from '../db/schema';
import { eventFactsColumns } from '../events/facts';
import { applicationEntry } from '../events/journal';
import { isActive, isHoldingPlaces, mailPromoted, promoteWaitlist, releasePlaces } from '../events/places';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { appendJournal, journalActorOf } from '../journal/service';
import { queueMail, queueReferencedMailStatement } from '../mail/outbox';
import { letters } from '../notifications/letters';
import { notify } from '../notifications/service';
import { notificationTexts } from '../notifications/texts';
import { applicationLetterReference } from '../notifications/worded-letters';

/** The foundation's notifications about a school's application, as templates the database fills in. */
const notices = notificationTexts.database;

/**
 * The school the person `userId` is a member of, as a scalar subquery (null for anyone else): "the caller's
 * school" inside the statements below, so that the benchmarked writes stay one round trip rather than
 * reading the caller's school first. One look-up on organisation_members' unique user_id.
 */
const schoolOfCaller = (userId: number) =>
  sql`(select caller.school_id from ${organisationMembers} as caller where caller.user_id = ${userId})`;

/** Whether the person `userId` is a member of the foundation `foundationId` (a column of the statement). */
const isMemberOfFoundation = (userId: number, foundationId: AnyPgColumn | SQL) =>
  sql<boolean>`exists (select 1 from ${organisationMembers} as caller
    where caller.user_id = ${userId} and caller.foundation_id = ${foundationId})`;

/** A function answered what its file (src/server/db/functions) does not define: a defect, a 500. */
const unexpectedOutcome = (fn: string, outcome: string | undefined) =>
  new Error(`${fn} answered an unknown outcome: ${outcome}`);

type RegisterOutcome =
  | 'created'
  | 'waitlisted'
  | 'consent_required'
  | 'not_a_school'
  | 'event_not_found'
  | 'school_not_approved'
  | 'past_event'
  | 'closed_event'
  | 'already_applied'
  | 'no_places'
  | 'not_enough_places';

/**
 * A school applies for a group of pupils. The rules and the writes run in the database function
 * register_application (src/server/db/functions) under a lock on the event row, so two schools racing
 * for the last places are served one after the other and the places are never overbooked; one round
 * trip with plans prepared once, which is what the write path of the API benchmark measures
 * (docs/decisions/022-application-writes-in-sql.md). A new pending application is mailed to the foundation by
 * the same statement; one that joins the waitlist is not, as there is nothing to decide until it moves up
 * (promoteWaitlist). The journal's entry (docs/decisions/091) is written by the function too, so the write
 * stays one statement.
 */
export async function register(
  db: Db,
  calendar: Calendar,
  userId: number,
  eventId: number,
  input: ApplicationInput,
) {
  // The foundation's letter is queued by the function's own statement, by what happened (the event, the
  // school, the pupils), only when the application was created: one write, one round trip. One row for
  // each member of the foundation, so that every one of them is mailed.
  const letter = queueReferencedMailStatement(
    'applications',
    sql`select member.user_id, ${applicationLetterReference('applicationReceived', {
      eventId: events.id,
      schoolName: schools.name,
      participantCount: sql`${input.participantCount}::integer`,
    })}
      from ${events}
      join ${organisationMembers} as member on member.foundation_id = ${events.foundationId}
      join ${schools} on ${schools.id} = ${schoolOfCaller(userId)}
      where ${events.id} = ${eventId} and exists (select 1 from outcome where outcome.outcome = 'created')`,
  );
  const [result] = await preparedRowsOf<{
    outcome: RegisterOutcome;
    application_id: number | null;
    places_left: number | null;
  }>(
    db,
    'register_application',
    sql`with outcome as materialized (
      select outcome, application_id, places_left from register_application(
        p_user_id => ${userId}, p_event_id => ${eventId}, p_today => ${calendar.today()},
        p_participant_count => ${input.participantCount}, p_contact_person => ${input.contactPerson},
        p_contact_phone => ${input.contactPhone}, p_contact_email => ${input.contactEmail},
        p_contact_telegram => ${input.contactTelegram}, p_contact_vk => ${input.contactVk},
        p_application_note => ${input.applicationNote}, p_parental_consent => ${input.parentalConsent},
        p_waitlist => ${input.waitlist}, p_notice => ${notices.applicationReceived},
        p_waitlist_notice => ${notices.waitlistJoined}, p_unnamed_school => ${notices.unnamed})),
    queued as (${letter})
    select outcome, application_id, places_left from outcome`,
  );
  switch (result?.outcome) {
    case 'created':
      return { id: result.application_id ?? 0, status: 'pending' as const, message: messages.submitted };
    case 'waitlisted':
      return { id: result.application_id ?? 0, status: 'waitlisted' as const, message: messages.waitlisted };
    case 'consent_required':
      throw badRequest(messages.parentalConsent);
    case 'not_a_school':
      throw forbidden(messages.onlySchools);
    case 'school_not_approved':
      throw forbidden(messages.notApprovedSchool);
    case 'past_event':
      throw conflict(messages.pastEvent);
    case 'closed_event':
      throw conflict(messages.closedEvent);
    case 'already_applied':
      throw conflict(messages.alreadyApplied);
    case 'no_places':
      throw conflict(messages.noPlaces);
    case 'not_enough_places':
      throw conflict(messages.notEnoughPlaces(result.places_left ?? 0));
    case 'event_not_found':
      throw notFound(messages.eventNotFound);
    default:
      throw unexpectedOutcome('register_application', result?.outcome);
  }
}

/**
 * Every writer locks the event row first and the application second, so concurrent applications,
 * cancellations and decisions queue up instead of deadlocking.
 */
async function lockEventOf(tx: DbOrTx, applicationId: number) {
  const [owner] = await tx
    .select({ eventId: applications.eventId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!owner) throw notFound(messages.notFound);
  await tx.select({ id: events.id }).from(events).where(eq(events.id, owner.eventId)).for('update');
}

/**
 * An application with its event, school and foundation, locked for a change: the event row first, then
 * the application, the order every writer keeps. 404 when there is none. Says too whether the school
 * or the foundation is the one the person `userId` is a member of.
 */
async function lockApplication(tx: DbOrTx, applicationId: number, userId: number) {
  await lockEventOf(tx, applicationId);
  const [application] = await tx
    .select({
      eventId: applications.eventId,
      status: applications.status,
      participantCount: applications.participantCount,
      schoolId: applications.schoolId,
      schoolName: schools.name,
      foundationId: events.foundationId,
      // Whose it is, read with the row rather than by a look-up of the caller's organisation first.
      isCallersSchool: sql<boolean>`coalesce(${applications.schoolId} = ${schoolOfCaller(userId)}, false)`,
      isCallersFoundation: isMemberOfFoundation(userId, events.foundationId),
      eventStatus: events.status,
      totalSlots: events.totalSlots,
      reservedSlots: events.reservedSlots,
      event: eventFactsColumns,
    })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .where(eq(applications.id, applicationId))
    .for('update', { of: applications });
  if (!application) throw notFound(messages.notFound);
  return application;
}

type LockedApplication = Awaited<ReturnType<typeof lockApplication>>;

/**
 * The journal's entry of a change the person `userId` made to a locked application, for both its school
 * and its foundation. Written before the waitlist moves up, so that the promotions it causes follow it.
 */
async function recordChange(
  tx: DbOrTx,
  userId: number,
  applicationId: number,
  application: LockedApplication,
  kind: 'application.approved' | 'application.rejected' | 'application.count_changed',
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  await appendJournal(tx, [
    applicationEntry(
      kind,
      await journalActorOf(tx, userId),
      { id: application.eventId, title: application.event.title, foundationId: application.foundationId },
      { id: applicationId, schoolId: application.schoolId },
      before,
      after,
    ),
  ]);
}

type CancelOutcome =
  | 'cancelled'
  | 'left_waitlist'
  | 'not_a_school'
  | 'not_found'
  | 'not_yours'
  | 'cannot_cancel';

/**
 * The school cancels its pending or approved application, or leaves the waitlist, named by the
 * application's id or by the event: it is deleted, its places freed and the waitlist moved up, by the
 * database function cancel_application (src/server/db/functions), which locks the event row and then
 * the application, the order every writer keeps. Answers what the school is told. The foundation is
 * mailed of a cancelled pending or approved application, and both sides of each waitlisted application
 * the freed places moved up; leaving the waitlist changes nothing the foundation has to act on. The
 * function writes the journal's entries, the cancellation's and each promotion's, in either path.
 */
export async function cancelApplication(
  db: Db,
  calendar: Calendar,
  userId: number,
  where: { applicationId: number } | { eventId: number },
): Promise<{ message: string }> {
  const applicationId = 'applicationId' in where ? where.applicationId : null;
  const eventId = 'eventId' in where ? where.eventId : null;
  const cancel = sql`cancel_application(
    p_user_id => ${userId}, p_application_id => ${applicationId}::integer,
    p_event_id => ${eventId}::integer, p_today => ${calendar.today()},
    p_notice => ${notices.applicationCancelled}, p_waitlist_notice => ${notices.waitlistLeft},
    p_promoted_school_notice => ${notices.waitlistPromoted},
    p_promoted_foundation_notice => ${notices.waitlistPromotedToFoundation},
    p_unnamed_school => ${notices.unnamed})`;

  // Most cancellations free places nobody waits for: one statement cancels and queues the foundation's
  // letter from the application as the statement found it. When the event has a waitlist the statement
  // does not call the function at all (`waiting` gates it): who moves up is known only under the
  // event's lock, so that case takes the transaction below.
  const mine =
    applicationId !== null
      ? sql`${applications.id} = ${applicationId}`
      : sql`${applications.eventId} = ${eventId}`;
  // One letter for each member of the foundation.
  const letter = queueReferencedMailStatement(
    'applications',
    sql`select member.user_id, ${applicationLetterReference('applicationCancelled', {
      eventId: sql`before.event_id`,
      schoolName: sql`before.school_name`,
      participantCount: sql`before.participant_count`,
    })}
      from before join ${organisationMembers} as member on member.foundation_id = before.foundation_id
      where exists (select 1 from outcome where outcome.outcome = 'cancelled')`,
  );
  const [single] = await preparedRowsOf<{ outcome: CancelOutcome | null; waitlisted: boolean }>(
    db,
    'cancel_application',
    sql`with before as materialized (
      select ${applications.eventId} as event_id, ${applications.participantCount} as participant_count,
             ${schools.name} as school_name, ${events.foundationId} as foundation_id
        from ${applications}
        join ${schools} on ${schools.id} = ${applications.schoolId}
        join ${events} on ${events.id} = ${applications.eventId}
       where ${mine} and ${applications.schoolId} = ${schoolOfCaller(userId)}
         and ${applications.status} in ('waitlisted', 'pending', 'approved')),
    waiting as materialized (
      select exists (select 1 from ${applications} as queued join before on queued.event_id = before.event_id
                      where queued.status = 'waitlisted') as waitlisted),
    outcome as materialized (
      select outcome from ${cancel} where not (select waitlisted from waiting)),
    queued as (${letter})
    select (select outcome from outcome) as outcome, (select waitlisted from waiting) as waitlisted`,
  );
  if (!single?.waitlisted) return answerCancellation(single?.outcome ?? undefined);

  return db.transaction(async (tx) => {
    const application = await readCancellation(tx, userId, where);
    const [result] = await rowsOf<{ outcome: CancelOutcome }>(tx, sql`select outcome from ${cancel}`);
    if (result?.outcome === 'cancelled' && application) {
      await queueMail(tx, [
        {
          foundationId: application.foundationId,
          kind: 'applications',
          message: letters.applicationCancelled(
            application.event,
            application.schoolName,
            application.participantCount,
          ),
        },
      ]);
      await mailPromoted(tx, application.waiting);
    }
    return answerCancellation(result?.outcome);
  });
}

function answerCancellation(outcome: CancelOutcome | undefined): { message: string } {
  switch (outcome) {
    case 'cancelled':
      return { message: messages.cancelled };
    case 'left_waitlist':
      return { message: messages.waitlistLeft };
    case 'not_a_school':
      throw forbidden(messages.onlySchools);
    case 'not_yours':
      throw forbidden(messages.notYourApplication);
    case 'cannot_cancel':
      throw conflict(messages.cannotCancel);
    case 'not_found':
      throw notFound(messages.notFound);
    default:
      throw unexpectedOutcome('cancel_application', outcome);
  }
}

/**
 * The caller's own active application named by `where`, with what the letters need and the event's
 * waitlist; undefined when there is none, which cancel_application then answers. Another school's is
 * refused by the function and mails nobody. The event row is locked first, the order every writer keeps,
 * and the application read after the lock was granted, seeing every earlier write.
 */
async function readCancellation(
  db: DbOrTx,
  userId: number,
  where: { applicationId: number } | { eventId: number },
) {
  const ownActive = and(
    sql`${applications.schoolId} = ${schoolOfCaller(userId)}`,
    inArray(applications.status, [...activeApplicationStatuses]),
  );
  const mine =
    'applicationId' in where
      ? eq(applications.id, where.applicationId)
      : eq(applications.eventId, where.eventId);
  const eventOfApplication = db
    .select({ eventId: applications.eventId })
    .from(applications)
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .where(and(mine, ownActive));
  const locked = await db
    .select({ id: events.id })
    .from(events)
    .where(inArray(events.id, eventOfApplication))
    .for('update');
  if (locked.length === 0) return undefined;
  const [application] = await db
    .select({
      event: eventFactsColumns,
      participantCount: applications.participantCount,
      schoolName: schools.name,
      foundationId: events.foundationId,
      waiting: sql<number[]>`array(select waiting.id from ${applications} as waiting
        where waiting.event_id = ${events.id} and waiting.status = 'waitlisted')`,
    })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .where(and(mine, ownActive));
  return application;
}

/**
 * The owning foundation approves a pending application, all of it or fewer pupils than asked (the
 * places of the others are freed at once), or rejects a waitlisted, pending or approved one. Whatever
 * frees places moves the waitlist up.
 */
export async function decideApplication(
  db: Db,
  calendar: Calendar,
  userId: number,
  applicationId: number,
  decision: { action: 'approve' | 'reject'; rejectionReason: string | null; participantCount?: number },
) {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId, userId);
    if (!application.isCallersFoundation) throw forbidden(messages.notYourEvent);

    const now = new Date();
    if (decision.action === 'approve') {
      if (application.status !== 'pending') throw conflict(messages.cannotApprove);
      const requested = application.participantCount;
      const approved = decision.participantCount ?? requested;
      if (approved > requested) throw conflict(messages.approveAtMost(requested));
      const inPart = approved < requested;
      await tx
        .update(applications)
        .set({
          status: 'approved',
          approvedAt: now,
          participantCount: approved,
          requestedCount: inPart ? requested : null,
        })
        .where(eq(applications.id, applicationId));
      await recordChange(
        tx,
        userId,
        applicationId,
        application,
        'application.approved',
        { status: 'pending', participantCount: requested },
        { status: 'approved', participantCount: approved },
      );
      if (inPart) {
        await releasePlaces(tx, application.eventId, requested - approved);
        await promoteWaitlist(tx, calendar.today(), application.eventId);
      }
      await notify(tx, [
        {
          schoolId: application.schoolId,
          kind: 'application_approved',
          text: inPart
            ? notificationTexts.applicationApprovedInPart(application.event.title, approved, requested)
            : notificationTexts.applicationApproved(application.event.title),
          link: '/school-approved-applications',
        },
      ]);
      await queueMail(tx, [
        {
          schoolId: application.schoolId,
          kind: 'decisions',
          message: letters.applicationApproved(application.event, approved, requested),
        },
      ]);
      return { message: inPart ? messages.approvedInPart(approved, requested) : messages.approved };
    }

    if (!isActive(application.status)) throw conflict(messages.cannotReject);
    await tx
      .update(applications)
      .set({ status: 'rejected', rejectedAt: now, rejectionReason: decision.rejectionReason })
      .where(eq(applications.id, applicationId));
    await recordChange(
      tx,
      userId,
      applicationId,
      application,
      'application.rejected',
      { status: application.status, participantCount: application.participantCount },
      { status: 'rejected', ...(decision.rejectionReason ? { reason: decision.rejectionReason } : {}) },
    );
    if (isHoldingPlaces(application.status)) {
      await releasePlaces(tx, application.eventId, application.participantCount);
      await promoteWaitlist(tx, calendar.today(), application.eventId);
    }
    await notify(tx, [
      {
        schoolId: application.schoolId,
        kind: 'application_rejected',
        text: notificationTexts.applicationRejected(application.event.title, decision.rejectionReason),
        link: '/school-applications',
      },
    ]);
    await queueMail(tx, [
      {
        schoolId: application.schoolId,
        kind: 'decisions',
        message: letters.applicationRejected(application.event, decision.rejectionReason),
      },
    ]);
    return { message: messages.rejected };
  });
}

/**
 * The school changes the number of pupils of its application without cancelling it: a waitlisted or
 * pending one to any number, so far as the free places allow a pending one to grow; an approved one
 * only downwards, since the foundation approved the number it has. Places given back move the
 * waitlist up; a smaller waitlisted application may now fit and is promoted by the same rule.
 */
export async function changeParticipantCount(
  db: Db,
  calendar: Calendar,
  userId: number,
  applicationId: number,
  participantCount: number,
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, applicationId, userId);
    if (!application.isCallersSchool) throw forbidden(messages.notYourApplication);
    if (!isActive(application.status)) throw conflict(messages.cannotChangeCount);
    if (
      application.event.date < calendar.today() ||
      application.eventStatus === 'completed' ||
      application.eventStatus === 'canceled'
    ) {
      throw conflict(messages.eventOver);
    }
    const before = application.participantCount;
    if (participantCount === before) return { message: messages.countChanged };
    if (application.status === 'approved' && participantCount > before) {
      throw conflict(messages.approvedOnlyLower(before));
    }
    const growth = participantCount - before;
    if (application.status === 'pending' && growth > 0 && application.totalSlots !== null) {
      const free = application.totalSlots - application.reservedSlots;
      if (growth > free) throw conflict(messages.notEnoughPlaces(free));
    }

    await tx
      .update(applications)
      .set({ participantCount, requestedCount: null })
      .where(eq(applications.id, applicationId));
    await recordChange(
      tx,
      userId,
      applicationId,
      application,
      'application.count_changed',
      { participantCount: before },
      { participantCount },
    );
    if (isHoldingPlaces(application.status)) {
      await tx
        .update(events)
        .set({ reservedSlots: sql`${events.reservedSlots} + ${growth}` })
        .where(eq(events.id, application.eventId));
    }
    if (growth < 0 || application.status === 'waitlisted') {
      await promoteWaitlist(tx, calendar.today(), application.eventId);
    }
    await notify(tx, [
      {
        foundationId: application.foundationId,
        kind: 'application_changed',
        text: notificationTexts.participantCountChanged(
          application.schoolName,
          application.event.title,
          before,
          participantCount,
        ),
        link: '/foundation-applications',
      },
    ]);
    // A waitlisted application holds no places: nothing the foundation plans with has changed.
    if (isHoldingPlaces(application.status)) {
      await queueMail(tx, [
        {
          foundationId: application.foundationId,
          kind: 'applications',
          message: letters.participantCountChanged(
            application.event,
            application.schoolName,
            before,
            participantCount,
          ),
        },
      ]);
    }
    return { message: messages.countChanged };
  });
}

/** For the event page: whether the caller's school has an active or decided application. */
export async function applicationStatus(
  db: Db,
  userId: number | undefined,
  eventId: number,
): Promise<ApplicationState> {
  const none = {
    isRegistered: false,
    status: null,
    applicationId: null,
    participantCount: null,
    waitlistPosition: null,
  };
  if (userId === undefined) return none;
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      participantCount: applications.participantCount,
      // Those who joined the waitlist earlier, the order promote_waitlist follows.
      waitingAhead: sql<number>`(select count(*) from ${applications} as ahead
        where ahead.event_id = ${applications.eventId} and ahead.status = 'waitlisted'
          and (ahead.registered_at, ahead.id) < (${applications.registeredAt}, ${applications.id}))::int`,
    })
    .from(applications)
    // Joined also for Drizzle to qualify waitingAhead's columns: a one-table select leaves them bare.
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .where(and(eq(applications.eventId, eventId), sql`${schools.id} = ${schoolOfCaller(userId)}`))
    .orderBy(sql`${applications.registeredAt} desc`)
    .limit(1);
  if (!row) return none;
  return {
    isRegistered: isActive(row.status),
    status: row.status,
    applicationId: row.id,
    participantCount: row.participantCount,
    waitlistPosition: row.status === 'waitlisted' ? row.waitingAhead + 1 : null,
  };
}

/** Whether the caller organises the event, and then how many schools wait in its line. */
export async function eventPermissions(
  db: Db,
  userId: number | undefined,
  eventId: number,
): Promise<EventPermissions> {
  if (userId === undefined) return { isOrganizer: false, waitlistedSchools: null };
  const [row] = await db
    .select({
      waitlistedSchools: sql<number>`(select count(*) from ${applications}
        where ${applications.eventId} = ${events.id} and ${applications.status} = 'waitlisted')::int`,
    })
    .from(events)
    // Joined also for Drizzle to qualify waitlistedSchools' columns: a one-table select leaves them bare.
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(and(eq(events.id, eventId), isMemberOfFoundation(userId, foundations.id)));
  return row
    ? { isOrganizer: true, waitlistedSchools: row.waitlistedSchools }
    : { isOrganizer: false, waitlistedSchools: null };
}
