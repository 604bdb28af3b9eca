import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { createTestDatabase } from './test-app';

// A database one test file releases may be the next one's (test-app.ts): it must look never used.

it('hands a released database on empty, with ids starting again from 1', async () => {
  const first = await createTestDatabase();
  await first.db.execute(sql`insert into users (username, password_hash, role) values ('u1', 'x', 'school')`);
  await first.db.execute(sql`set time zone 'Asia/Vladivostok'`);
  await first.release();

  const next = await createTestDatabase();
  expect(await rowsOf(next.db, sql`select username from users`)).toEqual([]);
  const [added] = await rowsOf<{ id: number }>(
    next.db,
    sql`insert into users (username, password_hash, role) values ('u2', 'x', 'school') returning id`,
  );
  expect(added?.id).toBe(1);
  const [zone] = await rowsOf<{ TimeZone: string }>(next.db, sql`show time zone`);
  expect(zone?.TimeZone).not.toBe('Asia/Vladivostok');
  await next.release();
});

it('never hands on a database whose tables a test changed', async () => {
  const damaged = await createTestDatabase();
  await damaged.db.execute(sql`alter table news rename to news_gone`);
  await damaged.release();

  const next = await createTestDatabase();
  expect(await rowsOf(next.db, sql`select count(*)::int as news from news`)).toEqual([{ news: 0 }]);
  await next.release();
});
