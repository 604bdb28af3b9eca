import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Thrown instead of sending a statement for a request whose client has gone: nobody will read the
 * answer, so the rest of its database work is not done. The error handler lets it pass quietly.
 */
export class ClientGoneError extends Error {
  constructor() {
    super('The client has gone; the request stops before its next statement');
    this.name = 'ClientGoneError';
  }
}

/**
 * Whether a request's client has gone, set once by whoever watches its connection. A plain flag, not an
 * AbortSignal: one is made for every read, cached ones too, and an AbortController with its event target
 * was a twentieth of the server thread's work on a cached answer.
 */
export interface RequestPresence {
  aborted: boolean;
}

/** The presence of the request being served, carried through its awaits. */
const requestPresence = new AsyncLocalStorage<RequestPresence>();

/** Runs `work`, and everything it starts, as a request that stops once `presence.aborted` is set. */
export function runAbortable<T>(presence: RequestPresence, work: () => T): T {
  return requestPresence.run(presence, work);
}

/** True when the request being served has lost its client; false outside any request. */
export function clientGone(): boolean {
  return requestPresence.getStore()?.aborted === true;
}

/** What drizzle's drivers call on their client to begin work: PGlite's and pg.Pool's alike. */
const entryPoints = ['query', 'exec', 'connect', 'transaction'] as const;

const stoppingClients = new WeakSet<object>();

/**
 * Makes `client` refuse to begin work for a request whose client has gone: a statement sent on its own,
 * a pooled connection taken, a transaction begun. Statements inside a transaction already begun still
 * run, so that it ends by its own COMMIT or ROLLBACK and never half way. Changes `client` in place: its
 * methods are replaced, not wrapped in a Proxy, so that PGlite's private fields keep working and
 * drizzle's `instanceof Pool` still holds.
 */
export function stopWhenClientGone<Client extends object>(client: Client): Client {
  // Wrapped once: a client wrapped again (a test database handed to the next file) would check twice.
  if (stoppingClients.has(client)) return client;
  stoppingClients.add(client);
  const methods = client as unknown as Record<string, unknown>;
  for (const name of entryPoints) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = function (this: unknown, ...args: unknown[]) {
      // pg.Pool's own query() takes its connection with a callback: the query was already let through.
      if (clientGone() && typeof args[0] !== 'function') return Promise.reject(new ClientGoneError());
      return original.apply(this, args);
    };
  }
  return client;
}

/** True for a ClientGoneError, also as the cause of the error drizzle wraps a failed statement in. */
export function isClientGone(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof ClientGoneError) return true;
  }
  return false;
}
