import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { type Database, type DbOrTx, openPglite, preparedRowsOf, rowsOf } from './client';

// The server's drivers: PGlite in its thread, reached through node-postgres, or, with DATABASE_URL, a
// PostgreSQL pool. (The API tests' in-process PGlite has no named statements and runs them as usual.)
let database: Database;
beforeAll(async () => {
  database = process.env.DATABASE_URL
    ? await createTestDatabase()
    : await openPglite('memory://prepared-statements', () => {});
});
afterAll(async () => {
  await database.close();
});

/** The session's kept statements of one label, with how often each was planned for its values or reused. */
const keptStatements = (session: DbOrTx, label: string) =>
  rowsOf<{ name: string; custom_plans: string | number; generic_plans: string | number }>(
    session,
    sql`select name, custom_plans, generic_plans from pg_prepared_statements
         where name like ${`${label}\\_%`} order by name`,
  );

describe('statements sent many times a second', () => {
  it('are parsed once per connection and their plan is kept for every value', async () => {
    // One transaction: one connection of the pool, whose session holds the statement.
    const { answers, kept } = await database.db.transaction(async (tx) => {
      const answers: number[] = [];
      for (let value = 1; value <= 8; value++) {
        const [row] = await preparedRowsOf<{ next: number }>(
          tx,
          'count_up',
          sql`select ${value}::int + 1 as next`,
        );
        answers.push(row?.next ?? 0);
      }
      return { answers, kept: await keptStatements(tx, 'count_up') };
    });
    expect(answers).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(kept).toHaveLength(1);
    const [statement] = kept;
    // PostgreSQL plans a kept statement for its values five times, then reuses one plan for all values.
    expect(Number(statement?.custom_plans) + Number(statement?.generic_plans)).toBe(8);
    expect(Number(statement?.generic_plans)).toBeGreaterThan(0);
  });

  it('keep one statement for each distinct text under the same label', async () => {
    const kept = await database.db.transaction(async (tx) => {
      await preparedRowsOf(tx, 'two_texts', sql`select ${1}::int as one`);
      await preparedRowsOf(tx, 'two_texts', sql`select ${1}::int as one, ${2}::int as two`);
      await preparedRowsOf(tx, 'two_texts', sql`select ${3}::int as one`);
      return keptStatements(tx, 'two_texts');
    });
    expect(kept).toHaveLength(2);
  });
});
