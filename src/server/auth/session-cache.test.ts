import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../db/schema';
import {
  createTestApp,
  openSecondApp,
  type SecondApp,
  signUp,
  type TestContext,
  testHasher,
} from '../test/test-app';
import { SessionCache, sessionCacheMaxAgeMs } from './session-cache';
import { createSession } from './sessions';

const user = {
  id: 1,
  username: 'school_1',
  role: 'school' as const,
  memberRole: 'owner' as const,
  organisationId: 1,
};

describe('SessionCache', () => {
  it('asks the database again once expiry or renewal is due', () => {
    const cache = new SessionCache();
    cache.store('hash', cache.generation, user, 1_000);
    expect(cache.lookup('hash', 999)).toEqual(user);
    expect(cache.lookup('hash', 1_000)).toBeUndefined();
  });

  it('asks the database again after a minute at most, even when renewal is far off', () => {
    const cache = new SessionCache();
    cache.store('hash', cache.generation, user, 30 * 24 * 3600_000, 1_000);
    expect(cache.lookup('hash', 1_000 + sessionCacheMaxAgeMs - 1)).toEqual(user);
    expect(cache.lookup('hash', 1_000 + sessionCacheMaxAgeMs)).toBeUndefined();
    expect(sessionCacheMaxAgeMs).toBeLessThanOrEqual(60_000);
  });

  it('never keeps a session read while a change was announced, and forgets all on a change', () => {
    const cache = new SessionCache(2);
    const readStartedAt = cache.generation;
    cache.invalidate();
    cache.store('stale', readStartedAt, user, 5_000);
    expect(cache.lookup('stale', 0)).toBeUndefined();

    cache.store('a', cache.generation, user, 5_000);
    cache.store('b', cache.generation, user, 5_000);
    cache.store('c', cache.generation, user, 5_000);
    expect(cache.lookup('a', 0)).toBeUndefined(); // the oldest made room
    expect(cache.lookup('c', 0)).toEqual(user);
    cache.invalidate();
    expect(cache.lookup('c', 0)).toBeUndefined();
  });
});

describe('a remembered session ends on the next request after it is revoked', () => {
  let ctx: TestContext;
  let adminSid: string;
  const whoAmI = (sid: string) => ctx.app.inject({ method: 'GET', url: '/api/user', cookies: { sid } });

  beforeAll(async () => {
    ctx = await createTestApp();
    const [admin] = await ctx.database.db
      .insert(users)
      .values({ username: 'session_admin', passwordHash: await testHasher.hash('secret123'), role: 'admin' })
      .returning({ id: users.id });
    adminSid = (await createSession(ctx.database.db, admin?.id ?? 0)).sessionId;
  });
  afterAll(() => ctx.close());

  it('is remembered: a session deleted behind the API still answers until a change is announced', async () => {
    const { sid, user: school } = await signUp(ctx.app, 'school');
    expect((await whoAmI(sid)).statusCode).toBe(200);
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, school.id));
    expect((await whoAmI(sid)).statusCode).toBe(200);
    // A write that touches no account keeps the remembered session: no query, so it still answers.
    await signUp(ctx.app, 'school');
    expect((await whoAmI(sid)).statusCode).toBe(200);
    const other = await signUp(ctx.app, 'school');
    await ctx.app.inject({ method: 'POST', url: '/api/logout', cookies: { sid: other.sid } });
    expect((await whoAmI(sid)).statusCode).toBe(401);
  });

  it('ends at sign-out', async () => {
    const { sid } = await signUp(ctx.app, 'school');
    expect((await whoAmI(sid)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', cookies: { sid } })).statusCode).toBe(
      200,
    );
    expect((await whoAmI(sid)).statusCode).toBe(401);
  });

  it('ends when the administrator deletes the account', async () => {
    const { sid, user: school } = await signUp(ctx.app, 'school');
    expect((await whoAmI(sid)).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${school.id}`,
      cookies: { sid: adminSid },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await whoAmI(sid)).statusCode).toBe(401);
  });

  it('shows a new username on the next request', async () => {
    const { sid } = await signUp(ctx.app, 'foundation', 'fond_before');
    expect((await whoAmI(sid)).json()).toMatchObject({ username: 'fond_before' });
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      cookies: { sid },
      payload: {
        username: 'fond_after',
        fullName: 'Фонд «Новое имя»',
        description: 'Фонд, который меняет имя входа в тесте.',
        address: 'Москва, ул. Лесная, д. 12',
        phone: '+7 (495) 123-45-67',
        email: 'fond@example.org',
        directions: ['social'],
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await whoAmI(sid)).json()).toMatchObject({ username: 'fond_after' });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a session signed out on one process, on PostgreSQL', () => {
  let ctx: TestContext;
  let second: SecondApp;

  beforeAll(async () => {
    ctx = await createTestApp();
    second = await openSecondApp(ctx);
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('is refused by the other process once PostgreSQL has delivered the notification', async () => {
    const heard = async (write: () => Promise<unknown>) => {
      const before = second.app.publicCache.generation;
      await write();
      await vi.waitFor(() => expect(second.app.publicCache.generation).toBeGreaterThan(before));
    };
    let sid = '';
    await heard(async () => {
      sid = (await signUp(ctx.app, 'school')).sid;
    });
    const onSecond = () => second.app.inject({ method: 'GET', url: '/api/user', cookies: { sid } });
    expect((await onSecond()).statusCode).toBe(200);
    expect((await onSecond()).statusCode).toBe(200); // now remembered by the second process
    // A sign-out changes no public answer: the second process forgets the session, not its pages.
    await ctx.app.inject({ method: 'POST', url: '/api/logout', cookies: { sid } });
    await vi.waitFor(async () => expect((await onSecond()).statusCode).toBe(401));
  });
});
