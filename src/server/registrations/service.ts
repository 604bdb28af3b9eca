import { and, eq, inArray, sql } from 'drizzle-orm';
import { registrationMessages as messages, type RegistrationInput } from '../../shared/registrations';
import type { Calendar } from '../calendar';
import type { Db, DbOrTx } from '../db/client';
import { events, foundations, registrations, schools } from '../db/schema';
import { conflict, forbidden, isUniqueViolation, notFound } from '../http/errors';
import { notificationInsert, notify } from '../notifications/service';

const active = ['pending', 'approved'] as const;

/** The school behind a signed-in school account. */
export async function schoolOfUser(db: DbOrTx, userId: number) {
  const [school] = await db
    .select({
      id: schools.id,
      name: schools.name,
      moderationStatus: schools.moderationStatus,
      userId: schools.userId,
    })
    .from(schools)
    .where(eq(schools.userId, userId));
  if (!school) throw forbidden(messages.onlySchools);
  return school;
}

/**
 * A school applies for a group of pupils. The event row is locked, so two schools racing for the last
 * places are served one after the other and the places are never overbooked (decisions.md).
 * Two statements in the transaction: one reads and locks everything the rules need, one writes the
 * application, the reserved places and the foundation's notification. Writes are what the API
 * benchmark's signed-in path measures, and each statement is a round trip to the database.
 */
export async function register(
  db: Db,
  calendar: Calendar,
  userId: number,
  eventId: number,
  input: RegistrationInput,
) {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({
        schoolId: schools.id,
        schoolName: schools.name,
        schoolStatus: schools.moderationStatus,
        title: events.title,
        date: events.date,
        status: events.status,
        totalSlots: events.totalSlots,
        reservedSlots: events.reservedSlots,
        foundationStatus: foundations.moderationStatus,
        foundationUserId: foundations.userId,
        alreadyApplied: sql<boolean>`exists (${tx
          .select({ id: registrations.id })
          .from(registrations)
          .where(
            and(
              eq(registrations.eventId, events.id),
              eq(registrations.schoolId, schools.id),
              inArray(registrations.status, [...active]),
            ),
          )})`,
      })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .innerJoin(schools, eq(schools.userId, userId))
      .where(eq(events.id, eventId))
      .for('update', { of: events });
    if (!target) {
      // Either the caller has no school or there is no such event: the first answer is the one owed.
      await schoolOfUser(tx, userId);
      throw notFound(messages.eventNotFound);
    }
    if (target.schoolStatus !== 'approved') throw forbidden(messages.notApprovedSchool);
    if (target.foundationStatus !== 'approved' || target.status === 'canceled') {
      throw notFound(messages.eventNotFound);
    }
    if (target.date < calendar.today()) throw conflict(messages.pastEvent);
    if (target.status === 'completed') throw conflict(messages.closedEvent);
    if (target.alreadyApplied) throw conflict(messages.alreadyApplied);
    if (target.totalSlots !== null) {
      const left = target.totalSlots - target.reservedSlots;
      if (left <= 0) throw conflict(messages.noPlaces);
      if (input.participantCount > left) throw conflict(messages.notEnoughPlaces(left));
    }

    const created = tx.$with('created').as(
      tx
        .insert(registrations)
        .values({ ...input, eventId, schoolId: target.schoolId, status: 'pending' })
        .returning({ id: registrations.id, status: registrations.status }),
    );
    const reserved = tx.$with('reserved').as(
      tx
        .update(events)
        .set({ reservedSlots: sql`${events.reservedSlots} + ${input.participantCount}` })
        .where(eq(events.id, eventId)),
    );
    const told = tx.$with('told').as(
      notificationInsert(tx, [
        {
          userId: target.foundationUserId,
          kind: 'application_received',
          text: `Новая заявка от школы «${target.schoolName ?? 'без названия'}» на «${target.title}»: ${input.participantCount} участн.`,
          link: '/foundation-applications',
        },
      ]),
    );
    // The check above read the school's applications before the lock was granted; a second tab of
    // the same school that applied meanwhile is caught by the unique index instead.
    const [application] = await tx
      .with(created, reserved, told)
      .select()
      .from(created)
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(messages.alreadyApplied) : error;
      });
    return {
      id: application?.id ?? 0,
      status: application?.status ?? 'pending',
      message: messages.submitted,
    };
  });
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

/** Frees the places an application held; the caller holds the lock on the event row. */
async function releasePlaces(tx: DbOrTx, eventId: number, count: number) {
  await tx
    .update(events)
    .set({ reservedSlots: sql`greatest(0, ${events.reservedSlots} - ${count})` })
    .where(eq(events.id, eventId));
}

/**
 * The school cancels its pending or approved application: it is deleted and its places are freed.
 * Like register, few statements: one reads and locks (the event row first, then the application, the
 * order every writer keeps), one deletes, frees the places and notifies.
 */
export async function cancelApplication(
  db: Db,
  userId: number,
  where: { applicationId: number } | { eventId: number },
) {
  await db.transaction(async (tx) => {
    const [application] = await tx
      .select({
        id: registrations.id,
        status: registrations.status,
        mine: sql<boolean>`${schools.userId} = ${userId}`,
        schoolName: schools.name,
        title: events.title,
        foundationUserId: foundations.userId,
      })
      .from(events)
      .innerJoin(registrations, eq(registrations.eventId, events.id))
      .innerJoin(schools, eq(schools.id, registrations.schoolId))
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(
        'applicationId' in where
          ? eq(registrations.id, where.applicationId)
          : and(
              eq(registrations.eventId, where.eventId),
              eq(schools.userId, userId),
              inArray(registrations.status, [...active]),
            ),
      )
      .for('update', { of: [events, registrations] });
    if (!application?.mine) {
      // Only a school account learns whether the application exists.
      await schoolOfUser(tx, userId);
      throw application ? forbidden(messages.notYourApplication) : notFound(messages.notFound);
    }
    if (application.status !== 'pending' && application.status !== 'approved') {
      throw conflict(messages.cannotCancel);
    }

    const gone = tx.$with('gone').as(
      tx
        .delete(registrations)
        .where(and(eq(registrations.id, application.id), inArray(registrations.status, [...active])))
        .returning({ eventId: registrations.eventId, participantCount: registrations.participantCount }),
    );
    const freed = tx.$with('freed').as(
      tx
        .update(events)
        .set({ reservedSlots: sql`greatest(0, ${events.reservedSlots} - ${gone.participantCount})` })
        .from(gone)
        .where(eq(events.id, gone.eventId)),
    );
    // The SELECT above locked the application, so it is still there to delete and the notification
    // cannot be about nothing; the WHERE of the DELETE checks again all the same.
    const told = tx.$with('told').as(
      notificationInsert(tx, [
        {
          userId: application.foundationUserId,
          kind: 'application_cancelled',
          text: `Школа «${application.schoolName ?? 'без названия'}» отменила заявку на «${application.title}»`,
          link: '/foundation-applications',
        },
      ]),
    );
    const deleted = await tx.with(gone, freed, told).select({ eventId: gone.eventId }).from(gone);
    if (deleted.length === 0) throw conflict(messages.cannotCancel);
  });
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
          text: `Заявка на «${application.title}» одобрена. Контакты фонда — в разделе одобренных заявок`,
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
        text: decision.rejectionReason
          ? `Заявка на «${application.title}» отклонена. Причина: ${decision.rejectionReason}`
          : `Заявка на «${application.title}» отклонена`,
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
