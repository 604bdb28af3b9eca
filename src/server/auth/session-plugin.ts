import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../../shared/auth';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/client';
import { SessionCache } from './session-cache';
import { resolveSession, sessionCookieName } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | undefined;
    sessionId: string | undefined;
  }
  interface FastifyReply {
    setSessionCookie(sessionId: string, expiresAt: Date): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

/** Reads the session cookie of every API request and puts the signed-in user on the request. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; secureCookie: boolean; changes: ChangeFeed }) => {
    const cache = new SessionCache();
    options.changes.onChange((change) => {
      if (change.accounts) cache.invalidate();
    });
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: options.secureCookie,
    };

    app.decorateRequest('user', undefined);
    app.decorateRequest('sessionId', undefined);
    app.decorateReply('setSessionCookie', function (this: FastifyReply, sessionId: string, expiresAt: Date) {
      return this.setCookie(sessionCookieName, sessionId, { ...cookieOptions, expires: expiresAt });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(sessionCookieName, cookieOptions);
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const sessionId = request.cookies[sessionCookieName];
      if (!sessionId) return;
      // While the feed is down a session may have been revoked by another process unnoticed.
      const session = await resolveSession(options.db, sessionId, options.changes.live ? cache : undefined);
      if (!session) {
        reply.clearSessionCookie();
        return;
      }
      request.user = session.user;
      request.sessionId = sessionId;
      if (session.renewedUntil) reply.setSessionCookie(sessionId, session.renewedUntil);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
