import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../shared/answers';
import { loginSchema, registerSchema, sessionSchema, sessionUserSchema } from '../../shared/auth';
import { commonErrors } from '../../shared/errors';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
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
  // would otherwise never be counted twice. Both sign-in routes and sign-up share this count.
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
  const tags = ['accounts'];

  app.post(
    '/api/register',
    {
      bodyLimit: authBodyLimit,
      // A sign-up answers whether a name is taken, so it is one more try of a name: it counts with the
      // address's sign-ins, or probing names here would add ten a minute to the thirty of sign-in.
      onRequest: limitSignInsFromAddress,
      config: { rateLimit, leavesAccounts: true as const },
      schema: {
        summary: 'Sign up as a foundation or a school',
        description: `Caller: anyone. Rate limit: 10 per minute per address, and counted with the sign-ins of the
address (30 per minute over all names, as for POST /api/login).

Body \`{ username, password, role }\`: username 3–50 characters (trimmed, unique regardless of case),
password 6–200, role \`foundation\` or \`school\`. At most 4 KB.

201: the user; sets the session cookie. Creates an empty organisation profile in moderation status
\`pending\`.

400: 'Имя пользователя должно содержать минимум 3 символа', 'Пароль должен содержать минимум 6
символов', 'Выберите тип аккаунта' (no role), 'Зарегистрироваться можно только как фонд или школа'
(\`admin\`, \`volunteer\` or anything else), 'Отправьте данные в формате JSON' (no body or not an object),
invalid JSON. 409: 'Пользователь с таким именем уже существует'. 429 after the rate limit; 429 and 503
also when the password-hashing queue is full, as for POST /api/login.`,
        tags,
        body: registerSchema,
        response: { 201: sessionUserSchema, ...failures(409, 429, 503) },
      },
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
      schema: {
        summary: 'Sign in',
        description: `Caller: anyone. Rate limit: 10 per minute per address and account, and 30 per minute per
address over all names (shared with POST /api/admin/login).

Body \`{ username, password }\` (same length rules as sign-up; the name is matched regardless of case).
At most 4 KB.

200: the user; sets a new session cookie and deletes the session the browser held before (only after a
right password: a wrong one leaves it signed in).

400 as for sign-up. 401: 'Неверное имя пользователя или пароль' (the same for an unknown name). 429
'Слишком много попыток. Попробуйте снова через минуту'. When the password-hashing queue is full: 429
'Слишком много одновременных попыток входа с вашего адреса. Дождитесь ответа и попробуйте снова' to the
address holding the most checks, else 503 'Сервер сейчас перегружен попытками входа. Попробуйте через
минуту'.`,
        tags,
        body: loginSchema,
        response: { 200: sessionUserSchema, ...failures(401, 429, 503) },
      },
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
      schema: {
        summary: 'Sign in as the administrator',
        description: `As POST /api/login (the same rate limits, counted together with it), but 403 'Доступ
только для администраторов' for any other role, and then no session is created.`,
        tags,
        body: loginSchema,
        response: { 200: sessionUserSchema, ...failures(401, 403, 429, 503) },
      },
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
      schema: {
        summary: 'Sign out',
        description: `Caller: anyone; no body. 200 \`{ message: 'Вы вышли из аккаунта' }\`; deletes the
session and clears the cookie. 429 after 60 per minute.`,
        tags,
        response: { 200: messageSchema },
      },
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
      schema: {
        summary: 'The signed-in user',
        description: "Caller: signed in. 200: the user. 401 'Необходима авторизация' when anonymous.",
        tags,
        response: { 200: sessionUserSchema },
      },
    },
    async (request) => request.user,
  );

  // What the web app asks on every page. For it an anonymous visitor is a normal answer: /api/user's 401
  // would put a failed request into the browser console of every public page.
  app.get(
    '/api/session',
    {
      ...asItIs,
      schema: {
        summary: 'The session of this browser, signed in or not',
        description: `Caller: anyone. 200 \`{ user }\`: the signed-in user, or \`null\` for an anonymous caller.
The web app asks this one, so a visitor's browser logs no failed request on every page.`,
        tags,
        response: { 200: sessionSchema },
      },
    },
    async (request) => ({ user: request.user ?? null }),
  );
};
