// Statements kept per connection: PostgreSQL parses and plans a named statement once per connection
// and keeps it, where a statement sent as text is parsed and planned on every run. For the reads and
// writes sent many times a second whose planning costs as much as their running (issue 27).
import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './types';

const dialect = new PgDialect();

/** Begins the names given to Drizzle, which the connection completes from the text it is sent. */
const keptLabelPrefix = 'kept:';

/** A kept statement's name: its label and its text, so that each distinct text is kept once. */
const statementName = (label: string, text: string) =>
  `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;

/**
 * rowsOf for a statement sent many times a second, which PostgreSQL then parses and plans once per
 * connection and keeps: planning the statements that register and cancel an application took 2.5-4.6
 * of their 7 ms on PGlite at 50,000 events, and the write path doubled without it (issue 27). The
 * statement is named by `label` and its text, as keptStatement's are (nameKeptStatements). For
 * statements whose best plan does not depend on the values (lookups by key): after five executions
 * PostgreSQL may keep one generic plan for all values.
 */
export async function preparedRowsOf<T>(db: DbOrTx, label: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(
    dialect.sqlToQuery(query),
    undefined,
    `${keptLabelPrefix}${label}`,
    false,
  );
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

/**
 * A statement of one fixed shape that signed-in pages send many times a second (the notification poll,
 * the profile), built and named once per database; its values are placeholders given at each run. On
 * PGlite at 50,000 events the poll took 0.85-1.3 ms as text and 0.3 ms kept. Only for statements whose
 * columns are named, so that a migration adding a column leaves the kept statement's answer the same.
 */
export function preparedPerDatabase<Statement>(build: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  // Keyed by the database or the transaction: a transaction's statement runs on its own connection, and
  // is built again for the next transaction.
  const prepared = new WeakMap<DbOrTx, Statement>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = build(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

/** A read built per request that Drizzle can run under a statement name. */
interface KeepableQuery<Answer> {
  prepare(name: string): { execute(): Promise<Answer> };
}

/**
 * How many statements keptStatement names per connection: a filter's every combination is a text of
 * its own, and each kept one holds its plan in the session for good (on PGlite in WebAssembly memory
 * that never shrinks). Past it, a new text runs as text.
 */
export const keptStatementsPerConnection = 300;

/**
 * Runs a read that requests send with different values as a statement kept per connection, named by
 * `label` and its text, as preparedRowsOf does for raw statements. The pages and the items of the lists
 * cost more to plan than to run (a page of an events list 2.1 ms as text, 0.8 ms kept on PGlite at
 * 50,000 events; an event 2.4 ms and 1.0 ms). Not for searches: a plan kept for every search word
 * ranked «парк» in 98 ms where planning it for the word took 60.
 *
 * The name is completed by the connection (nameKeptStatements), which holds the text: asking Drizzle
 * for the text here built the statement a second time, a quarter of the server thread's work on an
 * uncached event at 50,000 events (issue 27). A pool built without nameKeptStatements would send the
 * bare label as the name, and PostgreSQL refuses a second text under one name: db/client.ts builds
 * every pool of the server with it.
 */
export function keptStatement<Answer>(label: string, query: KeepableQuery<Answer>): Promise<Answer> {
  return query.prepare(`${keptLabelPrefix}${label}`).execute();
}

/** A statement as node-postgres is given it: a text, or a config that may name it. */
type QueryArgument = string | { name?: string; text?: string };
type Query = (statement: QueryArgument, ...rest: unknown[]) => unknown;

/**
 * Makes each connection of `pool` complete the names keptStatement and preparedRowsOf give with a hash
 * of the statement's text, so that each distinct text is kept once per connection, and send its texts
 * past keptStatementsPerConnection unnamed. A connection's method is replaced, as stopWhenClientGone
 * does the pool's, so that statements inside a transaction (preparedRowsOf's writes) are named alike.
 */
export function nameKeptStatements<Pool extends EventEmitter>(pool: Pool): Pool {
  pool.on('connect', (connection: { query: Query }) => {
    const names = new Map<string, string>();
    const query = connection.query;
    connection.query = function (this: unknown, statement, ...rest) {
      if (typeof statement !== 'object' || !statement.name?.startsWith(keptLabelPrefix) || !statement.text) {
        return query.call(this, statement, ...rest);
      }
      const key = `${statement.name}\n${statement.text}`;
      let name = names.get(key);
      if (name === undefined && names.size < keptStatementsPerConnection) {
        name = statementName(statement.name.slice(keptLabelPrefix.length), statement.text);
        names.set(key, name);
      }
      return query.call(this, { ...statement, name }, ...rest);
    };
  });
  return pool;
}

/**
 * `column = any(ids)` in one parameter, where inArray writes one per id: a page's rows read by their ids
 * keep one statement text whatever the page's size, so that keptStatement keeps one statement.
 */
export const isAnyOf = (column: AnyPgColumn, ids: number[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::int[])`;

/** isAnyOf in a statement built once (preparedPerDatabase): the ids are given at each run as `ids`. */
export const isAnyOfGivenIds = (column: AnyPgColumn): SQL =>
  sql`${column} = any(${sql.placeholder('ids')}::int[])`;

/**
 * The ids of one page of a list, in the list's order, read on its order index before anything is joined
 * to them; the caller then reads those rows whole (isAnyOf). As one statement PostgreSQL joins and
 * computes every row the offset skips before dropping it (400 applications with their events and hours
 * for page 20 of a school's twenty). Two statements rather than one with the page as a subquery, whose
 * generic plan, blind to the page's size, looked dearer, so that it was planned again on every request.
 */
export async function pageIds(
  db: Db,
  label: string,
  id: AnyPgColumn<{ data: number; notNull: true }>,
  list: { where: SQL | undefined; order: SQL[] },
  { page, limit }: { page: number; limit: number },
): Promise<number[]> {
  const rows = await keptStatement(
    label,
    db
      .select({ id })
      .from(id.table)
      .where(list.where)
      .orderBy(...list.order)
      .limit(limit)
      .offset((page - 1) * limit),
  );
  return rows.map((row) => row.id);
}

/**
 * A page of a list read in two statements, as pageIds says why: its ids on the list's index, then those
 * rows whole by `rowsOf`, usually a statement built once that takes the ids (isAnyOfGivenIds).
 */
export async function pageOfRows<Row>(
  db: Db,
  label: string,
  id: AnyPgColumn<{ data: number; notNull: true }>,
  list: { where: SQL | undefined; order: SQL[] },
  page: { page: number; limit: number },
  rowsOf: (ids: number[]) => Promise<Row[]>,
): Promise<Row[]> {
  const ids = await pageIds(db, label, id, list, page);
  return ids.length === 0 ? [] : rowsOf(ids);
}
