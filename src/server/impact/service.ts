import { count, eq, sql } from 'drizzle-orm';
import type { PlatformImpact } from '../../shared/impact';
import type { Db } from '../db/client';
import { events, foundations, hourCredits, schools } from '../db/schema';

/**
 * The platform's figures in one round trip: an aggregate always answers one row, and the other figures
 * ride along as subqueries. Hours come from the credit ledger: every hour a foundation credited, so
 * neither a deleted event nor a school withdrawing the entry from its archive undoes work that was done.
 */
export async function platformImpact(db: Db): Promise<PlatformImpact> {
  const [row] = await db
    .select({
      schools: count(),
      foundations: sql<number>`(select count(*) from ${foundations} where ${foundations.moderationStatus} = 'approved')::int`,
      eventsHeld: sql<number>`(select count(*) from ${events} where ${events.status} = 'completed')::int`,
      hoursCredited: sql<number>`(select coalesce(sum(${hourCredits.hours}), 0) from ${hourCredits})::int`,
    })
    .from(schools)
    .where(eq(schools.moderationStatus, 'approved'));
  return row ?? { schools: 0, foundations: 0, eventsHeld: 0, hoursCredited: 0 };
}
