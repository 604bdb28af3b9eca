import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * HEAD answers for addresses no route names: the not-found handler serves the pages and the 404s of
 * HEAD as of GET, and this drops the body while keeping its length, as Fastify does itself for the
 * HEAD routes it adds beside every GET route.
 */
export const headRequests = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method !== 'HEAD' || !request.is404) return done(null, payload);
      if (payload === undefined || payload === null) {
        reply.header('content-length', '0');
      } else if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        reply.header('content-length', String(Buffer.byteLength(payload)));
      } else if (typeof (payload as Readable).resume === 'function') {
        // A file sent by @fastify/static already carries its length; only its bytes are dropped.
        (payload as Readable).resume();
      }
      done(null, null);
    });
  },
  { name: 'head-requests' },
);
