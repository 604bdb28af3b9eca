import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * A fixed-window counter kept in the database, so every app process behind a proxy sees the same
 * count. One upsert per request: a window that has ended starts again at 1.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore {
    constructor(private readonly prefix = 'global') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const fullKey = `${this.prefix}:${key}`;
      const windowEnd = sql`now() + ${`${timeWindow} milliseconds`}::interval`;
      db.insert(rateLimits)
        .values({ key: fullKey, count: 1, resetAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${windowEnd} else ${rateLimits.resetAt} end`,
          },
        })
        .returning({
          count: rateLimits.count,
          ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.resetAt} - now()) * 1000))::int`,
        })
        .then(([row]) => callback(null, { current: row?.count ?? 1, ttl: row?.ttl ?? timeWindow }))
        .catch((error: Error) => callback(error));
    }

    // NOTE: the plugin passes the route under `routeInfo` (its type definitions say otherwise); each route
    // counts on its own, so uploads cannot use up the sign-in attempts.
    child(params: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = params.routeInfo;
      return new DatabaseStore(`${String(route?.method ?? 'ANY')}:${route?.url ?? 'unknown'}`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Deletes the counters whose window has ended. An ended counter counts as nothing (the next request
 * starts it again at 1), so deleting it changes no limit; without this every address and account name
 * ever seen kept its row for good. Several processes may sweep at once: each deletes what is left.
 */
export async function deleteExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}

/** Sweeps ended counters every `everyMs` while the app runs; the sweep in progress ends before close. */
export const rateLimitSweeper = fp(
  async (app: FastifyInstance, { db, everyMs }: { db: Db; everyMs: number }) => {
    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = deleteExpiredRateLimits(db)
          .catch((error: unknown) => app.log.warn({ err: error }, 'rate limit counters were not swept'))
          .finally(() => {
            sweeping = undefined;
          });
      }, everyMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'rate-limit-sweeper' },
);
