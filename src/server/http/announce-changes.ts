import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/change-feed';
import type { ChangedTags } from '../db/change-topics';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's writes never end a session nor change an account, so remembered sessions stay. Only
     * routes that say so keep them: forgetting the mark costs speed, never a revoked session honoured.
     */
    leavesAccounts?: true;
    /**
     * What public content the route's writes may change (src/server/http/cache-rules.ts), so that only
     * the cached answers showing it are dropped. Without it every cached answer is: forgetting it costs
     * speed, never a stale page.
     */
    publicChanges?: (request: FastifyRequest) => ChangedTags;
  }
  interface FastifyInstance {
    /** Every state-changing API route and what it says of its writes, as registered. */
    writeRoutes: readonly WriteRoute[];
  }
}

export interface WriteRoute {
  method: string;
  url: string;
  leavesAccounts: boolean;
  /** False: the route cannot say what public content it changes, and drops every cached answer. */
  describesPublicChanges: boolean;
}

/**
 * Announces every state-changing API request that may have changed something to this process's caches,
 * before its answer leaves: any answer but a 4xx, since a refused request changes nothing. What the
 * process keeps in memory (public answers, sessions) listens to the feed, so no write path can forget
 * to tell it. Other processes on the same PostgreSQL hear of the write from the database's triggers.
 */
export const announceChanges = fp(
  async (app: FastifyInstance, { changes }: { changes: ChangeFeed }) => {
    const writeRoutes: WriteRoute[] = [];
    app.decorate('writeRoutes', writeRoutes);
    // Decided once per route as it is registered: only writes carry the hook, and their rule is read once.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat().filter((method) => !safeMethods.has(method));
      if (methods.length === 0 || !route.url.startsWith('/api/')) return;
      const accounts = route.config?.leavesAccounts !== true;
      const publicChanges = route.config?.publicChanges;
      for (const method of methods) {
        writeRoutes.push({
          method,
          url: route.url,
          leavesAccounts: !accounts,
          describesPublicChanges: publicChanges !== undefined,
        });
      }
      // A callback hook, not an async one: a promise per request shows.
      const announce: onSendHookHandler = (request, reply, payload, done) => {
        if (!safeMethods.has(request.method) && (reply.statusCode < 400 || reply.statusCode >= 500)) {
          // A failed write may have stopped anywhere: it cannot say what it changed.
          const tags = reply.statusCode < 400 && publicChanges ? publicChanges(request) : undefined;
          changes.publish({ accounts, tags });
        }
        done(null, payload);
      };
      route.onSend = [announce, ...[route.onSend ?? []].flat()];
    });
  },
  { name: 'announce-changes' },
);
