import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the server shuts down, every answer tells the client to close its connection. Otherwise a
 * browser's keep-alive connection, idle after its last answer, would hold the shutdown open until the
 * keep-alive timeout (http/server-timeouts.ts), after the last request in flight was answered.
 */
export const closeConnectionsOnShutdown = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'close-connections-on-shutdown' },
);
