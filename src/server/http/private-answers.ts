import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

const noStore = (reply: FastifyReply) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
};

/**
 * Every API answer that depends on the caller (what a signed-in account sees, the answers to writes,
 * every error) carries `Cache-Control: no-store`, so no browser or shared proxy cache keeps one person's
 * data for the next person at that computer. Public reads (a successful GET of a route marked
 * `publicCache`, for a caller it does not skip) and routes that set their own policy (the immutable
 * images) keep theirs. Decided per route as it is registered, so a public read pays nothing for it;
 * answers of no route (an unknown /api address) are marked by the not-found handler.
 */
export const privateAnswers = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const rule = route.config?.publicCache;
      const markPrivate: onSendHookHandler = rule
        ? (request, reply, payload, done) => {
            const isPublic =
              reply.statusCode < 400 &&
              (request.method === 'GET' || request.method === 'HEAD') &&
              !rule.skip?.(request);
            if (!isPublic) noStore(reply);
            done(null, payload);
          }
        : (_request, reply, payload, done) => {
            noStore(reply);
            done(null, payload);
          };
      route.onSend = [...[route.onSend ?? []].flat(), markPrivate];
    });
  },
  { name: 'private-answers' },
);

/** For answers that no route gives: the not-found handler's and the router's own refusals. */
export const markPrivate = noStore;
