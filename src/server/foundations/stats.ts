import { eq, sql } from 'drizzle-orm';
import { organisationMessages } from '../accounts/organisation';
import { type Db, rowsOf } from '../db/client';
import { events, foundations, hourCredits, registrations } from '../db/schema';
import { forbidden } from '../http/errors';

/**
 * Counters of the foundation dashboard. Each is one statement that finds the caller's foundation and
 * counts its rows together: the dashboard polls them, and a separate look-up of the foundation doubled
 * the round trips. No row means the account has no foundation (403, as foundationOfUser answers).
 */
function found<T>(row: T | undefined): T {
  if (!row) throw forbidden(organisationMessages.noFoundation);
  return row;
}

export async function foundationStats(db: Db, userId: number) {
  const [row] = await db
    .select({
      totalEvents: sql<number>`count(${events.id})::int`,
      // Every hour the foundation credited: a school withdrawing its archive entry, or the foundation
      // deleting the completed event, does not undo the work that was done.
      totalVolunteerHours: sql<number>`coalesce((
        select sum(${hourCredits.hours}) from ${hourCredits} where ${hourCredits.foundationId} = ${foundations.id}
      ), 0)::int`,
    })
    .from(foundations)
    .leftJoin(events, eq(events.foundationId, foundations.id))
    .where(eq(foundations.userId, userId))
    .groupBy(foundations.id);
  return found(row);
}

export async function applicationStats(db: Db, userId: number) {
  const [row] = await db
    .select({
      totalApplications: sql<number>`count(${registrations.id})::int`,
      approvedApplications: sql<number>`count(${registrations.id}) filter (
        where ${registrations.status} in ('approved', 'completed'))::int`,
      pendingApplications: sql<number>`count(${registrations.id}) filter (where ${registrations.status} = 'pending')::int`,
      totalEvents: sql<number>`count(distinct ${events.id})::int`,
    })
    .from(foundations)
    .leftJoin(events, eq(events.foundationId, foundations.id))
    .leftJoin(registrations, eq(registrations.eventId, events.id))
    .where(eq(foundations.userId, userId))
    .groupBy(foundations.id);
  return found(row);
}

/** The applications waiting for the foundation: its events' pending rows only, through their index. */
export async function pendingApplicationsCount(db: Db, userId: number) {
  // A raw statement: a single-table select would write the subquery's columns without their tables.
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select (select count(*) from ${registrations} inner join ${events} on ${events.id} = ${registrations.eventId}
        where ${events.foundationId} = ${foundations.id} and ${registrations.status} = 'pending')::int as count
      from ${foundations} where ${foundations.userId} = ${userId}`,
  );
  return found(row);
}
