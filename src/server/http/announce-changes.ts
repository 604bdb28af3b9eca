import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/change-feed';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's writes never end a session nor change an account, so remembered sessions stay. Only
     * routes that say so keep them: forgetting the mark costs speed, never a revoked session honoured.
     */
    leavesAccounts?: true;
  }
}

/**
 * Announces every state-changing API request that may have changed something to this process's caches,
 * before its answer leaves: any answer but a 4xx, since a refused request changes nothing. What the
 * process keeps in memory (public answers, sessions) listens to the feed, so no write path can forget
 * to tell it. Other processes on the same PostgreSQL hear of the write from the database's triggers.
 */
export const announceChanges = fp(
  async (app: FastifyInstance, { changes }: { changes: ChangeFeed }) => {
    // A callback hook, not an async one: it runs on every request, and a promise per request shows.
    app.addHook('onSend', (request, reply, payload, done) => {
      const mayHaveChanged = reply.statusCode < 400 || reply.statusCode >= 500;
      if (mayHaveChanged && !safeMethods.has(request.method) && request.url.startsWith('/api/')) {
        changes.publish(request.routeOptions.config.leavesAccounts ? 'content' : 'accounts');
      }
      done(null, payload);
    });
  },
  { name: 'announce-changes' },
);
