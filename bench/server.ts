// The app process the API benchmark loads: a fresh database filled by generate.ts and the real
// application; beside it, in the same process, a bare Fastify with one hello-world route, the most this
// machine serves through Node and Fastify alone (the ceiling). Started by bench/api.ts with an IPC
// channel, as an esbuild bundle on plain Node like dist/server/main.js. The database is PGlite in a
// temporary folder, as `npm start` runs by default, filled by a process of its own
// (bench/generate-process.ts), or, with BENCH_DATABASE_URL, a fresh database on that PostgreSQL
// server, dropped afterwards.

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { createPasswordHasher } from '../src/server/auth/password';
import { createCalendar } from '../src/server/calendar';
import { type Database, openPglite, openPostgres } from '../src/server/db/client';
import { events } from '../src/server/db/schema';
import { type BenchFixture, generateBenchData } from './generate';

interface BenchDatabase {
  database: Database;
  fixture: BenchFixture;
  generatedInMs: number;
  cleanUp: () => Promise<void>;
}

/** PGlite: the data is made by bench/generate-process.ts, then opened here as a server opens it. */
async function pgliteWithData(): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'volunteer-bench-'));
  const generator = fork('bench/generate-process.ts', [dataDir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(generator, 'exit');
  const generated = await new Promise<{ fixture: BenchFixture; generatedInMs: number }>((resolve, reject) => {
    generator.once('message', (message) =>
      resolve(message as { fixture: BenchFixture; generatedInMs: number }),
    );
    generator.once('exit', (code) => reject(new Error(`генератор данных завершился с кодом ${code}`)));
  });
  await exited;
  return {
    database: await openPglite(dataDir),
    ...generated,
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** PostgreSQL: a fresh database on that server, filled from here; its memory is the server's own. */
async function postgresWithData(serverUrl: string): Promise<BenchDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  await database.migrate();
  const started = Date.now();
  const fixture = await generateBenchData(database.db, createCalendar('Europe/Moscow').today());
  return {
    database,
    fixture,
    generatedInMs: Date.now() - started,
    cleanUp: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

const serverUrl = process.env.BENCH_DATABASE_URL;
const { database, fixture, generatedInMs, cleanUp } = serverUrl
  ? await postgresWithData(serverUrl)
  : await pgliteWithData();
const calendar = createCalendar('Europe/Moscow');

const app = await buildApp({
  db: database.db,
  hasher: createPasswordHasher(),
  calendar,
  changes: database.changes,
  // As main.ts decides: one process on PGlite counts in memory, processes on PostgreSQL share counts.
  rateLimitCounts: database.kind === 'pglite' ? 'memory' : 'database',
  // All the load comes from one address; the limits are still counted on every request.
  writeRateLimit: { max: 1_000_000, timeWindow: 60_000 },
  authRateLimit: { max: 1_000_000, timeWindow: 60_000 },
});
app.get('/bench/memory', async () => process.memoryUsage());
// For the uncached lines whose distinct addresses run out (a few hundred foundations or news items at
// a small scale): asked when the addresses wrap, so that a repeated one is computed again.
app.get('/bench/forget-cache', async () => {
  app.publicCache.invalidate();
  return {};
});
const ceiling = Fastify();
ceiling.get('/', async () => ({ hello: 'world' }));
// The floor of every uncached read: one statement built and planned once, a row found by its primary key,
// through the app's own pool and driver (PGlite's thread, or the PostgreSQL server), with none of the
// app's hooks, schemas, cache or compression. No read that asks the database can be faster than this.
const eventById = database.db
  .select({ id: events.id, title: events.title, date: events.date })
  .from(events)
  .where(eq(events.id, sql.placeholder('id')))
  .prepare('bench_floor_event');
ceiling.get<{ Params: { id: string } }>('/floor/:id', async (request) => {
  const [event] = await eventById.execute({ id: Number(request.params.id) });
  return event ?? {};
});

const portOf = (server: typeof app.server) => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
await app.listen({ port: 0, host: '127.0.0.1' });
await ceiling.listen({ port: 0, host: '127.0.0.1' });

process.send?.({
  port: portOf(app.server),
  ceilingPort: portOf(ceiling.server),
  database: database.kind,
  fixture,
  generatedInMs,
});
process.on('disconnect', async () => {
  await ceiling.close();
  await app.close();
  await database.close();
  await cleanUp();
  process.exit(0);
});
