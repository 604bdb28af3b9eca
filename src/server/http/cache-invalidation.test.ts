import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isOrganisationOf } from '../accounts/organisation';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { type Change, parseChangeNotice, singleProcessChangeFeed } from '../db/change-feed';
import { changeTopics } from '../db/change-topics';
import { foundations, sessions, users } from '../db/schema';
import { createEvent, createFoundation, createSchool, volunteerRequestInput } from '../test/factories';
import { recordStatements } from '../test/statements';
import {
  completeProfile,
  createTestApp,
  openSecondApp,
  type SecondApp,
  signUp,
  type TestContext,
} from '../test/test-app';
import { PublicReadCache, publicCachePlugin } from './public-cache';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
const today = () => '2026-11-23';

/** A school's application for `pupils` pupils to an event, through the API. */
const applyFor = (app: FastifyInstance, sid: string, eventId: number, pupils: number) =>
  app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/register`,
    cookies: { sid },
    payload: {
      participantCount: pupils,
      parentalConsent: true,
      contactPerson: 'Елена Викторовна',
      contactPhone: '+7 (499) 245-12-12',
    },
  });

describe('PublicReadCache drops only what a write names', () => {
  const filled = () => {
    const cache = new PublicReadCache({ maxBytes: 100_000, today });
    const g = cache.generation;
    cache.store('list', g, '[1,2]', '2', ['event-lists', 'event:1', 'event:2']);
    cache.store('other list', g, '[3]', '1', ['event-lists', 'event:3']);
    cache.store('news', g, '[]', undefined, ['news']);
    cache.store('page', g, '<html>', undefined); // nothing declared
    return cache;
  };
  const kept = (cache: PublicReadCache) =>
    ['list', 'other list', 'news', 'page'].filter((key) => cache.lookup(key) !== undefined);

  it('drops the answers sharing a tag, and those that declared none', () => {
    const cache = filled();
    cache.invalidate([changeTopics.event(2)]);
    expect(kept(cache)).toEqual(['other list', 'news']);
  });

  it('keeps everything after a write that changed nothing public, and drops everything after one that cannot say', () => {
    const cache = filled();
    cache.invalidate([]);
    expect(kept(cache)).toEqual(['list', 'other list', 'news', 'page']);
    cache.invalidate(undefined);
    expect(kept(cache)).toEqual([]);
  });

  it('keeps an answer computed during a write that changed something else, and refuses one the write changed', () => {
    const cache = new PublicReadCache({ maxBytes: 100_000, today });
    const startedAt = cache.generation;
    cache.invalidate([changeTopics.news]); // lands while both reads are running
    cache.store('events', startedAt, '[1]', '1', ['event-lists', 'event:1']);
    cache.store('news', startedAt, '[]', undefined, ['news']);
    cache.store('page', startedAt, '<html>', undefined);
    expect(cache.lookup('events')).toBeDefined();
    expect(cache.lookup('news')).toBeUndefined();
    expect(cache.lookup('page')).toBeUndefined();
  });

  it('refuses an answer begun before more writes than it remembers', () => {
    const cache = new PublicReadCache({ maxBytes: 100_000, today });
    const startedAt = cache.generation;
    for (let write = 0; write < 300; write += 1) cache.invalidate([changeTopics.news]);
    cache.store('events', startedAt, '[1]', '1', ['event-lists', 'event:1']);
    expect(cache.lookup('events')).toBeUndefined();
  });
});

describe('a notice from another process', () => {
  it('names the events of the applications and events a statement changed', () => {
    expect(parseChangeNotice('content:registrations:7,9:app-2', 'app-1')).toEqual({
      accounts: false,
      tags: ['event:7', 'event:9', changeTopics.applications],
    });
    expect(parseChangeNotice('content:events.reserved_slots:7:app-2', 'app-1')?.tags).toEqual(['event:7']);
    expect(parseChangeNotice('content:events:7:app-2', 'app-1')?.tags).toEqual(['event-lists', 'event:7']);
    expect(parseChangeNotice('accounts:sessions::app-2', 'app-1')).toEqual({ accounts: true, tags: [] });
  });

  it('skips this process’s own notices, and takes anything unknown or unreadable as any change', () => {
    expect(parseChangeNotice('content:events:7:app:1', 'app:1')).toBeUndefined();
    expect(parseChangeNotice('content:foundations::psql', 'app-1')).toEqual({
      accounts: false,
      tags: undefined,
    });
    expect(parseChangeNotice('app-2:content', 'app-1')).toEqual({ accounts: true, tags: undefined });
    expect(parseChangeNotice('content:events:7,x:psql', 'app-1')).toEqual({
      accounts: true,
      tags: undefined,
    });
  });
});

/** A bare app with the cache and one cached route whose answers the test controls. */
async function routeApp(handler: (call: number) => Promise<{ status: number; body: unknown }>) {
  const changes = singleProcessChangeFeed();
  const cache = new PublicReadCache({ maxBytes: 100_000, today });
  const app = Fastify();
  // The cache runs after the session plugin in the real app; here there are no sessions.
  await app.register(fp(async () => {}, { name: 'session' }));
  await app.register(publicCachePlugin, { cache, changes });
  let calls = 0;
  app.get(
    '/answer',
    { config: { publicCache: { dependsOn: (answer) => [`answer:${(answer as { n: number }).n}`] } } },
    async (_request, reply) => {
      calls += 1;
      const { status, body } = await handler(calls);
      return reply.status(status).send(body);
    },
  );
  await app.ready();
  return { app, cache, changes, calls: () => calls };
}

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('concurrent misses of one key share one computation', () => {
  it('runs the route once for ten requests that missed together', async () => {
    const { open, opened } = gate();
    const { app, calls, cache } = await routeApp(async (call) => {
      await opened;
      return { status: 200, body: { n: call } };
    });
    const answers = Array.from({ length: 10 }, () => app.inject('/answer'));
    await vi.waitFor(() => expect(calls()).toBe(1));
    open();
    const bodies = (await Promise.all(answers)).map((answer) => answer.json());
    expect(bodies).toEqual(Array.from({ length: 10 }, () => ({ n: 1 })));
    expect(calls()).toBe(1);
    expect(cache.stats.sharedComputations).toBe(9);
    await app.close();
  });

  it('lets each waiter compute its own answer when the first one failed, rather than share the error', async () => {
    const { open, opened } = gate();
    const { app, calls } = await routeApp(async (call) => {
      await opened;
      return call === 1 ? { status: 503, body: { error: 'занято' } } : { status: 200, body: { n: call } };
    });
    const answers = Array.from({ length: 4 }, () => app.inject('/answer'));
    await vi.waitFor(() => expect(calls()).toBe(1));
    open();
    const statuses = (await Promise.all(answers)).map((answer) => answer.statusCode);
    expect(statuses).toEqual([503, 200, 200, 200]);
    expect(calls()).toBe(4);
    await app.close();
  });

  it('never hands an answer begun before a write to a request that came after it', async () => {
    const first = gate();
    const { app, calls, changes } = await routeApp(async (call) => {
      if (call === 1) await first.opened;
      return { status: 200, body: { n: call } };
    });
    const before = app.inject('/answer');
    await vi.waitFor(() => expect(calls()).toBe(1));
    changes.publish({ accounts: false, tags: ['answer:1'] } satisfies Change);
    const after = await app.inject('/answer');
    expect(after.json()).toEqual({ n: 2 });
    first.open();
    expect((await before).json()).toEqual({ n: 1 });
    // The first answer was computed across the write that named it: not kept. The second is.
    expect((await app.inject('/answer')).json()).toEqual({ n: 2 });
    expect(calls()).toBe(2);
    await app.close();
  });
});

describe('a write drops only the cached answers it can change', () => {
  let ctx: TestContext;
  let foundationSid: string;
  let schoolSid: string;
  let foundationId: number;
  let early: { id: number };
  let applied: { id: number };
  let other: { id: number };

  const get = (url: string, sid?: string) =>
    ctx.app.inject({ method: 'GET', url, ...(sid ? { cookies: { sid } } : {}) });
  /** Reads `url` and says whether the cache answered it, from the cache's own counts. */
  async function cached(url: string) {
    const hits = ctx.app.publicCache.stats.hits;
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    return ctx.app.publicCache.stats.hits > hits;
  }
  // One event per page, in date order: the early event alone on page 1, the applied one on page 2.
  const pageWithout = '/api/events?limit=1&page=1';
  const pageWith = '/api/events?limit=1&page=2';
  const publishEvent = async (title: string, date: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/events',
        cookies: { sid: foundationSid },
        payload: {
          title,
          description: 'Новое мероприятие, которое встаёт первым в списке.',
          date,
          startTime: '10:00',
          endTime: '12:00',
          location: 'Парк Горького',
          activityType: 'ecology',
          minParticipants: 1,
          totalSlots: 10,
          hours: 2,
          contactPersonName: 'Ольга Смирнова',
          contactPersonPhone: '+7 (495) 123-45-67',
          contactPersonEmail: 'olga@example.org',
        },
      })
    ).statusCode;
  /** A signed-in administrator's session id. */
  const adminSession = async (username: string) => {
    const [admin] = await ctx.database.db
      .insert(users)
      .values({ username, passwordHash: 'x', role: 'admin' })
      .returning({ id: users.id });
    return (await createSession(ctx.database.db, admin?.id ?? 0)).sessionId;
  };
  const warm = async (urls: string[]) => {
    for (const url of urls) await get(url);
    for (const url of urls) expect(await cached(url)).toBe(true);
  };

  beforeAll(async () => {
    ctx = await createTestApp({ calendar });
    const signedUp = await signUp(ctx.app, 'foundation');
    foundationSid = signedUp.sid;
    const foundation = await createFoundation(ctx.database.db, { name: 'Другой фонд' });
    const [own] = await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved', name: 'Фонд узкого кэша' })
      .where(isOrganisationOf(foundations, signedUp.user.id))
      .returning({ id: foundations.id });
    foundationId = own?.id ?? 0;
    early = await createEvent(ctx.database.db, foundation.id, { title: 'Раннее', date: '2026-12-01' });
    applied = await createEvent(ctx.database.db, foundationId, {
      title: 'С заявкой',
      date: '2026-12-02',
      totalSlots: 10,
    });
    other = await createEvent(ctx.database.db, foundation.id, { title: 'Позднее', date: '2026-12-03' });
    const school = await createSchool(ctx.database.db);
    schoolSid = (await createSession(ctx.database.db, school.userId)).sessionId;
    ctx.app.publicCache.invalidate();
  });
  afterAll(() => ctx.close());

  it('an application to an event drops its page and the list page showing it, and keeps the rest', async () => {
    const urls = [
      pageWithout,
      pageWith,
      `/api/events/${applied.id}`,
      `/api/events/${other.id}`,
      `/api/foundations/${foundationId}`,
      '/api/news',
      '/api/stats/impact',
    ];
    await warm(urls);
    expect((await get(pageWithout)).json()).toMatchObject([{ id: early.id }]);
    expect((await get(pageWith)).json()).toMatchObject([{ id: applied.id, remainingSlots: 10 }]);

    const application = await applyFor(ctx.app, schoolSid, applied.id, 3);
    expect(application.statusCode).toBe(201);

    expect(await cached(pageWithout)).toBe(true);
    expect(await cached('/api/news')).toBe(true);
    expect(await cached(`/api/events/${other.id}`)).toBe(true);
    // The foundation's page lists its events' titles and dates, not their places.
    expect(await cached(`/api/foundations/${foundationId}`)).toBe(true);
    expect(await cached('/api/stats/impact')).toBe(true);
    expect(await cached(pageWith)).toBe(false);
    expect((await get(pageWith)).json()).toMatchObject([{ id: applied.id, remainingSlots: 7 }]);
    expect(await cached(`/api/events/${applied.id}`)).toBe(false);
    expect((await get(`/api/events/${applied.id}`)).json()).toMatchObject({ remainingSlots: 7 });
  });

  it('a new event drops every list and keeps the news and the other events’ own pages', async () => {
    const urls = [pageWithout, pageWith, '/api/foundations', `/api/events/${other.id}`, '/api/news'];
    await warm(urls);
    expect(await publishEvent('Самое раннее', '2026-11-30')).toBe(201);
    expect(await cached('/api/news')).toBe(true);
    expect(await cached(`/api/events/${other.id}`)).toBe(true);
    expect(await cached(pageWithout)).toBe(false);
    expect((await get(pageWithout)).json()).toMatchObject([{ title: 'Самое раннее' }]);
    expect(await cached(pageWith)).toBe(false);
    expect(await cached('/api/foundations')).toBe(false);
  });

  it('counts a list once per filter: a page nobody asked for reads its events alone, until an event is added', async () => {
    const pageOf = (page: number) => get(`/api/events?activityType=ecology&limit=1&page=${page}`);
    const total = Number((await pageOf(1)).headers['x-total-count']);
    expect(total).toBeGreaterThan(2);
    const recorder = recordStatements(ctx.database.db);
    try {
      const second = await pageOf(2);
      expect(second.headers['x-total-count']).toBe(String(total));
      // The page's ids on the order index, then those events whole; no count.
      expect(recorder.roundTrips).toBe(2);
      expect(recorder.statements.filter((statement) => /count\(/.test(statement))).toEqual([]);
    } finally {
      recorder.restore();
    }
    expect(await publishEvent('Ещё одно раннее', '2026-11-29')).toBe(201);
    expect((await pageOf(3)).headers['x-total-count']).toBe(String(total + 1));
  });

  it('counts the volunteer requests, the foundations and the news once per list: another page reads no count, until what it counts is written', async () => {
    const adminSid = await adminSession('listing_admin');
    const write = async (method: 'POST' | 'PATCH', url: string, sid: string, payload: object) =>
      (await ctx.app.inject({ method, url, cookies: { sid }, payload })).statusCode;
    const lists = {
      requests: async (page: number) =>
        Number((await get(`/api/volunteer-requests?limit=1&page=${page}`)).headers['x-total-count']),
      foundations: async (page: number) => {
        const { pagination } = (await get(`/api/foundations?limit=1&page=${page}`)).json();
        return { matching: pagination.totalCount as number, overall: pagination.overallCount as number };
      },
      news: async (page: number) =>
        Number((await get(`/api/news?limit=1&page=${page}`)).headers['x-total-count']),
    };
    expect(await write('POST', '/api/volunteer-requests', foundationSid, volunteerRequestInput)).toBe(201);
    const news = { title: 'Субботник в парке', content: 'Школьники убрали парк.', category: 'news' };
    expect(await write('POST', '/api/admin/news', adminSid, news)).toBe(201);
    const before = {
      requests: await lists.requests(1),
      foundations: await lists.foundations(1),
      news: await lists.news(1),
    };
    expect(before.requests).toBeGreaterThan(0);

    const recorder = recordStatements(ctx.database.db);
    try {
      expect(await lists.requests(2)).toBe(before.requests);
      expect(await lists.foundations(2)).toEqual(before.foundations);
      expect(await lists.news(2)).toBe(before.news);
      // A request's count of its responses is part of its row; a count of a whole list is not read.
      expect(recorder.statements.filter((statement) => /^select count\(/.test(statement))).toEqual([]);
    } finally {
      recorder.restore();
    }

    expect(
      await write('POST', '/api/volunteer-requests', foundationSid, {
        ...volunteerRequestInput,
        title: 'Ещё одна ярмарка',
      }),
    ).toBe(201);
    expect(await lists.requests(3)).toBe(before.requests + 1);
    const applicant = await signUp(ctx.app, 'foundation');
    await completeProfile(ctx.app, applicant);
    expect(
      await write('PATCH', `/api/admin/organizations/${applicant.user.id}/moderate`, adminSid, {
        status: 'approved',
      }),
    ).toBe(200);
    expect(await lists.foundations(3)).toEqual({
      matching: before.foundations.matching + 1,
      overall: before.foundations.overall + 1,
    });
    expect(await write('POST', '/api/admin/news', adminSid, { ...news, title: 'Ещё новость' })).toBe(201);
    expect(await lists.news(3)).toBe(before.news + 1);
  });

  it("keeps the administrator's counts, read by no page, until an application, an event or an account is written", async () => {
    const adminSid = await adminSession('counting_admin');
    const figures = async () => ({
      stats: (await get('/api/admin/stats', adminSid)).json(),
      applications: Number((await get('/api/admin/applications?limit=1', adminSid)).headers['x-total-count']),
      events: Number((await get('/api/admin/events?limit=1', adminSid)).headers['x-total-count']),
      accounts: Number((await get('/api/admin/users?limit=1', adminSid)).headers['x-total-count']),
    });
    const before = await figures();
    expect(before.stats.registrations).toBe(before.applications);
    expect(before.stats.events).toBe(before.events);

    const recorder = recordStatements(ctx.database.db);
    try {
      const stats = await get('/api/admin/stats', adminSid);
      const secondPage = await get('/api/admin/applications?limit=1&page=2', adminSid);
      const eventsPage = await get('/api/admin/events?limit=1&page=2', adminSid);
      const accountsPage = await get('/api/admin/users?limit=1&page=2', adminSid);
      expect(stats.json()).toEqual(before.stats);
      expect(secondPage.headers['x-total-count']).toBe(String(before.applications));
      expect(eventsPage.headers['x-total-count']).toBe(String(before.events));
      expect(accountsPage.headers['x-total-count']).toBe(String(before.accounts));
      expect(recorder.statements.filter((statement) => /count\(/.test(statement))).toEqual([
        // Each application's own count of pupils on the events page, never a whole table's.
        expect.stringContaining('as applied where applied.event_id'),
      ]);
    } finally {
      recorder.restore();
    }

    const application = await applyFor(ctx.app, schoolSid, other.id, 2);
    expect(application.statusCode).toBe(201);
    const applied = await figures();
    expect(applied.stats.registrations).toBe(before.stats.registrations + 1);
    expect(applied.applications).toBe(before.applications + 1);

    expect(await publishEvent('Для счёта администратора', '2026-12-11')).toBe(201);
    const published = await figures();
    expect(published.stats.events).toBe(before.stats.events + 1);
    expect(published.events).toBe(before.events + 1);

    await signUp(ctx.app, 'school');
    const signedUp = await figures();
    expect(signedUp.accounts).toBe(before.accounts + 1);
    expect(signedUp.stats.users.total).toBe(before.stats.users.total + 1);
  });

  it("keeps a foundation's pending count and its applications page's counts, which every poll and page reads, until an application is written", async () => {
    const own = await createEvent(ctx.database.db, foundationId, {
      title: 'Для счёта заявок',
      date: '2026-12-05',
      totalSlots: 20,
    });
    const badge = async () =>
      (await get('/api/foundation/applications-count', foundationSid)).json().count as number;
    const page = async (n: number) =>
      (await get(`/api/foundation/applications?limit=1&page=${n}`, foundationSid)).json() as {
        total: number;
        pendingCount: number;
      };
    const before = { badge: await badge(), page: await page(1) };
    expect(before.page.pendingCount).toBe(before.badge);

    const recorder = recordStatements(ctx.database.db);
    try {
      expect(await badge()).toBe(before.badge);
      expect(await page(2)).toMatchObject({
        total: before.page.total,
        pendingCount: before.page.pendingCount,
      });
      expect(recorder.statements.filter((statement) => /count\(/.test(statement))).toEqual([]);
    } finally {
      recorder.restore();
    }

    expect((await applyFor(ctx.app, schoolSid, own.id, 2)).statusCode).toBe(201);
    expect(await badge()).toBe(before.badge + 1);
    expect(await page(3)).toMatchObject({
      total: before.page.total + 1,
      pendingCount: before.page.pendingCount + 1,
    });
  });

  it('keeps one answer for the events list whatever unknown parameters the address carries', async () => {
    await get('/api/events');
    expect(await cached('/api/events?utm=1')).toBe(true);
    expect(await cached('/api/events?_=1')).toBe(true);
  });

  it('keeps a remembered session through a new event: no session is read after it', async () => {
    const school = await signUp(ctx.app, 'school');
    const whoAmI = () => ctx.app.inject({ method: 'GET', url: '/api/user', cookies: { sid: school.sid } });
    expect((await whoAmI()).statusCode).toBe(200);
    // Deleted behind the API: only a session read from memory still answers.
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, school.user.id));
    expect(await publishEvent('Ещё одно мероприятие', '2026-12-10')).toBe(201);
    expect((await whoAmI()).statusCode).toBe(200);
  });
});

describe('which writes may touch accounts', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const ctx = await createTestApp();
    app = ctx.app;
    close = ctx.close;
  });
  afterAll(() => close());

  const named = (routes: readonly { method: string; url: string }[]) =>
    routes.map((route) => `${route.method} ${route.url}`).sort();
  /** The writes that change an account; of them, only a sign-up leaves every remembered session as it was. */
  const accountWrites = [
    'DELETE /api/admin/organizations/:id/members/:memberId',
    'DELETE /api/admin/users/:id',
    'DELETE /api/organisation/members/:id',
    'PATCH /api/admin/organizations/:id/moderate',
    'PATCH /api/admin/update-credentials',
    'PATCH /api/organisation/members/:id',
    'PATCH /api/password',
    'PATCH /api/profile',
    'POST /api/admin/login',
    'POST /api/admin/organizations/:id/owner',
    'POST /api/login',
    'POST /api/logout',
    'POST /api/organisation/transfer-ownership',
    'POST /api/password-reset/confirm',
  ];

  // A new write route must be placed in one of these lists: one that forgets `leavesAccounts` empties
  // the session cache on every call, one that forgets `publicChanges` empties the public cache.
  it('forgets remembered sessions only on writes that end a session or change an account', () => {
    expect(named(app.writeRoutes.filter((route) => !route.leavesAccounts))).toEqual(accountWrites);
  });

  it('drops every cached answer only on writes that cannot say what they change', () => {
    expect(named(app.writeRoutes.filter((route) => !route.describesPublicChanges))).toEqual(
      [...accountWrites, 'POST /api/invitations/accept', 'POST /api/register'].sort(),
    );
  });
});

/**
 * Two app processes on one PostgreSQL: the triggers name the events an application changed, so the
 * other process drops the answers showing them and keeps the rest.
 */
describe.skipIf(!process.env.DATABASE_URL)('narrow invalidation across two processes on PostgreSQL', () => {
  let ctx: TestContext;
  let second: SecondApp;

  beforeAll(async () => {
    ctx = await createTestApp({ calendar });
    second = await openSecondApp(ctx, { calendar });
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('drops on the second process the event applied to on the first, and keeps the other event and the news', async () => {
    const foundation = await createFoundation(ctx.database.db);
    const applied = await createEvent(ctx.database.db, foundation.id, {
      title: 'Заявка на первом',
      date: '2026-12-01',
      totalSlots: 5,
    });
    const untouched = await createEvent(ctx.database.db, foundation.id, {
      title: 'Без заявок',
      date: '2026-12-02',
    });
    const school = await createSchool(ctx.database.db);
    const schoolSid = (await createSession(ctx.database.db, school.userId)).sessionId;
    const readOnSecond = (url: string) => second.app.inject({ method: 'GET', url });
    const urls = [`/api/events/${applied.id}`, `/api/events/${untouched.id}`, '/api/news'];
    // The factories wrote past the API: the second process has heard of it by the time it is live.
    await vi.waitFor(async () => {
      second.app.publicCache.invalidate();
      for (const url of urls) await readOnSecond(url);
      const hits = second.app.publicCache.stats.hits;
      for (const url of urls) await readOnSecond(url);
      expect(second.app.publicCache.stats.hits - hits).toBe(urls.length);
    });

    const dropped = second.app.publicCache.stats.dropped;
    const application = await applyFor(ctx.app, schoolSid, applied.id, 2);
    expect(application.statusCode).toBe(201);
    await vi.waitFor(() => expect(second.app.publicCache.stats.dropped).toBeGreaterThan(dropped));
    // Give any later notice of the same write time to arrive before counting hits.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const hits = second.app.publicCache.stats.hits;
    expect((await readOnSecond(`/api/events/${applied.id}`)).json()).toMatchObject({ remainingSlots: 3 });
    expect(second.app.publicCache.stats.hits).toBe(hits);
    await readOnSecond(`/api/events/${untouched.id}`);
    await readOnSecond('/api/news');
    expect(second.app.publicCache.stats.hits).toBe(hits + 2);
  });

  it('sends the table and the events in the notice', async () => {
    const heard: string[] = [];
    const pg = await import('pg');
    const listener = new pg.default.Client({ connectionString: ctx.database.url });
    await listener.connect();
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('listen public_content_changed');
    const foundation = await createFoundation(ctx.database.db);
    const event = await createEvent(ctx.database.db, foundation.id, {
      title: 'Для уведомления',
      date: '2026-12-01',
    });
    await ctx.database.db
      .update(users)
      .set({ username: 'renamed_for_notice' })
      .where(eq(users.id, foundation.userId));
    await vi.waitFor(() => {
      expect(heard.some((payload) => payload.startsWith(`content:events:${event.id}:`))).toBe(true);
      expect(heard.some((payload) => payload.startsWith('accounts:users::'))).toBe(true);
    });
    await listener.end();
  });
});
