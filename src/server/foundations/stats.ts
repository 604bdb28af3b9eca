import { eq, sql } from 'drizzle-orm';
import { foundationOfUser } from '../accounts/organisation';
import type { Db } from '../db/client';
import { events, hourCredits, registrations } from '../db/schema';

/** Counters of the foundation dashboard, each one query over the foundation's own rows. */
export async function foundationStats(db: Db, userId: number) {
  const foundation = await foundationOfUser(db, userId);
  const [row] = await db
    .select({
      totalEvents: sql<number>`count(*)::int`,
      // Every hour the foundation credited: a school withdrawing its archive entry, or the foundation
      // deleting the completed event, does not undo the work that was done.
      totalVolunteerHours: sql<number>`coalesce((
        select sum(${hourCredits.hours}) from ${hourCredits} where ${hourCredits.foundationId} = ${foundation.id}
      ), 0)::int`,
    })
    .from(events)
    .where(eq(events.foundationId, foundation.id));
  return { totalEvents: row?.totalEvents ?? 0, totalVolunteerHours: row?.totalVolunteerHours ?? 0 };
}

export async function applicationStats(db: Db, userId: number) {
  const foundation = await foundationOfUser(db, userId);
  const [row] = await db
    .select({
      totalApplications: sql<number>`count(${registrations.id})::int`,
      approvedApplications: sql<number>`count(${registrations.id}) filter (
        where ${registrations.status} in ('approved', 'completed'))::int`,
      pendingApplications: sql<number>`count(${registrations.id}) filter (where ${registrations.status} = 'pending')::int`,
      totalEvents: sql<number>`count(distinct ${events.id})::int`,
    })
    .from(events)
    .leftJoin(registrations, eq(registrations.eventId, events.id))
    .where(eq(events.foundationId, foundation.id));
  return {
    totalApplications: row?.totalApplications ?? 0,
    approvedApplications: row?.approvedApplications ?? 0,
    pendingApplications: row?.pendingApplications ?? 0,
    totalEvents: row?.totalEvents ?? 0,
  };
}
