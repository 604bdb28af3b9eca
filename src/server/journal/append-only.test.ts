import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { journalEntries } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

// Issue 53: "The journal cannot be edited: an UPDATE or DELETE on it fails in both databases". Run on
// PGlite and, with DATABASE_URL, on PostgreSQL; the statements are sent as any client would send them.

let database: TestDatabase;
let entryId: number;
const refusal = /Журнал только пополняется: запись \d+ нельзя изменить или удалить/;

beforeAll(async () => {
  database = await createTestDatabase();
  const [entry] = await database.db
    .insert(journalEntries)
    .values({
      kind: 'application.approved',
      actorName: 'Анна Петровна',
      actorRole: 'coordinator',
      eventTitle: 'Субботник в парке',
      before: { status: 'pending', participantCount: 10 },
      after: { status: 'approved', participantCount: 8 },
    })
    .returning({ id: journalEntries.id });
  entryId = entry?.id ?? 0;
});
afterAll(() => database.release());

const entries = () =>
  rowsOf<{ id: number; kind: string; after: unknown }>(
    database.db,
    sql`select id, kind, after from journal_entries order by id`,
  );

it('takes new entries, the second after the first', async () => {
  const [second] = await rowsOf<{ id: number }>(
    database.db,
    sql`insert into journal_entries (kind, actor_name) values ('event.cancelled', 'Фонд «Тёплый дом»') returning id`,
  );
  expect(Number(second?.id)).toBeGreaterThan(entryId);
  expect((await entries()).map((entry) => entry.kind)).toEqual(['application.approved', 'event.cancelled']);
});

it.each([
  [
    'an UPDATE of one entry',
    sql`update journal_entries set after = '{"status":"rejected"}' where kind = 'application.approved'`,
  ],
  ['an UPDATE of every entry', sql`update journal_entries set actor_name = 'Кто-то другой'`],
  ['a DELETE of one entry', sql`delete from journal_entries where kind = 'event.cancelled'`],
  ['a DELETE of every entry', sql`delete from journal_entries`],
])('refuses %s and leaves the journal as it was', async (_what, change) => {
  const before = await entries();
  await expect(database.db.execute(change)).rejects.toMatchObject({
    cause: { message: expect.stringMatching(refusal), code: '42501' },
  });
  expect(await entries()).toEqual(before);
});

it('refuses the change inside a transaction too, which then rolls back whole', async () => {
  const before = await entries();
  await expect(
    database.db.transaction(async (tx) => {
      await tx.insert(journalEntries).values({ kind: 'profile.changed' });
      await tx.execute(sql`update journal_entries set kind = 'something.else'`);
    }),
  ).rejects.toMatchObject({ cause: { message: expect.stringMatching(refusal) } });
  expect(await entries()).toEqual(before);
});
