import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, messageSchema, registerSchema, sessionUserSchema } from '../../shared/auth';
import type { Db } from '../db/client';
import { requireUser } from './guards';
import type { PasswordHasher } from './password';
import { adminLogin, login, register } from './service';
import { deleteSession } from './sessions';

export interface AuthRoutesOptions {
  db: Db;
  hasher: PasswordHasher;
  /** Attempts per client address and route (sign-in: per address and account) within the window. */
  authRateLimit: { max: number; timeWindow: number };
}

/** Sign-up and sign-in forms are tiny; anything bigger is refused before it is parsed. */
const authBodyLimit = 4 * 1024;

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, hasher, authRateLimit },
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
  const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 409: messageSchema };

  app.post(
    '/api/register',
    {
      bodyLimit: authBodyLimit,
      config: { rateLimit },
      schema: { body: registerSchema, response: { 201: sessionUserSchema, ...errors } },
    },
    async (request, reply) => {
      const signedIn = await register(db, hasher, request.body);
      reply.setSessionCookie(signedIn.sessionId, signedIn.expiresAt);
      return reply.status(201).send(signedIn.user);
    },
  );

  app.post(
    '/api/login',
    {
      bodyLimit: authBodyLimit,
      config: { rateLimit: signInRateLimit },
      schema: { body: loginSchema, response: { 200: sessionUserSchema, ...errors } },
    },
    async (request, reply) => {
      // A new session id on every sign-in; the one the browser held before is dropped.
      if (request.sessionId) await deleteSession(db, request.sessionId);
      const signedIn = await login(db, hasher, request.body);
      reply.setSessionCookie(signedIn.sessionId, signedIn.expiresAt);
      return signedIn.user;
    },
  );

  app.post(
    '/api/admin/login',
    {
      bodyLimit: authBodyLimit,
      config: { rateLimit: signInRateLimit },
      schema: { body: loginSchema, response: { 200: sessionUserSchema, ...errors } },
    },
    async (request, reply) => {
      const signedIn = await adminLogin(db, hasher, request.body);
      if (request.sessionId) await deleteSession(db, request.sessionId);
      reply.setSessionCookie(signedIn.sessionId, signedIn.expiresAt);
      return signedIn.user;
    },
  );

  app.post(
    '/api/logout',
    { bodyLimit: authBodyLimit, schema: { response: { 200: messageSchema } } },
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
      preValidation: requireUser,
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
