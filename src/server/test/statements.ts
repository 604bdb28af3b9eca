import type { Db } from '../db/client';

/** What drizzle's drivers call on the client it was given: PGlite and pg.Pool alike. */
interface DriverClient {
  query(...args: unknown[]): Promise<unknown>;
  connect?(...args: unknown[]): Promise<unknown>;
  transaction?(...args: unknown[]): Promise<unknown>;
}

/** The statement text of a driver call: a string, or node-postgres's `{ text }` query config. */
function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'text' in first) return String(first.text);
  return String(first);
}

/**
 * Records every round trip the app makes to the database from now on: each statement sent outside a
 * transaction, and each transaction begun (a pooled connection taken, or PGlite's transaction). Tests
 * hold a route to "one round trip" with it, whichever driver runs underneath.
 */
export function recordStatements(db: Db) {
  // drizzle keeps the client it was given as $client; the sessions call it through that same object.
  const client = (db as unknown as { $client: DriverClient }).$client;
  const statements: string[] = [];
  let transactions = 0;
  const original = { query: client.query, connect: client.connect, transaction: client.transaction };
  client.query = function (this: DriverClient, ...args: unknown[]) {
    statements.push(textOf(args[0]));
    return original.query.apply(this, args);
  };
  for (const name of ['connect', 'transaction'] as const) {
    const method = original[name];
    if (!method) continue;
    client[name] = function (this: DriverClient, ...args: unknown[]) {
      // pg.Pool's own query() checks a connection out with a callback; only a bare checkout is a
      // transaction's.
      if (typeof args[0] !== 'function') transactions += 1;
      return method.apply(this, args);
    };
  }
  return {
    get statements(): readonly string[] {
      return statements;
    },
    /** Round trips so far: statements plus transactions begun. */
    get roundTrips(): number {
      return statements.length + transactions;
    },
    reset() {
      statements.length = 0;
      transactions = 0;
    },
    restore() {
      client.query = original.query;
      if (original.connect) client.connect = original.connect;
      if (original.transaction) client.transaction = original.transaction;
    },
  };
}
