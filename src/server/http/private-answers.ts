import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** An answer every visitor gets alike: a successful read of a route marked `publicCache`. */
function isPublicAnswer(request: FastifyRequest, statusCode: number): boolean {
  const rule = request.routeOptions.config.publicCache;
  if (!rule || statusCode >= 400) return false;
  return (request.method === 'GET' || request.method === 'HEAD') && !rule.skip?.(request);
}

/**
 * Every API answer that depends on the caller (what a signed-in account sees, the answers to writes,
 * every error) carries `Cache-Control: no-store`, so no browser or shared proxy cache keeps one person's
 * data for the next person at that computer. Public reads, and routes that set their own policy (the
 * immutable images), keep theirs.
 */
export const privateAnswers = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        request.url.startsWith('/api/') &&
        !reply.hasHeader('cache-control') &&
        !isPublicAnswer(request, reply.statusCode)
      ) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'private-answers' },
);
