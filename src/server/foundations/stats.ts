import { eq, sql } from 'drizzle-orm';
import { organisationMessages } from '../accounts/organisation';
import { changeTopics, keptFigure, type SharedFigures } from '../db/change-topics';
import type { Db } from '../db/client';
import { preparedPerDatabase, preparedRowsOf } from '../db/kept-statements';
import { applications, events, foundations, hourCredits, organisationMembers } from '../db/schema';
import { forbidden } from '../http/errors';

/**
 * Counters of the foundation dashboard. Each is one statement that finds the caller's foundation and
 * counts its rows together: the dashboard polls them, and a separate look-up of the foundation doubled
 * the round trips; each is kept prepared (db/kept-statements.ts). The foundation is the caller's through
 * their membership, as foundationOfUser finds it; no row means the account has no foundation (403, as
 * foundationOfUser answers).
 */
function found<T>(row: T | undefined): T {
  if (!row) throw forbidden(organisationMessages.noFoundation);
  return row;
}

const foundationStatsOf = preparedPerDatabase((db) =>
  db
    .select({
      totalEvents: sql<number>`count(${events.id})::int`,
      // Every hour the foundation credited: a school withdrawing its archive entry, or the foundation
      // deleting the completed event, does not undo the work that was done.
      totalVolunteerHours: sql<number>`coalesce((
        select sum(${hourCredits.hours}) from ${hourCredits} where ${hourCredits.foundationId} = ${foundations.id}
      ), 0)::int`,
    })
    .from(foundations)
    .innerJoin(organisationMembers, eq(organisationMembers.foundationId, foundations.id))
    .leftJoin(events, eq(events.foundationId, foundations.id))
    .where(eq(organisationMembers.userId, sql.placeholder('userId')))
    .groupBy(foundations.id)
    .prepare('foundation_stats'),
);

/**
 * The dashboard's counters, kept per account until the foundation's events or credited hours change:
 * counting a big foundation's events (1,250 at 50,000) took a millisecond of the database on every
 * dashboard, for figures that move a few times a day.
 */
export async function foundationStats(db: Db, userId: number, figures?: SharedFigures) {
  return keptFigure(
    figures,
    `foundation-stats:${userId}`,
    [changeTopics.events, changeTopics.eventLists, changeTopics.impact],
    async () => {
      const [row] = await foundationStatsOf(db).execute({ userId });
      return found(row);
    },
  );
}

const applicationStatsOf = preparedPerDatabase((db) =>
  db
    .select({
      totalApplications: sql<number>`count(${applications.id})::int`,
      approvedApplications: sql<number>`count(${applications.id}) filter (
        where ${applications.status} in ('approved', 'completed'))::int`,
      pendingApplications: sql<number>`count(${applications.id}) filter (where ${applications.status} = 'pending')::int`,
      totalEvents: sql<number>`count(distinct ${events.id})::int`,
    })
    .from(foundations)
    .innerJoin(organisationMembers, eq(organisationMembers.foundationId, foundations.id))
    .leftJoin(events, eq(events.foundationId, foundations.id))
    .leftJoin(applications, eq(applications.eventId, events.id))
    .where(eq(organisationMembers.userId, sql.placeholder('userId')))
    .groupBy(foundations.id)
    .prepare('application_stats'),
);

export async function applicationStats(db: Db, userId: number) {
  const [row] = await applicationStatsOf(db).execute({ userId });
  return found(row);
}

/**
 * The applications waiting for the foundation, which its dashboard polls: its pending entries of
 * registrations_foundation_status_idx, counted as its applications page counts them, and kept per
 * account until an application is written.
 */
export async function pendingApplicationsCount(db: Db, userId: number, figures?: SharedFigures) {
  return keptFigure(figures, `pending-applications:${userId}`, [changeTopics.applications], async () => {
    // A raw statement: a single-table select would write the subquery's columns without their tables.
    const [row] = await preparedRowsOf<{ count: number }>(
      db,
      'pending_applications_count',
      sql`select (select count(*) from ${applications}
          where ${applications.foundationId} = ${foundations.id}
            and ${applications.status} = 'pending')::int as count
        from ${foundations}
        join ${organisationMembers} on ${organisationMembers.foundationId} = ${foundations.id}
        where ${organisationMembers.userId} = ${userId}`,
    );
    return found(row);
  });
}
