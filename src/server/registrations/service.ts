import { and, eq, inArray, sql } from 'drizzle-orm';
import { registrationMessages as messages, type RegistrationInput } from '../../shared/registrations';
import type { Calendar } from '../calendar';
import type { Db, DbOrTx } from '../db/client';
import { events, foundations, registrations, schools } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { notify } from '../notifications/service';

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

/** The foundation's account, to notify it. */
async function foundationUserOfEvent(tx: DbOrTx, eventId: number) {
  const [row] = await tx
    .select({ userId: foundations.userId, title: events.title })
    .from(events)
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(eq(events.id, eventId));
  return row;
}

/**
 * A school applies for a group of pupils. The event row is locked, so two schools racing for the last
 * places are served one after the other and the places are never overbooked (decisions.md).
 */
export async function register(
  db: Db,
  calendar: Calendar,
  userId: number,
  eventId: number,
  input: RegistrationInput,
) {
  return db.transaction(async (tx) => {
    const school = await schoolOfUser(tx, userId);
    if (school.moderationStatus !== 'approved') throw forbidden(messages.notApprovedSchool);

    const [event] = await tx
      .select({
        title: events.title,
        date: events.date,
        status: events.status,
        totalSlots: events.totalSlots,
        reservedSlots: events.reservedSlots,
        foundationStatus: foundations.moderationStatus,
        foundationUserId: foundations.userId,
      })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(eq(events.id, eventId))
      .for('update', { of: events });
    if (event?.foundationStatus !== 'approved' || event.status === 'canceled') {
      throw notFound('Мероприятие не найдено');
    }
    if (event.date < calendar.today()) throw conflict(messages.pastEvent);
    if (event.status === 'completed') throw conflict(messages.closedEvent);

    const [existing] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          eq(registrations.eventId, eventId),
          eq(registrations.schoolId, school.id),
          inArray(registrations.status, [...active]),
        ),
      );
    if (existing) throw conflict(messages.alreadyApplied);

    if (event.totalSlots !== null) {
      const left = event.totalSlots - event.reservedSlots;
      if (left <= 0) throw conflict(messages.noPlaces);
      if (input.participantCount > left) throw conflict(messages.notEnoughPlaces(left));
    }

    const [created] = await tx
      .insert(registrations)
      .values({ ...input, eventId, schoolId: school.id, status: 'pending' })
      .returning({ id: registrations.id, status: registrations.status });
    await tx
      .update(events)
      .set({ reservedSlots: sql`${events.reservedSlots} + ${input.participantCount}` })
      .where(eq(events.id, eventId));
    await notify(tx, [
      {
        userId: event.foundationUserId,
        kind: 'application_received',
        text: `Новая заявка от школы «${school.name ?? 'без названия'}» на «${event.title}»: ${input.participantCount} участн.`,
        link: '/foundation-applications',
      },
    ]);
    return { id: created?.id ?? 0, status: created?.status ?? 'pending', message: messages.submitted };
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

/** The school cancels its pending or approved application: it is deleted and its places are freed. */
export async function cancelApplication(
  db: Db,
  userId: number,
  where: { applicationId: number } | { eventId: number },
) {
  await db.transaction(async (tx) => {
    const school = await schoolOfUser(tx, userId);
    let applicationId: number;
    if ('applicationId' in where) {
      applicationId = where.applicationId;
    } else {
      const [mine] = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(
          and(
            eq(registrations.eventId, where.eventId),
            eq(registrations.schoolId, school.id),
            inArray(registrations.status, [...active]),
          ),
        );
      if (!mine) throw notFound(messages.notFound);
      applicationId = mine.id;
    }
    await lockEventOf(tx, applicationId);
    const [application] = await tx
      .select({
        id: registrations.id,
        schoolId: registrations.schoolId,
        eventId: registrations.eventId,
        status: registrations.status,
        participantCount: registrations.participantCount,
      })
      .from(registrations)
      .where(eq(registrations.id, applicationId))
      .for('update');
    if (!application) throw notFound(messages.notFound);
    if (application.schoolId !== school.id) throw forbidden(messages.notYourApplication);
    if (application.status !== 'pending' && application.status !== 'approved')
      throw conflict(messages.cannotCancel);

    await tx.delete(registrations).where(eq(registrations.id, application.id));
    await releasePlaces(tx, application.eventId, application.participantCount);
    const foundation = await foundationUserOfEvent(tx, application.eventId);
    if (foundation) {
      await notify(tx, [
        {
          userId: foundation.userId,
          kind: 'application_cancelled',
          text: `Школа «${school.name ?? 'без названия'}» отменила заявку на «${foundation.title}»`,
          link: '/foundation-applications',
        },
      ]);
    }
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
