import type { FastifyServerOptions } from 'fastify';

export interface ServerTimeouts {
  /**
   * A request, headers and body, must have arrived in full within this time; a client sending it
   * slowly then gets 408 and its connection is closed, so it cannot hold a connection for good.
   */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

export const defaultServerTimeouts: ServerTimeouts = { requestMs: 30_000, keepAliveMs: 5_000 };

/**
 * The server options that keep `timeouts`. Node looks at the request and header clocks only every
 * `connectionsCheckingInterval` (30 s unless told), so a slow request could live for twice its time;
 * the check runs every second here (more often for short test times) and the clock is shortened by
 * that interval, so a request is cut off within `requestMs` at the latest.
 */
export function serverTimeoutOptions(timeouts: ServerTimeouts): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout'
> & {
  http: { connectionsCheckingInterval: number; headersTimeout: number; requestTimeout: number };
} {
  const checkEveryMs = Math.max(50, Math.min(1_000, Math.floor(timeouts.requestMs / 10)));
  const requestTimeout = timeouts.requestMs - checkEveryMs;
  return {
    requestTimeout,
    keepAliveTimeout: timeouts.keepAliveMs,
    // A connection on which nothing moves either way, such as a client that stops reading a long
    // answer, is closed too; twice the request time leaves room for the slowest legitimate answer.
    connectionTimeout: 2 * timeouts.requestMs,
    http: { connectionsCheckingInterval: checkEveryMs, headersTimeout: requestTimeout, requestTimeout },
  };
}
