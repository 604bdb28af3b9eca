import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ChangeFeed, postgresChangeFeed, singleProcessChangeFeed } from './change-feed';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database as every service sees it, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

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
  close(): Promise<void>;
}

/** In the bundle the migrations are copied beside main.js; from sources they sit next to this file. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    changes: singleProcessChangeFeed(),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * PostgreSQL's own page cache inside PGlite's WebAssembly memory, which never gives memory back. At the
 * default 128 MB it grew the server by some 165 MB under the API benchmark; the operating system caches
 * the same files anyway, and reads were no slower at 16 MB (docs/decisions.md).
 */
const pgliteSharedBuffers = '16MB';

/** PGlite keeps its files in dataDir; `memory://` gives a throw-away database for tests. */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // Passed at start rather than as `postgresqlconf`, which would overwrite the folder's postgresql.conf.
  const client = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
  });
  return wrapPglite(client);
}

export function openPostgres(
  url: string,
  onIdleError: (error: Error) => void = (error) =>
    console.warn(`Соединение с PostgreSQL прервано: ${error.message}`),
): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (a restart, a failover) must not bring the process down;
  // the pool opens a new one for the next query.
  pool.on('error', onIdleError);
  const db = drizzleNodePg(pool, { schema });
  const changes = postgresChangeFeed(url, pool, onIdleError);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    changes,
    migrate: () => migrateNodePg(db, { migrationsFolder }),
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
