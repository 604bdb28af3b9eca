import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../shared/auth';
import { authErrors, commonErrors } from '../../shared/errors';
import { buildApp } from '../app';
import { foundations, organisationMembers, schools, sessions, users } from '../db/schema';
import { themeInitScriptSource } from '../http/content-security-policy';
import {
  createTestApp,
  createTestDatabase,
  sessionCookieOf,
  signUp,
  type TestContext,
  type TestDatabase,
  testHasher,
} from '../test/test-app';
import { HashingQueue } from './hashing-queue';
import type { PasswordHasher } from './password';
import { ensureAdmin } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const register = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/register', payload: payload as object });
const login = (payload: unknown, url = '/api/login') =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object });
const currentUser = (sid: string | undefined) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', cookies: sid ? { sid } : {} });
const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]?.n;

describe('POST /api/register', () => {
  it('creates a foundation with a pending profile and signs it in', async () => {
    const response = await register({ username: 'fond_nadezhda', password: 'secret123', role: 'foundation' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: 'fond_nadezhda', role: 'foundation' });

    const cookie = response.cookies.find((item) => item.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);

    const me = await currentUser(cookie?.value);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'fond_nadezhda', role: 'foundation' });

    expect(me.json()).toMatchObject({ memberRole: 'owner' });
    const [profile] = await ctx.database.db
      .select({ status: foundations.moderationStatus, memberRole: organisationMembers.role })
      .from(foundations)
      .innerJoin(organisationMembers, eq(organisationMembers.foundationId, foundations.id))
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(eq(users.username, 'fond_nadezhda'));
    expect(profile).toEqual({ status: 'pending', memberRole: 'owner' });
  });

  it('creates a school with its own profile', async () => {
    const response = await register({ username: 'school_57', password: 'secret123', role: 'school' });
    expect(response.statusCode).toBe(201);
    const [profile] = await ctx.database.db
      .select({ status: schools.moderationStatus, memberRole: organisationMembers.role })
      .from(schools)
      .innerJoin(organisationMembers, eq(organisationMembers.schoolId, schools.id))
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(eq(users.username, 'school_57'));
    expect(profile).toEqual({ status: 'pending', memberRole: 'owner' });
  });

  it('stores a scrypt hash, never the password', async () => {
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, 'school_57'));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('secret123');
  });

  it.each([
    [{ username: 'ab', password: 'secret123', role: 'school' }, authMessages.usernameMin],
    [{ username: '   ab   ', password: 'secret123', role: 'school' }, authMessages.usernameMin],
    [{ username: 'school_x', password: '12345', role: 'school' }, authMessages.passwordMin],
    [{ username: 'school_x', password: 'secret123', role: 'volunteer' }, authMessages.roleNotAllowed],
    [{ username: 'school_x', password: 'secret123', role: 'admin' }, authMessages.roleNotAllowed],
    [{ username: 'school_x', password: 'secret123' }, authMessages.chooseAccountType],
    [{ password: 'secret123', role: 'school' }, authMessages.usernameMin],
    [{ username: 'x'.repeat(51), password: 'secret123', role: 'school' }, authMessages.usernameMax],
  ])('refuses %j with a Russian message and creates nothing', async (payload, message) => {
    const before = await userCount();
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('refuses a username that is taken, whatever its letter case', async () => {
    const response = await register({ username: 'FOND_Nadezhda', password: 'another1', role: 'school' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: authErrors.usernameTaken });
  });

  it('answers a missing body with 400', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/register' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: commonErrors.invalidBody });
  });

  it('answers a JSON body that is not an object with 400', async () => {
    const response = await register([1, 2, 3]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: commonErrors.invalidBody });
  });

  it('answers a 1 MB body with 413 before reading it', async () => {
    const before = await userCount();
    const response = await register({
      username: 'big_body',
      password: 'secret123',
      role: 'school',
      pad: 'x'.repeat(1024 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: commonErrors.bodyTooLarge });
    expect(await userCount()).toBe(before);
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a&password=b',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: commonErrors.unsupportedMediaType });
  });

  it('answers broken JSON with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "abc", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: commonErrors.invalidJson });
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and issues a new session id each time', async () => {
    const { sid: firstSid } = await signUp(ctx.app, 'school', 'school_rotation');
    const response = await login({ username: 'School_Rotation', password: 'secret123' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'school_rotation', role: 'school' });
    const secondSid = sessionCookieOf(response);
    expect(secondSid).toBeDefined();
    expect(secondSid).not.toBe(firstSid);
    expect((await currentUser(secondSid)).statusCode).toBe(200);
  });

  it('drops the session the browser held before signing in again', async () => {
    const { sid } = await signUp(ctx.app, 'foundation', 'fond_rotation');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: { sid },
      payload: { username: 'fond_rotation', password: 'secret123' },
    });
    expect(response.statusCode).toBe(200);
    expect((await currentUser(sid)).statusCode).toBe(401);
  });

  it('keeps the session the browser holds after a wrong password, and replaces it after the right one', async () => {
    const { sid } = await signUp(ctx.app, 'school', 'school_keeps_session');
    const signIn = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        cookies: { sid },
        payload: { username: 'school_keeps_session', password },
      });
    expect((await signIn('wrong-password')).statusCode).toBe(401);
    await signUp(ctx.app, 'school'); // an accepted write: no session is answered from memory after it
    expect((await currentUser(sid)).statusCode).toBe(200);

    const right = await signIn('secret123');
    expect(right.statusCode).toBe(200);
    const newSid = sessionCookieOf(right);
    expect(newSid).toBeDefined();
    expect(newSid).not.toBe(sid);
    expect((await currentUser(sid)).statusCode).toBe(401);
    expect((await currentUser(newSid)).statusCode).toBe(200);
  });

  it.each([
    [{ username: 'school_57', password: 'wrong-password' }],
    [{ username: 'nobody_here', password: 'secret123' }],
  ])('answers %j with 401 and the same message', async (payload) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authErrors.wrongCredentials });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it.each([
    [{ username: 'ab', password: 'secret123' }, authMessages.usernameMin],
    [{ username: 'school_57', password: '123' }, authMessages.passwordMin],
  ])('validates %j like the form does', async (payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('answers a missing body, a huge body and a non-JSON body with 4xx', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/login' })).statusCode).toBe(400);
    expect((await login({ username: 'school_57', password: 'x'.repeat(1024 * 1024) })).statusCode).toBe(413);
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('answers 401 to an anonymous caller and to a made-up session', async () => {
    const anonymous = await currentUser(undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: commonErrors.unauthorized });
    expect((await currentUser('a'.repeat(43))).statusCode).toBe(401);
  });

  it('signs out: the session is gone from the database and the cookie is cleared', async () => {
    const { sid } = await signUp(ctx.app, 'school', 'school_logout');
    const response = await ctx.app.inject({ method: 'POST', url: '/api/logout', cookies: { sid } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((item) => item.name === 'sid')?.value).toBe('');
    expect((await currentUser(sid)).statusCode).toBe(401);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.username, 'school_logout'));
    const left = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? -1));
    expect(left).toHaveLength(0);
  });

  it('GET /api/session answers 200 with the user, or null for an anonymous caller', async () => {
    const session = (sid?: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/session', cookies: sid ? { sid } : {} });
    const anonymous = await session();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    expect((await session('a'.repeat(43))).json()).toEqual({ user: null });
    const { sid } = await signUp(ctx.app, 'school', 'school_session');
    expect((await session(sid)).json()).toMatchObject({
      user: { username: 'school_session', role: 'school' },
    });
  });

  it('signing out without a session is harmless', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });
});

describe('POST /api/admin/login', () => {
  beforeAll(async () => {
    await ensureAdmin(ctx.database.db, testHasher, {
      username: 'admin',
      password: 'admin-secret',
      generatePassword: () => 'unused',
    });
  });

  it('signs in an administrator', async () => {
    const response = await login({ username: 'admin', password: 'admin-secret' }, '/api/admin/login');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'admin', role: 'admin' });
    expect(sessionCookieOf(response)).toBeDefined();
  });

  it('refuses a school with 403 and gives it no session', async () => {
    await signUp(ctx.app, 'school', 'school_not_admin');
    const response = await login({ username: 'school_not_admin', password: 'secret123' }, '/api/admin/login');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: authErrors.adminOnly });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('refuses a wrong password with 401', async () => {
    const response = await login({ username: 'admin', password: 'wrong-one' }, '/api/admin/login');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authErrors.wrongCredentials });
  });

  it('keeps the session the browser holds after a wrong password, and replaces it after the right one', async () => {
    const first = await login({ username: 'admin', password: 'admin-secret' }, '/api/admin/login');
    const sid = sessionCookieOf(first);
    const signIn = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        cookies: { sid: sid ?? '' },
        payload: { username: 'admin', password },
      });
    expect((await signIn('wrong-one')).statusCode).toBe(401);
    await signUp(ctx.app, 'school'); // an accepted write: no session is answered from memory after it
    expect((await currentUser(sid)).statusCode).toBe(200);

    const right = await signIn('admin-secret');
    expect(right.statusCode).toBe(200);
    expect((await currentUser(sid)).statusCode).toBe(401);
    expect((await currentUser(sessionCookieOf(right))).statusCode).toBe(200);
  });

  it('does not create a second administrator on the next start', async () => {
    const again = await ensureAdmin(ctx.database.db, testHasher, {
      username: 'admin',
      password: undefined,
      generatePassword: () => 'other-password',
    });
    expect(again).toBeUndefined();
    expect(
      (await login({ username: 'admin', password: 'admin-secret' }, '/api/admin/login')).statusCode,
    ).toBe(200);
  });

  it('nobody can sign up as an administrator', async () => {
    const response = await register({ username: 'new_admin', password: 'secret123', role: 'admin' });
    expect(response.statusCode).toBe(400);
  });
});

describe('request hardening', () => {
  it('refuses a sign-up posted from another site', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { username: 'school_csrf', password: 'secret123', role: 'school' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: commonErrors.foreignOrigin });
  });

  it('accepts a sign-up from the site itself', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { username: 'school_same_site', password: 'secret123', role: 'school' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('sends a content security policy and no framework banner, on answers and on errors alike', async () => {
    const answers = [
      await currentUser(undefined),
      await ctx.app.inject({ method: 'GET', url: '/api/events' }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
    ];
    for (const response of answers) {
      const policy = String(response.headers['content-security-policy']);
      // The one inline script allowed is the page's theme script, by its hash.
      expect(policy).toContain(`script-src 'self' ${themeInitScriptSource};`);
      expect(themeInitScriptSource).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
      expect(policy).not.toMatch(/script-src[^;]*unsafe/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers an unknown API path with a Russian 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: commonErrors.notFound });
  });
});

describe('rate limit', () => {
  it('answers the attempt over the limit with 429 in Russian', async () => {
    const limited = await createTestApp({ authRateLimit: { max: 3, timeWindow: 60_000 } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'nobody', password: 'secret123' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: commonErrors.tooManyRequests });
      // Each route counts on its own: sign-up is still open.
      const register = await limited.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'school_after_limit', password: 'secret123', role: 'school' },
      });
      expect(register.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-in from one address', () => {
  let limited: { app: FastifyInstance; database: TestDatabase };
  const attempt = (username: string, remoteAddress: string, url = '/api/login') =>
    limited.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      payload: { username, password: 'secret123' },
    });

  beforeAll(async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      db: database.db,
      hasher: testHasher,
      changes: database.changes,
      authRateLimit: { max: 3, timeWindow: 60_000 },
      signInAddressRateLimit: { max: 10, timeWindow: 60_000 },
    });
    limited = { app, database };
  });
  afterAll(async () => {
    await limited.app.close();
    await limited.database.release();
  });

  it('answers the 11th attempt with 429 in Russian, however many names it tries', async () => {
    for (let index = 0; index < 10; index += 1) {
      expect((await attempt(`guess_${index}`, '198.51.100.1')).statusCode).toBe(401);
    }
    const blocked = await attempt('guess_10', '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: commonErrors.tooManyRequests });
    // The administrators' door counts with the same attempts.
    expect((await attempt('guess_11', '198.51.100.1', '/api/admin/login')).statusCode).toBe(429);
    // Another address is not held back by this one.
    expect((await attempt('guess_0', '198.51.100.2')).statusCode).toBe(401);
  });

  it('counts sign-ups with the sign-ins, so taken names cannot be probed past the limit', async () => {
    const probe = (username: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '198.51.100.3',
        payload: { username, password: 'secret123', role: 'school' },
      });
    for (let index = 0; index < 8; index += 1) {
      expect((await attempt(`probe_${index}`, '198.51.100.3')).statusCode).toBe(401);
    }
    expect((await probe('probe_school_1')).statusCode).toBe(201);
    expect((await probe('probe_school_1')).statusCode).toBe(409);
    // The address has now tried ten names, whichever door it used.
    const blocked = await probe('probe_school_2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: commonErrors.tooManyRequests });
    expect((await attempt('probe_9', '198.51.100.3')).statusCode).toBe(429);
  });
});

describe('password hashing under load', () => {
  let busy: { app: FastifyInstance; database: TestDatabase };
  const queue = new HashingQueue({ concurrency: 1, maxWaiting: 2 });
  /** Hashing that takes as long as the test wants: the sign-ins pile up in the queue. */
  const gate = { open: () => {}, opened: Promise.resolve() };
  const slowHasher: PasswordHasher = {
    hash: async (password) => {
      await gate.opened;
      return testHasher.hash(password);
    },
    verify: async (password, stored) => {
      await gate.opened;
      return testHasher.verify(password, stored);
    },
    verifyAgainstDummy: async (password) => {
      await gate.opened;
      return testHasher.verifyAgainstDummy(password);
    },
  };

  beforeAll(async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      db: database.db,
      hasher: slowHasher,
      changes: database.changes,
      hashingQueue: queue,
    });
    busy = { app, database };
  });
  afterAll(async () => {
    await busy.app.close();
    await busy.database.release();
  });

  it('answers 503 and 429 in Russian once the queue is full instead of piling up', async () => {
    gate.opened = new Promise((resolve) => {
      gate.open = () => resolve();
    });
    const signIn = (remoteAddress: string, username = `nobody_${remoteAddress}`) =>
      busy.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        payload: { username, password: 'secret123' },
      });
    const admitted = [signIn('192.0.2.1'), signIn('192.0.2.2'), signIn('192.0.2.3')];
    // The first one runs, two wait: the queue is full.
    await vi.waitFor(() => expect(queue.waiting).toBe(2));
    const refused = await signIn('192.0.2.4');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: authErrors.hashingBusy });
    const sameAddress = await signIn('192.0.2.3', 'another_name');
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json()).toEqual({ message: authErrors.tooManyHashesFromAddress });
    const signUpRefused = await busy.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '192.0.2.5',
      payload: { username: 'school_in_rush', password: 'secret123', role: 'school' },
    });
    expect(signUpRefused.statusCode).toBe(503);

    gate.open();
    expect((await Promise.all(admitted)).map((answer) => answer.statusCode)).toEqual([401, 401, 401]);
  });
});
