import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { rateLimits } from '../db/schema';
import { createTestDatabase, type TestDatabase, testHasher } from '../test/test-app';

const sweepEveryMs = 50;

/** Checks `condition` until it holds, for at most two seconds. */
async function waitFor(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 2_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition did not come true within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('rate limit counters in the database', () => {
  let database: TestDatabase;

  const keys = async () =>
    (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort();
  const addCounter = (key: string, resetAt: ReturnType<typeof sql>) =>
    database.db.insert(rateLimits).values({ key, count: 3, resetAt });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.release());

  it('deletes counters whose window has ended and keeps the running ones, until the app closes', async () => {
    const app = await buildApp({
      db: database.db,
      hasher: testHasher,
      changes: database.changes,
      rateLimitSweepMs: sweepEveryMs,
    });
    await addCounter('POST:/api/login:203.0.113.7', sql`now() - interval '1 second'`);
    await addCounter('POST:/api/login:198.51.100.23', sql`now() + interval '1 hour'`);
    await app.ready();

    await waitFor(async () => !(await keys()).includes('POST:/api/login:203.0.113.7'));
    expect(await keys()).toEqual(['POST:/api/login:198.51.100.23']);

    await app.close();
    await addCounter('POST:/api/register:203.0.113.8', sql`now() - interval '1 second'`);
    // Nothing to wait for when nothing may happen: five sweep intervals pass without a sweep.
    await new Promise((resolve) => setTimeout(resolve, 5 * sweepEveryMs));
    expect(await keys()).toContain('POST:/api/register:203.0.113.8');
  });
});
