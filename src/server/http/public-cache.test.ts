import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isOrganisationOf } from '../accounts/organisation';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { events, foundations, users } from '../db/schema';
import { createEvent, createFoundation, createSchool, tenPlaceEventInput } from '../test/factories';
import {
  createTestApp,
  openSecondApp,
  type SecondApp,
  signUp,
  type TestContext,
  testHasher,
} from '../test/test-app';
import { keptBrotliQuality, keptForm, plainForm, sentOnceBrotliQuality } from './compressed-answers';
import { PublicReadCache, publicCacheMaxAgeMs, type SharedAnswer } from './public-cache';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));

describe('PublicReadCache', () => {
  it('drops the least recently used answers when full and everything when the day changes', () => {
    let today = '2026-11-23';
    const cache = new PublicReadCache({ maxBytes: 800, today: () => today });
    const body = 'ж'.repeat(88); // 176 bytes of UTF-8 and 4 of its two-letter key: 180 bytes
    cache.store('/a', cache.generation, body, undefined);
    cache.store('/b', cache.generation, body, '7');
    cache.store('/c', cache.generation, body, undefined);
    cache.store('/d', cache.generation, body, undefined);
    expect(cache.lookup('/a')?.body.toString()).toBe(body); // /a is now the most recently used
    cache.store('/e', cache.generation, body, undefined);
    expect(cache.lookup('/b')).toBeUndefined();
    expect(cache.lookup('/a')).toBeDefined();
    expect(cache.size).toBe(4);

    today = '2026-11-24';
    expect(cache.lookup('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('answers from memory for a minute at most after the answer was computed', () => {
    let now = 1_000;
    const cache = new PublicReadCache({ maxBytes: 10_000, today: () => '2026-11-23', now: () => now });
    cache.store('/api/news', cache.generation, '[]', undefined);
    now += publicCacheMaxAgeMs - 1;
    expect(cache.lookup('/api/news')).toBeDefined();
    now += 1;
    expect(cache.lookup('/api/news')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(publicCacheMaxAgeMs).toBeLessThanOrEqual(60_000);
  });

  it('keeps an answer compressed again for its hits only while no write has dropped it', async () => {
    const cache = new PublicReadCache({ maxBytes: 100_000, today: () => '2026-11-23' });
    const text = JSON.stringify(Array.from({ length: 80 }, (_, n) => `Субботник в парке № ${n}`));
    const asSent = await keptForm(text, sentOnceBrotliQuality);
    const store = (key: string) =>
      cache.store(key, cache.generation, asSent.body, undefined, ['news'], 'br', sentOnceBrotliQuality);
    store('/kept');
    const kept = await cache.forHits('/kept', cache.lookup('/kept') as SharedAnswer);
    expect(kept.brotliQuality).toBe(keptBrotliQuality);
    expect(cache.lookup('/kept')?.body.equals(kept.body)).toBe(true);
    expect(cache.bytes).toBe(kept.body.length + '/kept'.length * 2);
    store('/dropped');
    const hit = cache.forHits('/dropped', cache.lookup('/dropped') as SharedAnswer);
    cache.invalidate(['news']); // a write lands while the hit is compressed again
    expect(plainForm((await hit).body, 'br').toString()).toBe(text);
    expect(cache.lookup('/dropped')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    expect(cache.stats.recompressed).toBe(2);
  });

  it('never keeps an answer computed before a write finished', () => {
    const cache = new PublicReadCache({ maxBytes: 10_000, today: () => '2026-11-23' });
    const startedAt = cache.generation;
    cache.invalidate(); // a write lands while the read is still running
    cache.store('/api/events', startedAt, '[]', '0');
    expect(cache.lookup('/api/events')).toBeUndefined();
  });
});

describe('a figure many answers share', () => {
  const today = () => '2026-11-23';

  it('is counted once for misses that come together, and again after a write', async () => {
    const cache = new PublicReadCache({ maxBytes: 100_000, today });
    let counted = 0;
    const count = async () => {
      counted += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    const together = await Promise.all(
      Array.from({ length: 10 }, () => cache.figure('count', ['applications'], count)),
    );
    expect(together).toEqual(Array(10).fill(42));
    expect(counted).toBe(1);
    expect(await cache.figure('count', ['applications'], count)).toBe(42);
    expect(counted).toBe(1);
    cache.invalidate(['applications']);
    await cache.figure('count', ['applications'], count);
    expect(counted).toBe(2);
  });

  it('lets each waiter count for itself when the shared count failed', async () => {
    const cache = new PublicReadCache({ maxBytes: 100_000, today });
    let calls = 0;
    const count = async () => {
      calls += 1;
      const call = calls;
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (call === 1) throw new Error('client gone');
      return 7;
    };
    const [first, ...others] = await Promise.allSettled(
      Array.from({ length: 3 }, () => cache.figure('count', [], count)),
    );
    expect(first?.status).toBe('rejected');
    expect(calls).toBe(3);
    expect(others).toEqual([
      { status: 'fulfilled', value: 7 },
      { status: 'fulfilled', value: 7 },
    ]);
  });
});

describe('cached public reads show every change on the next read', () => {
  let ctx: TestContext;
  let foundation: { sid: string; id: number; userId: number };
  let adminSid: string;

  const get = (url: string, sid?: string) =>
    ctx.app.inject({ method: 'GET', url, ...(sid ? { cookies: { sid } } : {}) });
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, sid: string, payload?: object) =>
    ctx.app.inject({ method, url, cookies: { sid }, ...(payload ? { payload } : {}) });
  const titles = async (url = '/api/events?limit=50') =>
    ((await get(url)).json() as { title: string }[]).map((event) => event.title);
  const eventOf = async (id: number) => (await get(`/api/events/${id}`)).json() as Record<string, unknown>;

  /** A change written past the API is not seen while the answer is cached: proof that it is cached. */
  async function renameBehindTheApi(eventId: number, title: string) {
    await ctx.database.db.update(events).set({ title }).where(eq(events.id, eventId));
  }

  beforeAll(async () => {
    ctx = await createTestApp({ calendar });
    const signedUp = await signUp(ctx.app, 'foundation');
    const [row] = await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved', name: 'Фонд «Кэш»', location: 'Москва' })
      .where(isOrganisationOf(foundations, signedUp.user.id))
      .returning({ id: foundations.id });
    foundation = { sid: signedUp.sid, id: row?.id ?? 0, userId: signedUp.user.id };
    const [admin] = await ctx.database.db
      .insert(users)
      .values({ username: 'cache_admin', passwordHash: await testHasher.hash('secret123'), role: 'admin' })
      .returning({ id: users.id });
    adminSid = (await createSession(ctx.database.db, admin?.id ?? 0)).sessionId;
  });
  afterAll(() => ctx.close());

  it('serves a repeated read from memory, with the same headers', async () => {
    const event = await createEvent(ctx.database.db, foundation.id, { title: 'Первое', date: '2026-12-01' });
    const first = await get('/api/events?limit=50');
    await renameBehindTheApi(event.id, 'Переименовано в обход API');
    const second = await get('/api/events?limit=50');
    expect(second.body).toBe(first.body);
    expect(second.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    ctx.app.publicCache.invalidate();
    expect(await titles()).toContain('Переименовано в обход API');
  });

  it('keeps one answer per list and page, whatever unknown parameters or order the address has', async () => {
    const event = await createEvent(ctx.database.db, foundation.id, { title: 'Одно', date: '2026-12-01' });
    ctx.app.publicCache.invalidate();
    const list = await get('/api/events?page=1&limit=50');
    const page = await get(`/api/events/${event.id}`);
    // The two answers, and the list's count kept for its other pages.
    expect(ctx.app.publicCache.size).toBe(3);
    await renameBehindTheApi(event.id, 'Не видно, пока ответ в памяти');
    for (const url of ['/api/events?page=1&limit=50&utm=x', '/api/events?utm_source=mail&limit=50&page=1']) {
      expect((await get(url)).body).toBe(list.body);
    }
    expect((await get(`/api/events/${event.id}?utm=x`)).body).toBe(page.body);
    expect(ctx.app.publicCache.size).toBe(3);
    // A known parameter with another value is another answer.
    expect((await get('/api/events?page=2&limit=50')).body).not.toBe(list.body);
    ctx.app.publicCache.invalidate();
  });

  it('shows an event created, edited, cancelled and deleted through the API', async () => {
    expect(await titles()).not.toContain('Субботник в парке');
    const created = await send('POST', '/api/events', foundation.sid, tenPlaceEventInput);
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(await titles()).toContain('Субботник в парке');
    expect(await eventOf(id)).toMatchObject({ title: 'Субботник в парке' });

    await send('PUT', `/api/events/${id}`, foundation.sid, {
      ...tenPlaceEventInput,
      title: 'Субботник у реки',
    });
    expect(await titles()).toContain('Субботник у реки');
    expect(await eventOf(id)).toMatchObject({ title: 'Субботник у реки' });

    await send('PATCH', `/api/events/${id}`, foundation.sid, { status: 'canceled' });
    expect(await titles()).not.toContain('Субботник у реки');
    expect((await get(`/api/events/${id}`)).statusCode).toBe(404);

    await send('PATCH', `/api/events/${id}`, foundation.sid, { status: 'active' });
    expect(await titles()).toContain('Субботник у реки');
    await send('DELETE', `/api/events/${id}`, foundation.sid);
    expect(await titles()).not.toContain('Субботник у реки');
  });

  it('shows places taken and freed by applications, and participants once approved', async () => {
    const event = await createEvent(ctx.database.db, foundation.id, {
      title: 'Места',
      date: '2026-12-01',
      totalSlots: 10,
    });
    ctx.app.publicCache.invalidate();
    const school = await createSchool(ctx.database.db);
    const schoolSid = (await createSession(ctx.database.db, school.userId)).sessionId;
    expect(await eventOf(event.id)).toMatchObject({ remainingSlots: 10, participantsCount: 0 });

    const applied = await send('POST', `/api/events/${event.id}/register`, schoolSid, {
      participantCount: 4,
      parentalConsent: true,
      contactPerson: 'Елена Викторовна',
      contactPhone: '+7 (499) 245-12-12',
    });
    expect(applied.statusCode).toBe(201);
    expect(await eventOf(event.id)).toMatchObject({ remainingSlots: 6, participantsCount: 0 });

    const applicationId = (applied.json() as { id: number }).id;
    const approved = await send('PATCH', `/api/foundation/applications/${applicationId}`, foundation.sid, {
      action: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(await eventOf(event.id)).toMatchObject({ remainingSlots: 6, participantsCount: 4 });

    await send('POST', `/api/events/${event.id}/cancel-application`, schoolSid);
    expect(await eventOf(event.id)).toMatchObject({ remainingSlots: 10, participantsCount: 0 });
  });

  it('shows a foundation once approved, under its new name, and hides it when deleted', async () => {
    const other = await signUp(ctx.app, 'foundation');
    await send('PATCH', '/api/profile', other.sid, {
      username: 'fond_cache_other',
      fullName: 'Фонд «Новый»',
      description: 'Фонд, который проходит проверку в тесте кэша.',
      address: 'Москва, ул. Лесная, д. 12',
      phone: '+7 (495) 123-45-67',
      email: 'new@example.org',
      directions: ['social'],
    });
    const names = async () =>
      (
        (await get('/api/foundations?limit=50')).json() as { foundations: { name: string }[] }
      ).foundations.map((card) => card.name);
    expect(await names()).not.toContain('Фонд «Новый»');

    const approved = await send('PATCH', `/api/admin/organizations/${other.user.id}/moderate`, adminSid, {
      status: 'approved',
    });
    expect(approved.statusCode).toBe(200);
    expect(await names()).toContain('Фонд «Новый»');

    const renamed = await send('PATCH', '/api/profile', other.sid, {
      username: 'fond_cache_other',
      fullName: 'Фонд «Переименованный»',
      description: 'Фонд, который проходит проверку в тесте кэша.',
      address: 'Москва, ул. Лесная, д. 12',
      phone: '+7 (495) 123-45-67',
      email: 'new@example.org',
      directions: ['social'],
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names()).toContain('Фонд «Переименованный»');

    const [row] = await ctx.database.db
      .select({ id: foundations.id })
      .from(foundations)
      .where(isOrganisationOf(foundations, other.user.id));
    expect((await get(`/api/foundations/${row?.id}`)).statusCode).toBe(200);
    await send('DELETE', `/api/admin/users/${other.user.id}`, adminSid);
    expect(await names()).not.toContain('Фонд «Переименованный»');
    expect((await get(`/api/foundations/${row?.id}`)).statusCode).toBe(404);
  });

  it('shows published news at once and hides unpublished news at once', async () => {
    const headlines = async () =>
      ((await get('/api/news')).json() as { title: string }[]).map((n) => n.title);
    expect(await headlines()).toEqual([]);
    const created = await send('POST', '/api/admin/news', adminSid, {
      title: 'Новая новость',
      content: 'Текст новости о волонтёрах.',
      category: 'news',
      isPublished: true,
    });
    expect(created.statusCode).toBe(201);
    expect(await headlines()).toEqual(['Новая новость']);
    const id = (created.json() as { id: number }).id;
    await send('PUT', `/api/admin/news/${id}`, adminSid, {
      title: 'Новая новость',
      content: 'Текст новости о волонтёрах.',
      category: 'news',
      isPublished: false,
    });
    expect(await headlines()).toEqual([]);
  });

  it('gives a foundation its own hidden events, never the answer cached for the public', async () => {
    const pending = await createFoundation(ctx.database.db, { status: 'pending', name: 'Фонд на проверке' });
    const hidden = await createEvent(ctx.database.db, pending.id, { title: 'Скрытое', date: '2026-12-01' });
    const pendingSid = (await createSession(ctx.database.db, pending.userId)).sessionId;
    ctx.app.publicCache.invalidate();
    expect((await get(`/api/events/${hidden.id}`)).statusCode).toBe(404);
    expect((await get(`/api/events/${hidden.id}`, pendingSid)).statusCode).toBe(200);
    expect(await titles()).not.toContain('Скрытое');
    const own = await get('/api/events?foundation=true', pendingSid);
    expect((own.json() as { title: string }[]).map((event) => event.title)).toEqual(['Скрытое']);
    expect(await titles()).not.toContain('Скрытое');
  });

  it('keeps the cache when a write is refused, since nothing changed', async () => {
    const event = await createEvent(ctx.database.db, foundation.id, {
      title: 'Не меняется',
      date: '2026-12-01',
    });
    ctx.app.publicCache.invalidate();
    await eventOf(event.id);
    const generation = ctx.app.publicCache.generation;
    const refused = await send('POST', '/api/events', foundation.sid, { ...tenPlaceEventInput, title: '' });
    expect(refused.statusCode).toBe(400);
    expect(ctx.app.publicCache.generation).toBe(generation);
  });
});

/**
 * Two app processes on one PostgreSQL, as behind a load balancer: a write on one is seen on the other's
 * next read once PostgreSQL has delivered the notification (milliseconds), and while the listening
 * connection is down the other process reads from the database instead of its cache.
 */
describe.skipIf(!process.env.DATABASE_URL)('two app processes on one PostgreSQL', () => {
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

  it('shows on the second process an event created and approved on the first', async () => {
    const signedUp = await signUp(ctx.app, 'foundation');
    const [row] = await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved', name: 'Фонд двух узлов' })
      .where(isOrganisationOf(foundations, signedUp.user.id))
      .returning({ id: foundations.id });
    const event = await createEvent(ctx.database.db, row?.id ?? 0, {
      title: 'До изменения',
      date: '2026-12-01',
      totalSlots: 5,
    });
    const readOnSecond = async () =>
      (await second.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json() as {
        title: string;
        remainingSlots: number;
      };
    expect(await readOnSecond()).toMatchObject({ title: 'До изменения' });

    const generation = second.app.publicCache.generation;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      cookies: { sid: signedUp.sid },
      payload: {
        title: 'После изменения',
        description: 'Мероприятие, изменённое на первом процессе.',
        date: '2026-12-05',
        startTime: '10:00',
        endTime: '12:00',
        location: 'Москва',
        activityType: 'social',
        totalSlots: 5,
        hours: 2,
        contactPersonName: 'Ольга Смирнова',
        contactPersonPhone: '+7 (495) 123-45-67',
        contactPersonEmail: 'olga@example.org',
        minParticipants: 1,
      },
    });
    expect(edited.statusCode).toBe(200);
    await vi.waitFor(() => expect(second.app.publicCache.generation).toBeGreaterThan(generation));
    expect(await readOnSecond()).toMatchObject({ title: 'После изменения' });
  });

  it('reads from the database while the listening connection is down, and caches again once it is back', async () => {
    const owner = await createFoundation(ctx.database.db, { name: 'Фонд обрыва связи' });
    const event = await createEvent(ctx.database.db, owner.id, { title: 'Обрыв', date: '2026-12-01' });
    const titleOnSecond = async () =>
      (
        (await second.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json() as {
          title: string;
        }
      ).title;
    expect(await titleOnSecond()).toBe('Обрыв');

    await ctx.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(second.database.changes.live).toBe(false));
    await ctx.database.db
      .update(events)
      .set({ title: 'Изменено без уведомления' })
      .where(eq(events.id, event.id));
    expect(await titleOnSecond()).toBe('Изменено без уведомления');

    await vi.waitFor(() => expect(second.database.changes.live).toBe(true), { timeout: 5_000 });
    expect(await titleOnSecond()).toBe('Изменено без уведомления');
  });
});
