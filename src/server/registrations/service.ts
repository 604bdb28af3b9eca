import { and, eq, sql } from 'drizzle-orm';
import { registrationMessages as messages, type RegistrationInput } from '../../shared/registrations';
import type { Calendar } from '../calendar';
import { type Db, type DbOrTx, rowsOf } from '../db/client';
import { events, foundations, registrations, schools } from '../db/schema';
import { releasePlaces } from '../events/places';
import { conflict, forbidden, notFound } from '../http/errors';
import { notify } from '../notifications/service';
import { notificationTexts } from '../notifications/texts';

/** The foundation's notifications about a school's application, as templates the database fills in. */
const notices = notificationTexts.database;

/** A function answered what its file (src/server/db/functions) does not define: a defect, a 500. */
const unexpectedOutcome = (fn: string, outcome: string | undefined) =>
  new Error(`${fn} answered an unknown outcome: ${outcome}`);

type RegisterOutcome =
  | 'created'
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
 * (decisions.md).
 */
export async function register(
  db: Db,
  calendar: Calendar,
  userId: number,
  eventId: number,
  input: RegistrationInput,
) {
  const [result] = await rowsOf<{
    outcome: RegisterOutcome;
    application_id: number | null;
    places_left: number | null;
  }>(
    db,
    sql`select outcome, application_id, places_left from register_application(
      p_user_id => ${userId}, p_event_id => ${eventId}, p_today => ${calendar.today()},
      p_participant_count => ${input.participantCount}, p_contact_person => ${input.contactPerson},
      p_contact_phone => ${input.contactPhone}, p_contact_email => ${input.contactEmail},
      p_contact_telegram => ${input.contactTelegram}, p_contact_vk => ${input.contactVk},
      p_application_note => ${input.applicationNote}, p_notice => ${notices.applicationReceived},
      p_unnamed_school => ${notices.unnamed})`,
  );
  switch (result?.outcome) {
    case 'created':
      return { id: result.application_id ?? 0, status: 'pending' as const, message: messages.submitted };
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
 * Every writer locks the event row first and the application second, so concurrent registrations,
 * cancellations and decisions queue up instead of deadlocking.
 */
async function lockEventOf(tx: DbOrTx, applicationId: number) {
  const [owner] = await tx
    .select({ eventId: registrations.eventId })
    .from(registrations)
    .where(eq(registrations.id, applicationId));
  if (!owner) throw notFound(messages.notFound);
  await tx.select({ id: events.id }).from(events).where(eq(events.id, owner.eventId)).for('update');
}

type CancelOutcome = 'cancelled' | 'not_a_school' | 'not_found' | 'not_yours' | 'cannot_cancel';

/**
 * The school cancels its pending or approved application, named by its id or by the event: it is deleted
 * and its places are freed, by the database function cancel_application (src/server/db/functions),
 * which locks the event row and then the application, the order every writer keeps.
 */
export async function cancelApplication(
  db: Db,
  userId: number,
  where: { applicationId: number } | { eventId: number },
) {
  const applicationId = 'applicationId' in where ? where.applicationId : null;
  const eventId = 'eventId' in where ? where.eventId : null;
  const [result] = await rowsOf<{ outcome: CancelOutcome }>(
    db,
    sql`select outcome from cancel_application(
      p_user_id => ${userId}, p_application_id => ${applicationId}::integer,
      p_event_id => ${eventId}::integer, p_notice => ${notices.applicationCancelled},
      p_unnamed_school => ${notices.unnamed})`,
  );
  switch (result?.outcome) {
    case 'cancelled':
      return;
    case 'not_a_school':
      throw forbidden(messages.onlySchools);
    case 'not_yours':
      throw forbidden(messages.notYourApplication);
    case 'cannot_cancel':
      throw conflict(messages.cannotCancel);
    case 'not_found':
      throw notFound(messages.notFound);
    default:
      throw unexpectedOutcome('cancel_application', result?.outcome);
  }
}

/** The owning foundation approves a pending application or rejects a pending or approved one. */
export async function decideApplication(
  db: Db,
  userId: number,
  applicationId: number,
  decision: { action: 'approve' | 'reject'; rejectionReason: string | null },
) {
  return db.transaction(async (tx) => {
    await lockEventOf(tx, applicationId);
    const [application] = await tx
      .select({
        id: registrations.id,
        eventId: registrations.eventId,
        status: registrations.status,
        participantCount: registrations.participantCount,
        foundationUserId: foundations.userId,
        schoolUserId: schools.userId,
        title: events.title,
      })
      .from(registrations)
      .innerJoin(events, eq(events.id, registrations.eventId))
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .innerJoin(schools, eq(schools.id, registrations.schoolId))
      .where(eq(registrations.id, applicationId))
      .for('update', { of: registrations });
    if (!application) throw notFound(messages.notFound);
    if (application.foundationUserId !== userId) throw forbidden(messages.notYourEvent);

    const now = new Date();
    if (decision.action === 'approve') {
      if (application.status !== 'pending') throw conflict(messages.cannotApprove);
      await tx
        .update(registrations)
        .set({ status: 'approved', approvedAt: now })
        .where(eq(registrations.id, applicationId));
      await notify(tx, [
        {
          userId: application.schoolUserId,
          kind: 'application_approved',
          text: notificationTexts.applicationApproved(application.title),
          link: '/school-approved-applications',
        },
      ]);
      return { message: messages.approved };
    }

    if (application.status !== 'pending' && application.status !== 'approved')
      throw conflict(messages.cannotReject);
    await tx
      .update(registrations)
      .set({ status: 'rejected', rejectedAt: now, rejectionReason: decision.rejectionReason })
      .where(eq(registrations.id, applicationId));
    await releasePlaces(tx, application.eventId, application.participantCount);
    await notify(tx, [
      {
        userId: application.schoolUserId,
        kind: 'application_rejected',
        text: notificationTexts.applicationRejected(application.title, decision.rejectionReason),
        link: '/school-applications',
      },
    ]);
    return { message: messages.rejected };
  });
}

/** For the event page: whether the caller's school has an active or decided application. */
export async function registrationStatus(db: Db, userId: number | undefined, eventId: number) {
  if (userId === undefined) return { isRegistered: false, status: null, applicationId: null };
  const [row] = await db
    .select({ id: registrations.id, status: registrations.status })
    .from(registrations)
    .innerJoin(schools, eq(schools.id, registrations.schoolId))
    .where(and(eq(registrations.eventId, eventId), eq(schools.userId, userId)))
    .orderBy(sql`${registrations.registeredAt} desc`)
    .limit(1);
  if (!row) return { isRegistered: false, status: null, applicationId: null };
  return {
    isRegistered: row.status === 'pending' || row.status === 'approved',
    status: row.status,
    applicationId: row.id,
  };
}

export async function isOrganizer(db: Db, userId: number | undefined, eventId: number): Promise<boolean> {
  if (userId === undefined) return false;
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(and(eq(events.id, eventId), eq(foundations.userId, userId)));
  return row !== undefined;
}
