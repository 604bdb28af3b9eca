import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { stopWhenClientGone } from './abort';
import { type ChangeFeed, postgresChangeFeed, singleProcessChangeFeed } from './change-feed';
import { checkDataDir, dataDirMessages, restrictToOwner } from './data-dir';
import { nameKeptStatements } from './kept-statements';
import { startPgliteThread } from './pglite/thread';
import * as schema from './schema';
import type { Db, DbOrTx } from './types';

export type { Db, DbOrTx, Schema, Tx } from './types';

/** Rows of `db.execute`: PGlite and node-postgres both answer with `{ rows }`. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Changes of public content made by other app processes on the same database. */
  changes: ChangeFeed;
  migrate(): Promise<void>;
  /**
   * Runs work while this process holds the database's start-up lock, so that of several processes
   * starting together on one empty database only one migrates and seeds at a time; the others wait and
   * then find the work done. `onWait` is called once when another process holds the lock.
   */
  withStartupLock<T>(work: () => Promise<T>, onWait?: () => void): Promise<T>;
  close(): Promise<void>;
}

/**
 * A session-level advisory lock, held on a connection of its own for the whole sequence: a
 * transaction-level lock cannot span it, since drizzle's migrator commits its own transaction and the
 * seeding runs several more. Distinct from the demo seed's own lock key.
 */
const startupLockKey = 7_294_000;

/** In the bundle the migrations and functions are copied beside main.js; from sources they sit here. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

/**
 * The statements of the database's PL/pgSQL functions and their triggers: a file per function in
 * ./functions, each statement written to be run again (`create or replace`), split like the migrations.
 * They are applied after the numbered migrations on every start, so a function changes by editing its
 * file alone (docs/decisions/085-database-functions-from-files.md).
 */
export function functionStatements(folder = functionsFolder): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .flatMap((name) => readFileSync(join(folder, name), 'utf8').split('--> statement-breakpoint'));
}

/** The numbered migrations, then the functions in one transaction: a start sees all of them or none. */
async function migrateThenDefineFunctions(db: Db, migrateTables: () => Promise<void>): Promise<void> {
  await migrateTables();
  const statements = functionStatements();
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

/**
 * An embedded database, however this process reaches PGlite's one session: every connection is that
 * session, so the start-up lock taken through `query` holds for the whole work, and is taken at once (one
 * process per folder, see operations/server-lock.ts); taking it keeps both drivers on the same path.
 */
function embeddedDatabase(parts: {
  db: unknown;
  /** The numbered migrations alone; the functions follow them (migrateThenDefineFunctions). */
  migrateTables: () => Promise<void>;
  query: (text: string, values: unknown[]) => Promise<unknown>;
  close: () => Promise<void>;
}): Database {
  const { query } = parts;
  return {
    db: parts.db as Db,
    kind: 'pglite',
    changes: singleProcessChangeFeed(),
    migrate: () => migrateThenDefineFunctions(parts.db as Db, parts.migrateTables),
    async withStartupLock(work) {
      await query('select pg_advisory_lock($1)', [startupLockKey]);
      try {
        return await work();
      } finally {
        await query('select pg_advisory_unlock($1)', [startupLockKey]);
      }
    },
    close: parts.close,
  };
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(stopWhenClientGone(client), { schema });
  return embeddedDatabase({
    db,
    migrateTables: () => migratePglite(db, { migrationsFolder }),
    query: (text, values) => client.query(text, values),
    close: () => client.close(),
  });
}

/**
 * PostgreSQL's own page cache inside PGlite's WebAssembly memory, which never gives memory back. At the
 * default 128 MB it grew the server by some 165 MB under the API benchmark; the operating system caches
 * the same files anyway, and reads were no slower at 16 MB (docs/decisions/027-pglite-shared-buffers.md).
 */
const pgliteSharedBuffers = '16MB';

/**
 * Connections to the database thread, which runs their statements one at a time in PGlite's one
 * session, a statement or a transaction whole (pglite/protocol.ts, SessionLock). Several let the next
 * statement wait in the database thread while one runs: with one, the database stood idle from each
 * answer until the server thread, busy with other requests, had read it and sent the next (at 50,000
 * events: an uncached event 2,590 -> 3,170 req/s, a page of one type's events 708 -> 914, a foundation's
 * page 420 -> 575, with 4 against 1; 2 gained half of that).
 */
const pgliteConnections = 4;

/**
 * PGlite runs no autovacuum, so rows updated or deleted stayed behind as dead tuples for good, and every
 * scan read them again: at 50,000 events the foundations' event counter (migration 0008) had left 2,000
 * foundations on 8,566 pages, and counting them took 50 ms instead of 1. The server vacuums its embedded
 * database itself; after the first pass only the pages changed since are visited, a few milliseconds.
 */
export const embeddedVacuumEveryMs = 60 * 60_000;

/**
 * The server's PGlite: in a thread of its own (pglite/thread.ts), reached through node-postgres as a
 * PostgreSQL server would be, so that no query runs on the thread that answers HTTP. PGlite keeps its
 * files in dataDir; `memory://` gives a throw-away database. A folder that is neither absent, empty nor
 * a whole database is refused with DataDirError (see data-dir.ts).
 */
export async function openPglite(
  dataDir: string,
  warn: (line: string) => void = (line) => console.warn(line),
  { vacuumEveryMs = embeddedVacuumEveryMs }: { vacuumEveryMs?: number } = {},
): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const found = inMemory ? 'new' : checkDataDir(dataDir);
  // Passed at start rather than as `postgresqlconf`, which would overwrite the folder's postgresql.conf.
  const thread = await startPgliteThread({
    dataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
  });
  if (!inMemory) {
    const loosened = restrictToOwner(dataDir);
    // A new database's files are loose by PGlite's doing; an existing one's were left so by someone.
    if (found === 'existing' && loosened > 0) warn(dataDirMessages.loosened(dataDir, loosened));
  }
  // Connections are never closed for idleness, which would only cost a new start-up exchange.
  const pool = new pg.Pool({
    max: pgliteConnections,
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    stream: () => thread.connect(),
  });
  pool.on('error', (error) =>
    console.warn(`Соединение со встроенной базой данных прервано: ${error.message}`),
  );
  const db = drizzleNodePg(stopWhenClientGone(nameKeptStatements(pool)), { schema });
  const vacuum = setInterval(() => {
    pool
      .query('vacuum (analyze)')
      .catch((error: Error) => warn(`Очистка встроенной базы данных не удалась: ${error.message}`));
  }, vacuumEveryMs).unref();
  return embeddedDatabase({
    db,
    migrateTables: () => migrateNodePg(db, { migrationsFolder }),
    query: (text, values) => pool.query(text, values),
    async close() {
      clearInterval(vacuum);
      await pool.end();
      await thread.close();
    },
  });
}

export function openPostgres(
  url: string,
  onIdleError: (error: Error) => void = (error) =>
    console.warn(`Соединение с PostgreSQL прервано: ${error.message}`),
): Database {
  // Names this process's connections: the change triggers put it into their notices, so that the process
  // skips its own (src/server/db/change-feed.ts). A URL naming its own application_name wins; the process
  // then also hears its own writes and drops its caches once more, which is harmless.
  const origin = randomUUID();
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: origin });
  // An idle connection dropped by the server (a restart, a failover) must not bring the process down;
  // the pool opens a new one for the next query.
  pool.on('error', onIdleError);
  const db = drizzleNodePg(stopWhenClientGone(nameKeptStatements(pool)), { schema });
  const changes = postgresChangeFeed(url, origin, onIdleError);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    changes,
    migrate: () =>
      migrateThenDefineFunctions(db as unknown as Db, () => migrateNodePg(db, { migrationsFolder })),
    async withStartupLock(work, onWait) {
      // Not a pooled connection: ending it is what releases the lock, whatever state work left it in.
      const session = new pg.Client({ connectionString: url });
      session.on('error', onIdleError);
      await session.connect();
      try {
        const tried = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          startupLockKey,
        ]);
        if (!tried.rows[0]?.locked) {
          onWait?.();
          await session.query('select pg_advisory_lock($1)', [startupLockKey]);
        }
        return await work();
      } finally {
        await session.end();
      }
    },
    async close() {
      await changes.close();
      await pool.end();
    },
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}
