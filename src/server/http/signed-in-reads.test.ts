import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSession, resolveSession, sessionLifetimeMs } from '../auth/sessions';
import { notifications, sessions } from '../db/schema';
import {
  createApplication,
  createEvent,
  createFoundation,
  createSchool,
  eventFormInput,
} from '../test/factories';
import { recordStatements } from '../test/statements';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Issue 27: what every signed-in page asks, and the dashboard polls every 30 s, costs one round trip to
 * the database each: the session on a cache miss, the profile, the notification check and the
 * foundation's counters.
 */
describe('signed-in reads are one round trip each', () => {
  let ctx: TestContext;
  let recorder: ReturnType<typeof recordStatements>;
  let foundationUserId: number;
  let schoolUserId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ logger: { level: 'error' } });
    const { db } = ctx.database;
    const foundation = await createFoundation(db);
    const school = await createSchool(db);
    foundationUserId = foundation.userId;
    schoolUserId = school.userId;
    const upcoming = await createEvent(db, foundation.id, { date: '2099-05-01' });
    const other = await createEvent(db, foundation.id, { date: '2099-05-02' });
    await createEvent(db, foundation.id, { date: '2020-05-02', status: 'completed' });
    await createApplication(db, {
      eventId: upcoming.id,
      schoolId: school.id,
      participantCount: 3,
      status: 'pending',
    });
    await createApplication(db, {
      eventId: other.id,
      schoolId: school.id,
      participantCount: 2,
      status: 'pending',
    });
    const otherSchool = await createSchool(db);
    await createApplication(db, {
      eventId: upcoming.id,
      schoolId: otherSchool.id,
      participantCount: 4,
      status: 'approved',
    });
    await db.insert(notifications).values({ userId: school.userId, kind: 'test', text: 'Новое' });
    recorder = recordStatements(db);
  });
  afterEach(() => recorder.reset());
  afterAll(async () => {
    recorder.restore();
    await ctx.close();
  });

  /** A session the app has never seen, so that its first request misses the session cache. */
  const freshSession = async (userId: number) => (await createSession(ctx.database.db, userId)).sessionId;

  /** Reads `url` as `sid` and answers with the round trips the request cost. */
  async function read(url: string, sid: string) {
    recorder.reset();
    const response = await ctx.app.inject({ method: 'GET', url, cookies: { sid } });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    return { body: response.json(), roundTrips: recorder.roundTrips, statements: recorder.statements };
  }

  it('a session the cache does not know costs one statement, and so does one that is renewed', async () => {
    const { db } = ctx.database;
    const sid = await freshSession(schoolUserId);
    recorder.reset();
    const plain = await resolveSession(db, sid);
    expect(plain?.user.id).toBe(schoolUserId);
    expect(plain?.renewedUntil).toBeUndefined();
    expect(recorder.roundTrips).toBe(1);

    // Past half its life: the same statement extends it.
    const { sessionId: due } = await createSession(db, schoolUserId);
    const soon = new Date(Date.now() + 24 * 3600_000);
    await db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, schoolUserId));
    recorder.reset();
    const renewed = await resolveSession(db, due);
    expect(recorder.roundTrips).toBe(1);
    expect(renewed?.user.id).toBe(schoolUserId);
    expect(renewed?.renewedUntil?.getTime()).toBeGreaterThan(Date.now() + sessionLifetimeMs - 60_000);
    const stored = await db.select({ expiresAt: sessions.expiresAt }).from(sessions);
    expect(stored.map((row) => row.expiresAt.getTime())).toContain(renewed?.renewedUntil?.getTime());

    // Expired: nothing, in one statement too.
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    recorder.reset();
    expect(await resolveSession(db, due)).toBeUndefined();
    expect(recorder.roundTrips).toBe(1);
  });

  it("the profile is one statement besides the session's, with the same counters", async () => {
    const sid = await freshSession(foundationUserId);
    const first = await read('/api/profile', sid);
    expect(first.roundTrips, first.statements.join('\n---\n')).toBe(2);
    expect(first.body).toMatchObject({ totalEvents: 3, registeredEvents: 2, totalHours: 0, gallery: [] });
    expect(first.body.hasNewNotifications).toBe(false);
    const again = await read('/api/profile', sid);
    expect(again.roundTrips).toBe(1);

    const school = await read('/api/profile', await freshSession(schoolUserId));
    expect(school.roundTrips).toBe(2);
    expect(school.body).toMatchObject({ role: 'school', registeredEvents: 2, totalHours: 0, totalEvents: 0 });
    expect(school.body.hasNewNotifications).toBe(true);
  });

  it('the notification check is one statement', async () => {
    const sid = await freshSession(schoolUserId);
    await read('/api/session', sid);
    const check = await read('/api/notifications/check', sid);
    expect(check.body).toEqual({ hasNewNotifications: true });
    expect(check.roundTrips).toBe(1);
  });

  it("the foundation's pending count and dashboard counters are one statement each", async () => {
    const sid = await freshSession(foundationUserId);
    await read('/api/session', sid);
    const pending = await read('/api/foundation/applications-count', sid);
    expect(pending.body).toEqual({ count: 2 });
    expect(pending.roundTrips).toBe(1);
    const stats = await read('/api/foundation/application-stats', sid);
    expect(stats.body).toEqual({
      totalApplications: 3,
      approvedApplications: 1,
      pendingApplications: 2,
      totalEvents: 3,
    });
    expect(stats.roundTrips).toBe(1);
    const counters = await read('/api/foundation/stats', sid);
    expect(counters.body).toEqual({ totalEvents: 3, totalVolunteerHours: 0 });
    expect(counters.roundTrips).toBe(1);
  });

  it("the dashboard's counters are kept until the foundation's events change", async () => {
    const sid = await freshSession(foundationUserId);
    await read('/api/session', sid);
    await read('/api/foundation/stats', sid);
    const kept = await read('/api/foundation/stats', sid);
    expect(kept.body).toEqual({ totalEvents: 3, totalVolunteerHours: 0 });
    expect(kept.roundTrips).toBe(0);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/events',
      cookies: { sid },
      payload: { ...eventFormInput, date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await read('/api/foundation/stats', sid)).body).toEqual({
      totalEvents: 4,
      totalVolunteerHours: 0,
    });
  });
});
