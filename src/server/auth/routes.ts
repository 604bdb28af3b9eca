import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { loginSchema, registerSchema, sessionUserSchema } from '../../shared/auth';
import { commonErrors } from '../../shared/errors';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { requireUser } from './guards';
import type { PasswordHasher } from './password';
import { adminLogin, login, register } from './service';
import { deleteSession } from './sessions';

export interface AuthRoutesOptions {
  db: Db;
  /** The password hasher for one client address: its work waits its turn in the hashing queue. */
  hasherFor: (client: string) => PasswordHasher;
  /** Attempts per client address and route (sign-in: per address and account) within the window. */
  authRateLimit: { max: number; timeWindow: number };
  /** Sign-in attempts per client address, whatever the names, within the window. */
  signInAddressRateLimit: { max: number; timeWindow: number };
  /** Signing out, like every other write. */
  writeRateLimit: { max: number; timeWindow: number };
}

/** Sign-up and sign-in forms are tiny; anything bigger is refused before it is parsed. */
const authBodyLimit = 4 * 1024;

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, hasherFor, authRateLimit, signInAddressRateLimit, writeRateLimit },
) => {
  const rateLimit = { max: authRateLimit.max, timeWindow: authRateLimit.timeWindow };
  // Sign-in attempts count per address and account, after the body is read: a guesser elsewhere cannot
  // lock the real user out, and a school's shared address does not lock out its other accounts. The
  // count clears with the window, so nobody is locked out for longer than that.
  const signInRateLimit = {
    ...rateLimit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const { username } = (request.body ?? {}) as { username?: unknown };
      return `${request.ip} ${typeof username === 'string' ? username.toLowerCase() : ''}`;
    },
  };
  // And per address over all names, before the body is read: one address trying a new name each time
  // would otherwise never be counted twice. Both sign-in routes share this count.
  const signInsFromAddress = app.createRateLimit({
    ...signInAddressRateLimit,
    keyGenerator: (request) => `sign-in ${request.ip}`,
  });
  const limitSignInsFromAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    const count = await signInsFromAddress(request);
    if (!count.isAllowed && count.isExceeded) {
      reply.header('retry-after', String(count.ttlInSeconds));
      throw new HttpError(429, commonErrors.tooManyRequests);
    }
  };
  const errors = {
    400: messageSchema,
    401: messageSchema,
    403: messageSchema,
    409: messageSchema,
    429: messageSchema,
    503: messageSchema,
  };

  app.post(
    '/api/register',
    {
      bodyLimit: authBodyLimit,
      config: { rateLimit },
      schema: { body: registerSchema, response: { 201: sessionUserSchema, ...errors } },
    },
    async (request, reply) => {
      const signedIn = await register(db, hasherFor(request.ip), request.body);
      reply.setSessionCookie(signedIn.sessionId, signedIn.expiresAt);
      return reply.status(201).send(signedIn.user);
    },
  );

  app.post(
    '/api/login',
    {
      bodyLimit: authBodyLimit,
      onRequest: limitSignInsFromAddress,
      config: { rateLimit: signInRateLimit },
      schema: { body: loginSchema, response: { 200: sessionUserSchema, ...errors } },
    },
    async (request, reply) => {
      const signedIn = await login(db, hasherFor(request.ip), request.body);
      // A new session id on every sign-in; the one the browser held before is dropped, but only now that
      // the password was right: a wrong guess must not sign the browser's owner out.
      if (request.sessionId) await deleteSession(db, request.sessionId);
      reply.setSessionCookie(signedIn.sessionId, signedIn.expiresAt);
      return signedIn.user;
    },
  );

  app.post(
    '/api/admin/login',
    {
      bodyLimit: authBodyLimit,
      onRequest: limitSignInsFromAddress,
      config: { rateLimit: signInRateLimit },
      schema: { body: loginSchema, response: { 200: sessionUserSchema, ...errors } },
    },
    async (request, reply) => {
      const signedIn = await adminLogin(db, hasherFor(request.ip), request.body);
      if (request.sessionId) await deleteSession(db, request.sessionId);
      reply.setSessionCookie(signedIn.sessionId, signedIn.expiresAt);
      return signedIn.user;
    },
  );

  app.post(
    '/api/logout',
    {
      bodyLimit: authBodyLimit,
      config: { rateLimit: writeRateLimit },
      schema: { response: { 200: messageSchema } },
    },
    async (request, reply) => {
      if (request.sessionId) await deleteSession(db, request.sessionId);
      reply.clearSessionCookie();
      return { message: 'Вы вышли из аккаунта' };
    },
  );

  // request.user is built field by field in resolveSession, so it is written out as it is: the zod pass
  // of the response schemas (kept for the shape and the docs) was a tenth of these frequent requests.
  const asItIs = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

  app.get(
    '/api/user',
    {
      ...asItIs,
      onRequest: requireUser,
      schema: { response: { 200: sessionUserSchema, 401: messageSchema } },
    },
    async (request) => request.user,
  );

  // What the web app asks on every page. For it an anonymous visitor is a normal answer: /api/user's 401
  // would put a failed request into the browser console of every public page.
  app.get(
    '/api/session',
    { ...asItIs, schema: { response: { 200: z.object({ user: sessionUserSchema.nullable() }) } } },
    async (request) => ({ user: request.user ?? null }),
  );
};
