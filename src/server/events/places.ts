import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { activeApplicationStatuses } from '../../shared/catalog';
import type { DbOrTx } from '../db/client';
import { applications, events, foundations, schools } from '../db/schema';
import { queueMail } from '../mail/outbox';
import { letters } from '../notifications/letters';
import { notificationTexts } from '../notifications/texts';
import { eventFactsColumns } from './facts';

const notices = notificationTexts.database;

/**
 * The free places of an event, in one place. An event offers `total_slots` places (null: no limit);
 * `reserved_slots` counts the places held by its pending and approved applications and is changed only
 * under a lock on the event's row. The database functions register_application and cancel_application
 * (src/server/db/functions) apply the same rule to the write they make in one round trip.
 */

/** Applications that hold places: they count in `reserved_slots` until cancelled, rejected or closed. */
export const placeHoldingStatuses = ['pending', 'approved'] as const;

/** The condition on an application that it holds places. */
export const holdsPlaces = inArray(applications.status, [...placeHoldingStatuses]);

/** Applications whose pupils take part: the event's participants. */
export const takingPartStatuses = ['approved', 'completed'] as const;

const remaining = sql`(${events.totalSlots} - ${events.reservedSlots})`;

/** Places still free; null when the event has no limit. */
export const remainingPlaces = sql<
  number | null
>`case when ${events.totalSlots} is null then null else ${remaining} end`;

/** What a visitor is told: full, limited (a few places, at least two or a fifth of all) or available. */
export const availability = sql<'available' | 'limited' | 'full'>`case
      when ${events.totalSlots} is null then 'available'
      when ${remaining} <= 0 then 'full'
      when ${remaining} <= greatest(2, ceil(${events.totalSlots} * 0.2)) then 'limited'
      else 'available' end`;

/** The pupils taking part in the event of the current row. */
// NOTE: aliased, because Drizzle may leave select-list columns unqualified (see foundations/service.ts).
export const participantsCount = sql<number>`coalesce((
      select sum(taking_part.participant_count) from ${applications} as taking_part
      where taking_part.event_id = ${events}.id and taking_part.status in ('approved', 'completed')
    ), 0)::int`;

/** The pupils taking part, of applications already read. */
export function participantsOf(applications: { status: string; participantCount: number }[]): number {
  return applications
    .filter((application) => isTakingPart(application.status))
    .reduce((sum, application) => sum + application.participantCount, 0);
}

export function isTakingPart(status: string): boolean {
  return (takingPartStatuses as readonly string[]).includes(status);
}

/** Applications in play: a school has at most one per event (a unique index keeps it so). */
export function isActive(status: string): boolean {
  return (activeApplicationStatuses as readonly string[]).includes(status);
}

export function isHoldingPlaces(status: string): boolean {
  return (placeHoldingStatuses as readonly string[]).includes(status);
}

/** A new limit may not fall below the places applications already hold; no limit always fits. */
export function limitFitsHeldPlaces(totalSlots: number | null, reservedSlots: number): boolean {
  return totalSlots === null || totalSlots >= reservedSlots;
}

/**
 * `reserved_slots` once `places` are given back, never below zero; `places` may be a column of a
 * subquery when several events give places back in one statement.
 */
export function reservedAfterRelease(places: number | SQL | SQL.Aliased<number>): SQL {
  return sql`greatest(0, ${events.reservedSlots} - ${places})`;
}

/** Gives back the places an application held; the caller holds the lock on the event's row. */
export async function releasePlaces(tx: DbOrTx, eventId: number, places: number): Promise<void> {
  await tx
    .update(events)
    .set({ reservedSlots: reservedAfterRelease(places) })
    .where(eq(events.id, eventId));
}

/**
 * After places of an event were freed, the waitlisted applications that now fit become pending, first
 * come first served (the database function promote_waitlist), and both sides hear of it in-app and by
 * e-mail. The caller holds the lock on the event's row, so concurrent writers freeing places promote one
 * after the other and never more than fits.
 */
export async function promoteWaitlist(tx: DbOrTx, today: string, eventId: number): Promise<void> {
  const waiting = await waitlistedApplications(tx, eventId);
  if (waiting.length === 0) return;
  await tx.execute(
    sql`select promote_waitlist(p_event_id => ${eventId}, p_today => ${today},
      p_school_notice => ${notices.waitlistPromoted},
      p_foundation_notice => ${notices.waitlistPromotedToFoundation}, p_unnamed_school => ${notices.unnamed})`,
  );
  await mailPromoted(tx, waiting);
}

/**
 * The ids of an event's waitlisted applications. Read under the lock on the event's row before places
 * are freed, they tell which applications the freeing promoted: promote_waitlist (and cancel_application,
 * which calls it) write the in-app notices themselves but answer only how many moved up.
 */
export async function waitlistedApplications(tx: DbOrTx, eventId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.eventId, eventId), eq(applications.status, 'waitlisted')));
  return rows.map((row) => row.id);
}

/** Mails the school and the foundation of each of `waiting` that is now pending: it was promoted. */
export async function mailPromoted(tx: DbOrTx, waiting: number[]): Promise<void> {
  if (waiting.length === 0) return;
  const promoted = await tx
    .select({
      event: eventFactsColumns,
      participantCount: applications.participantCount,
      schoolId: applications.schoolId,
      schoolName: schools.name,
      foundationId: events.foundationId,
    })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .where(and(inArray(applications.id, waiting), eq(applications.status, 'pending')));
  // To the organisations, not to one account: queueMail writes a letter for each of their members.
  await queueMail(
    tx,
    promoted.flatMap((row) => [
      {
        schoolId: row.schoolId,
        kind: 'decisions' as const,
        message: letters.waitlistPromoted(row.event, row.participantCount),
      },
      {
        foundationId: row.foundationId,
        kind: 'applications' as const,
        message: letters.applicationPromoted(row.event, row.schoolName, row.participantCount),
      },
    ]),
  );
}
