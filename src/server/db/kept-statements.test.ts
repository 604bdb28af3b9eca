import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FoundationListQuery } from '../../shared/foundations';
import { foundationOfUser, schoolOfUser } from '../accounts/organisation';
import { listPublicFoundations } from '../foundations/service';
import { hasNewNotifications } from '../notifications/service';
import { getProfile } from '../profile/service';
import { createTestDatabase } from '../test/test-app';
import { type Database, type DbOrTx, openPglite, rowsOf } from './client';
import { isAnyOf, keptStatement, keptStatementsPerConnection, preparedRowsOf } from './kept-statements';
import { users } from './schema';

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

/**
 * A kept statement's name as the connection gave it: PGlite's thread makes each connection's names its
 * own in the session they share by putting `c<connection>_` before them (pglite/protocol.ts).
 */
const givenName = sql.raw(`regexp_replace(name, '^c[0-9]+_', '')`);

/** The session's kept statements of one label, with how often each was planned for its values or reused. */
const keptStatements = (session: DbOrTx, label: string) =>
  rowsOf<{ name: string; custom_plans: string | number; generic_plans: string | number }>(
    session,
    sql`select name, custom_plans, generic_plans from pg_prepared_statements
         where ${givenName} like ${`${label}\\_%`} order by name`,
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

describe('reads kept by the server', () => {
  // A database of its own with the schema: the first one above holds none.
  let served: Database;
  beforeAll(async () => {
    served = process.env.DATABASE_URL
      ? await createTestDatabase()
      : await openPglite('memory://prepared-signed-in-reads', () => {});
    if (!process.env.DATABASE_URL) await served.migrate();
  });
  afterAll(async () => {
    await served.close();
  });

  it('are planned once per connection, the poll and the profile for every account alike', async () => {
    const accounts = await rowsOf<{ id: number }>(
      served.db,
      sql`insert into users (username, password_hash, role)
          values ('Школа один', 'x', 'school'), ('Фонд два', 'x', 'foundation'), ('Админ три', 'x', 'admin')
          returning id`,
    );
    const polls: boolean[] = [];
    const roles: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const { id } of accounts) {
        polls.push(await hasNewNotifications(served.db, id));
        roles.push((await getProfile(served.db, id)).role);
      }
    }
    expect(polls.every((hasNew) => hasNew === false)).toBe(true);
    expect(roles.slice(0, 3)).toEqual(['school', 'foundation', 'admin']);
    // The pool reuses its most recently released connection, so every run above went to this one.
    const kept = await rowsOf<{ name: string; runs: string | number }>(
      served.db,
      sql`select ${givenName} as name, custom_plans + generic_plans as runs from pg_prepared_statements
           where ${givenName} in ('notification_check', 'profile') order by name`,
    );
    expect(kept.map((statement) => [statement.name, Number(statement.runs)])).toEqual([
      ['notification_check', 9],
      ['profile', 9],
    ]);
  });

  /**
   * The texts kept under one label on the connection the pool hands out next, or on PGlite by any of
   * the connections that share its session.
   */
  const keptOf = (label: string) =>
    rowsOf<{ name: string }>(
      served.db,
      // The label, then the text's hash: foundation_page is not foundation_page_ids.
      sql`select distinct ${givenName} as name from pg_prepared_statements
           where ${givenName} ~ ${`^${label}_[0-9a-f]{12}$`} order by name`,
    );

  it('find the school or foundation of an account, as every signed-in list does first, by a statement kept prepared', async () => {
    const accounts = await rowsOf<{ id: number; role: string }>(
      served.db,
      sql`insert into users (username, password_hash, role)
          values ('Школа для поиска', 'x', 'school'), ('Фонд для поиска', 'x', 'foundation')
          returning id, role`,
    );
    const [schoolAccount, foundationAccount] = accounts;
    if (!schoolAccount || !foundationAccount) throw new Error('no accounts');
    await rowsOf(
      served.db,
      sql`with school as (insert into schools (name) values ('Лицей поиска') returning id)
          insert into organisation_members (user_id, school_id, role)
          select ${schoolAccount.id}, id, 'owner' from school`,
    );
    await rowsOf(
      served.db,
      sql`with foundation as (insert into foundations (name) values ('Фонд поиска') returning id)
          insert into organisation_members (user_id, foundation_id, role)
          select ${foundationAccount.id}, id, 'owner' from foundation`,
    );
    const names: string[] = [];
    for (let round = 0; round < 3; round++) {
      names.push((await schoolOfUser(served.db, schoolAccount.id)).name ?? '');
      names.push((await foundationOfUser(served.db, foundationAccount.id)).name ?? '');
    }
    expect(names.slice(0, 2)).toEqual(['Лицей поиска', 'Фонд поиска']);
    // Built once and named as built (preparedPerDatabase), so that the database plans each once.
    const prepared = await rowsOf<{ name: string }>(
      served.db,
      sql`select distinct ${givenName} as name from pg_prepared_statements
           where ${givenName} in ('school_of_user', 'foundation_of_user') order by name`,
    );
    expect(prepared.map((statement) => statement.name)).toEqual(['foundation_of_user', 'school_of_user']);
  });

  it('keep one statement for a page read by its ids, whatever the number of ids', async () => {
    const accounts = await rowsOf<{ id: number }>(
      served.db,
      sql`insert into users (username, password_hash, role)
          select 'Школа ' || n, 'x', 'school' from generate_series(1, 12) as n returning id`,
    );
    const ids = accounts.map((account) => account.id);
    const pages: string[][] = [];
    for (const size of [1, 5, 12]) {
      const page = await keptStatement(
        'page_by_ids',
        served.db
          .select({ username: users.username })
          .from(users)
          .where(isAnyOf(users.id, ids.slice(0, size)))
          .orderBy(users.id),
      );
      pages.push(page.map((row) => row.username));
    }
    expect(pages.map((page) => page.length)).toEqual([1, 5, 12]);
    expect(pages[2]?.at(-1)).toBe('Школа 12');
    expect(await keptOf('page_by_ids')).toHaveLength(1);
  });

  // On PGlite, whose connections share one session: a PostgreSQL pool sends the page and its counts, which
  // run together, to connections with sessions of their own. The naming is the same on both drivers
  // (nameKeptStatements).
  it.skipIf(process.env.DATABASE_URL)(
    "keep one statement for the foundations' page whatever the filters",
    async () => {
      await rowsOf(
        served.db,
        sql`insert into foundations (name, directions, moderation_status)
          values ('Фонд каталога', array['social', 'ecology'], 'approved')`,
      );
      const filters: FoundationListQuery['directions'][] = [[], ['social'], ['social', 'ecology']];
      const shown: string[][] = [];
      for (const directions of filters) {
        const list = await listPublicFoundations(served.db, { directions, page: 1, limit: 6 });
        shown.push(list.foundations.map((foundation) => foundation.name));
      }
      expect(shown).toEqual([['Фонд каталога'], ['Фонд каталога'], ['Фонд каталога']]);
      // The page's ids are found by a statement per filter; the cards are then read by one for every filter.
      expect(await keptOf('foundation_page_ids')).toHaveLength(3);
      expect(await keptOf('foundation_page')).toHaveLength(1);
    },
  );

  it('are built once per run: the connection names them from the text it is sent', async () => {
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      const [row] = await keptStatement(
        'built_once',
        served.db
          .select({ username: users.username })
          .from(users)
          .where(isAnyOf(users.id, [1])),
      );
      expect(row?.username).toBe('Школа один');
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
    expect(await keptOf('built_once')).toHaveLength(1);
  });

  it('stop naming new texts at the bound and still answer them', async () => {
    const answers: number[] = [];
    for (let n = 1; n <= keptStatementsPerConnection + 5; n++) {
      // A distinct text per n: the number is written into it.
      const [row] = await keptStatement(
        'bounded',
        served.db.select({ n: sql<number>`${sql.raw(String(n))}::int` }).from(sql`(select 1) as one`),
      );
      answers.push(Number(row?.n));
    }
    expect(answers.at(-1)).toBe(keptStatementsPerConnection + 5);
    // The reads before this test kept some statements of the same database.
    const kept = await keptOf('bounded');
    expect(kept.length).toBeLessThanOrEqual(keptStatementsPerConnection);
    expect(kept.length).toBeGreaterThan(keptStatementsPerConnection - 20);
  });
});
