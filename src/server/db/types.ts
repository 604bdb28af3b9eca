import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// Apart from client.ts, so that what the client is built from (kept-statements.ts) can name them too.
export type Schema = typeof schema;
/** The database as every service sees it, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;
