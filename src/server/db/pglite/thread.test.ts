import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openPglite, rowsOf } from '../client';
import { preparedRowsOf } from '../kept-statements';
import { startPgliteThread, ThreadConnection } from './thread';

const opened: Database[] = [];
async function open(dataDir = 'memory://thread-test', vacuumEveryMs?: number): Promise<Database> {
  const database = await openPglite(dataDir, () => {}, { vacuumEveryMs });
  opened.push(database);
  return database;
}

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

describe('a connection to the database thread', () => {
  it('sends the messages node-postgres corks together as one message to the thread', async () => {
    const { port1, port2 } = new MessageChannel();
    const connection = new ThreadConnection(port1);
    const received: Uint8Array[] = [];
    port2.on('message', (bytes: Uint8Array) => received.push(bytes));
    connection.cork();
    connection.write(Buffer.from('B-bind;'));
    connection.write(Buffer.from('E-execute;'));
    connection.write(Buffer.from('S-sync;'));
    connection.uncork();
    connection.write(Buffer.from('Q-alone;'));
    await once(port2, 'message');
    await new Promise((resolve) => setImmediate(resolve));
    expect(received.map((bytes) => Buffer.from(bytes).toString())).toEqual([
      'B-bind;E-execute;S-sync;',
      'Q-alone;',
    ]);
    connection.destroy();
    port2.close();
  });
});

describe.skipIf(process.env.DATABASE_URL)('the embedded database in a thread of its own', () => {
  it('leaves the server thread free while a long query runs', { timeout: 60_000 }, async () => {
    const database = await open();
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 5);
    const started = performance.now();
    await rowsOf(
      database.db,
      sql`select count(*) from generate_series(1, 2000) a, generate_series(1, 3000) b where a * b % 7 = 1`,
    );
    const finished = performance.now();
    const took = finished - started;
    clearInterval(timer);
    const moments = [started, ...ticks, finished];
    const longestPause = Math.max(...moments.slice(1).map((at, index) => at - (moments[index] ?? at)));
    // On the server's thread the query held the loop for its whole length: one pause as long as the query.
    expect(took).toBeGreaterThan(300);
    expect(longestPause).toBeLessThan(took / 3);
  });

  it('vacuums itself on its schedule, as PGlite has no autovacuum', { timeout: 60_000 }, async () => {
    const database = await open('memory://vacuum-test', 200);
    await rowsOf(database.db, sql`create table counter (id int primary key, n int)`);
    await rowsOf(database.db, sql`insert into counter values (1, 0)`);
    for (let update = 0; update < 50; update += 1) {
      await rowsOf(database.db, sql`update counter set n = n + 1 where id = 1`);
    }
    const vacuums = async () =>
      (
        await rowsOf<{ vacuums: number }>(
          database.db,
          sql`select (vacuum_count + autovacuum_count)::int as vacuums
                from pg_stat_user_tables where relname = 'counter'`,
        )
      )[0]?.vacuums;
    // The statistics reach the view late when the machine is busy: a vacuum every 200 ms, but seen later.
    await expect.poll(vacuums, { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it('answers PostgreSQL errors with their codes and rolls a failed transaction back', {
    timeout: 60_000,
  }, async () => {
    const database = await open();
    await database.db.execute(sql`create table pairs (name text primary key)`);
    await database.db.execute(sql`insert into pairs values ('первый')`);
    const duplicate = await database.db
      .execute(sql`insert into pairs values ('первый')`)
      .catch((error) => error);
    expect((duplicate as { cause?: { code?: string } }).cause?.code).toBe('23505');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pairs values ('второй')`);
        throw new Error('передумали');
      }),
    ).rejects.toThrow('передумали');
    const names = await rowsOf<{ name: string }>(database.db, sql`select name from pairs order by name`);
    expect(names.map((row) => row.name)).toEqual(['первый']);
  });

  it("never runs a statement of one connection inside another's transaction", {
    timeout: 60_000,
  }, async () => {
    const database = await open();
    await database.db.execute(sql`create table visits (name text)`);
    let readDuring: Promise<{ n: number }[]> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into visits values ('не состоялся')`);
        // Sent on another of the pool's connections while this transaction is open: in the shared
        // session it would count the row the transaction is about to take back.
        readDuring = rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from visits`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.execute(sql`select 1`);
        throw new Error('передумали');
      }),
    ).rejects.toThrow('передумали');
    expect(await readDuring).toEqual([{ n: 0 }]);
  });

  it('lets each connection prepare the same named statement for itself', { timeout: 60_000 }, async () => {
    const database = await open();
    // One text under one name, sent at once: every connection of the pool prepares it for itself.
    const reads = Array.from({ length: 12 }, (_, index) =>
      preparedRowsOf<{ n: number }>(database.db, 'same_text', sql`select ${index}::int as n`),
    );
    const answers = await Promise.all(reads);
    expect(answers.map(([row]) => row?.n)).toEqual(Array.from({ length: 12 }, (_, index) => index));
  });

  it('prepares a name once for all connections, and keeps apart one name given two texts', {
    timeout: 60_000,
  }, async () => {
    const thread = await startPgliteThread({
      dataDir: 'memory://names-test',
      startParams: PGlite.defaultStartParams,
    });
    const clients = [1, 2, 3].map(() => new pg.Client({ user: 'postgres', stream: () => thread.connect() }));
    try {
      for (const client of clients) await client.connect();
      const [first, second, third] = clients;
      if (!first || !second || !third) throw new Error('three clients');
      const same = { name: 'same_text', text: 'select $1::int * 2 as n' };
      expect((await first.query(same, [2])).rows).toEqual([{ n: 4 }]);
      // Answered as prepared: the session holds this name with this text.
      expect((await second.query(same, [5])).rows).toEqual([{ n: 10 }]);
      // The same name with another text becomes the third connection's own.
      const other = { name: 'same_text', text: 'select $1::int * 3 as n' };
      expect((await third.query(other, [5])).rows).toEqual([{ n: 15 }]);
      expect((await first.query(same, [7])).rows).toEqual([{ n: 14 }]);
      expect((await third.query(other, [7])).rows).toEqual([{ n: 21 }]);
      const held = await first.query<{ name: string }>(
        `select name from pg_prepared_statements where name like '%same_text' order by name`,
      );
      expect(held.rows.map((row) => row.name)).toEqual(['c3_same_text', 'same_text']);
    } finally {
      for (const client of clients) await client.end();
      await thread.close();
    }
  });

  it('keeps what was written in its folder for the next start', { timeout: 60_000 }, async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'volunteer-thread-')), 'data');
    const first = await openPglite(dataDir, () => {});
    await first.db.execute(sql`create table notes (text text)`);
    await first.db.execute(sql`insert into notes values ('Субботник в парке')`);
    await first.close();
    const again = await open(dataDir);
    const notes = await rowsOf<{ text: string }>(again.db, sql`select text from notes`);
    expect(notes).toEqual([{ text: 'Субботник в парке' }]);
  });
});
