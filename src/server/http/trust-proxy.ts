import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify 5 ignores a bare hop count (it cannot tell the proxy
 * from a client that reached the port directly), so the count becomes a function that trusts the
 * nearest hops: safe only while nothing but the proxy can reach the server, which docs/operations.md says.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  if (trust < 1) return false;
  return (_address: string, hop: number) => hop < trust;
}
