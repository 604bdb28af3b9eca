import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RequestPresence, runAbortable } from '../db/abort';

/**
 * A read whose client has gone stops its database work (src/server/db/abort.ts): under load, a client
 * that gave up left its queries queued, and draining them took up to 47 s on PGlite and 99 s on
 * PostgreSQL while the next clients waited behind them. Reads only: a write whose client left is done
 * to its end, so that the person who pressed the button finds it done or not done, never half done.
 * Registered before the hooks that query (the session, the rate limits), so that they stop too.
 */
export const stopReadsOfGoneClients = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return done();
      const presence: RequestPresence = { aborted: false };
      const response = reply.raw;
      // 'close' also comes after a whole answer; only one cut short means the client has gone.
      response.once('close', () => {
        if (!response.writableFinished) presence.aborted = true;
      });
      // Everything after this hook (the other hooks, the handler, the serialiser) runs in the presence's
      // context, as @fastify/request-context does it.
      runAbortable(presence, done);
    });
  },
  { name: 'stop-reads-of-gone-clients' },
);
