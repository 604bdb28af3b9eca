// The app process the API benchmark loads: a fresh database filled by generate.ts and the real
// application; beside it, in the same process, a bare Fastify with one hello-world route, the most this
// machine serves through Node and Fastify alone (the ceiling). Started by bench/api.ts with an IPC
// channel. The database is PGlite in a temporary folder, as `npm start` runs by default, or, with
// BENCH_DATABASE_URL, a fresh database on that PostgreSQL server, dropped afterwards.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { createPasswordHasher } from '../src/server/auth/password';
import { createCalendar } from '../src/server/calendar';
import { type Database, openPglite, openPostgres } from '../src/server/db/client';
import { generateBenchData } from './generate';

interface BenchDatabase {
  database: Database;
  /** The same data opened anew, as a server starting on an existing database would. */
  reopen: () => Promise<Database>;
  cleanUp: () => Promise<void>;
}

async function freshDatabase(): Promise<BenchDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'volunteer-bench-'));
    const database = await openPglite(dataDir);
    return {
      database,
      reopen: async () => {
        await database.close();
        return openPglite(dataDir);
      },
      cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
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
  return {
    database,
    reopen: async () => database,
    cleanUp: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

const fresh = await freshDatabase();
await fresh.database.migrate();
const calendar = createCalendar('Europe/Moscow');
const started = Date.now();
const fixture = await generateBenchData(fresh.database.db, calendar.today());
const generatedInMs = Date.now() - started;
// The generator's bulk inserts grow PGlite's WebAssembly memory, which never shrinks; the memory budget is
// about a server, and a server starts on a database that already exists.
const database = await fresh.reopen();

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
app.get('/bench/memory', async () => ({ rss: process.memoryUsage.rss() }));
const ceiling = Fastify();
ceiling.get('/', async () => ({ hello: 'world' }));

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
  await fresh.cleanUp();
  process.exit(0);
});
