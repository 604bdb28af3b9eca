import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foundationMessages } from '../../shared/foundations';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { foundationPhotos, foundations, images, news, organisationMembers, users } from '../db/schema';
import { createEvent, createFoundation, createSchool } from '../test/factories';
import { recordStatements } from '../test/statements';
import { createTestApp, type TestContext } from '../test/test-app';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const db = ctx.database.db;
  const make = async (key: string, values: Parameters<typeof createFoundation>[1]) => {
    ids[key] = (await createFoundation(db, { name: key, ...values })).id;
  };
  await make('Зелёный город', {
    directions: ['ecology', 'education'],
    description: 'Сажаем деревья в парках',
  });
  await make('Добрые руки', { directions: ['social', 'health'], description: 'Помогаем пожилым людям' });
  await make('Арт-двор', { directions: ['art', 'culture'], description: 'Расписываем стены дворов' });
  await make('Спорт для всех', { directions: ['sport'], description: 'Инклюзивные забеги' });
  await make('На проверке', { directions: ['ecology'], status: 'pending' });
  await make('Отклонён', { directions: ['ecology'], status: 'rejected' });

  await createEvent(db, ids['Зелёный город'] ?? 0, { date: '2026-12-01', ageRestriction: 12 });
  await createEvent(db, ids['Зелёный город'] ?? 0, {
    date: '2026-11-01',
    ageRestriction: null,
    title: 'Прошедшее',
  });
  await createEvent(db, ids['Добрые руки'] ?? 0, { date: '2026-12-05', ageRestriction: 16 });
  await createEvent(db, ids['Спорт для всех'] ?? 0, { date: '2026-12-06', ageRestriction: 18 });
});
afterAll(() => ctx.close());

const names = (body: { foundations: { name: string }[] }) => body.foundations.map((item) => item.name);
const get = async (query: string) => ctx.app.inject({ method: 'GET', url: `/api/foundations${query}` });

describe('GET /api/foundations', () => {
  it('lists approved foundations only, with paging facts', async () => {
    const response = await get('?page=1&limit=6');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(names(body)).toEqual(['Зелёный город', 'Добрые руки', 'Спорт для всех', 'Арт-двор']);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 6,
      totalCount: 4,
      totalPages: 1,
      hasPrev: false,
      hasNext: false,
      overallCount: 4,
    });
    expect(body.foundations[0]).toMatchObject({ directions: ['ecology', 'education'], verified: true });
    // Each count belongs to its own foundation (ids of foundations and events deliberately differ).
    expect(body.foundations.map((item: { eventsCount: number }) => item.eventsCount)).toEqual([2, 1, 1, 0]);
  });

  it('pages', async () => {
    const body = (await get('?page=2&limit=3')).json();
    expect(names(body)).toEqual(['Арт-двор']);
    expect(body.pagination).toMatchObject({
      page: 2,
      totalPages: 2,
      hasPrev: true,
      hasNext: false,
      totalCount: 4,
    });
  });

  it('searches names and descriptions; found and overall counts differ', async () => {
    const body = (await get(`?search=${encodeURIComponent('пожилым')}`)).json();
    expect(names(body)).toEqual(['Добрые руки']);
    expect(body.pagination).toMatchObject({ totalCount: 1, overallCount: 4 });
    expect(names((await get(`?search=${encodeURIComponent('арт')}`)).json())).toEqual(['Арт-двор']);
  });

  it('takes comma-joined directions, any of them matching', async () => {
    expect(names((await get('?directions=health,sport')).json())).toEqual(['Добрые руки', 'Спорт для всех']);
    expect(names((await get('?directions=art')).json())).toEqual(['Арт-двор']);
  });

  it('keeps foundations with at least one event open to the chosen age', async () => {
    expect(names((await get('?ageRestriction=14%2B')).json())).toEqual(['Зелёный город']);
    expect(names((await get('?ageRestriction=16%2B')).json())).toEqual(['Зелёный город', 'Добрые руки']);
    expect(names((await get('?ageRestriction=all')).json())).toHaveLength(4);
  });

  it('combines search, directions and age', async () => {
    expect(
      names(
        (
          await get(`?search=${encodeURIComponent('деревья')}&directions=ecology&ageRestriction=14%2B`)
        ).json(),
      ),
    ).toEqual(['Зелёный город']);
    expect(names((await get('?directions=sport&ageRestriction=16%2B')).json())).toEqual([]);
  });

  it.each([
    ['?directions=cooking', foundationMessages.directions],
    ['?ageRestriction=21%2B', foundationMessages.ageRestriction],
    ['?page=-1', 'Номер страницы'],
    ['?limit=abc', 'Размер страницы'],
  ])('answers %s with 400', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('caps the page size at 100', async () => {
    expect((await get('?limit=100000')).json().pagination.limit).toBe(100);
  });
});

describe('GET /api/foundations?search=', () => {
  it('finds a word in any of its forms, ё as е, the last word as a beginning, the name before the rest', async () => {
    const db = ctx.database.db;
    const painted = await createFoundation(db, {
      name: 'Стены и заборы',
      description: 'Красим скамейки во дворах',
    });
    const search = async (text: string) => names((await get(`?search=${encodeURIComponent(text)}`)).json());
    expect(await search('парк')).toEqual(['Зелёный город']);
    expect(await search('зеленый')).toEqual(['Зелёный город']);
    expect(await search('ЗЕЛЁНОГО ГОРОДА')).toEqual(['Зелёный город']);
    expect(await search('пожил')).toEqual(['Добрые руки']);
    // «Арт-двор» paints walls (its description) and comes first by name without a search.
    expect(await search('стена')).toEqual(['Стены и заборы', 'Арт-двор']);
    // Every foundation of the tests is in Москва: the city is part of the document.
    expect(await search('Москва')).toHaveLength(5);
    expect(await search('!!!')).toEqual([]);
    await db.delete(foundations).where(eq(foundations.id, painted.id));
  });

  it('ranks and counts the matches in one statement, a page past the last counted still', async () => {
    await get('?search=fill');
    const recorder = recordStatements(ctx.database.db);
    try {
      const found = (await get(`?search=${encodeURIComponent('Москва')}&limit=2`)).json();
      expect(found.foundations).toHaveLength(2);
      expect(found.pagination.totalCount).toBe(4);
      expect(recorder.roundTrips, recorder.statements.join('\n---\n')).toBe(1);
    } finally {
      recorder.restore();
    }
    const beyond = (await get(`?search=${encodeURIComponent('Москва')}&limit=2&page=9`)).json();
    expect(beyond).toMatchObject({ foundations: [], pagination: { totalCount: 4 } });
  });
});

describe('GET /api/foundations/{id}', () => {
  it('returns the profile with its events, upcoming first, and at most six photos', async () => {
    const db = ctx.database.db;
    const foundationId = ids['Зелёный город'] ?? 0;
    for (let i = 0; i < 8; i += 1) {
      const [image] = await db
        .insert(images)
        .values({ contentType: 'image/png', data: Buffer.from([i]), byteSize: 1, width: 1, height: 1 })
        .returning({ id: images.id });
      await db.insert(foundationPhotos).values({ foundationId, imageId: image?.id ?? 0, position: i });
    }
    const response = await ctx.app.inject({ method: 'GET', url: `/api/foundations/${foundationId}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ name: 'Зелёный город', eventsCount: 2, moderationStatus: 'approved' });
    expect(body.events.map((event: { isPastEvent: boolean }) => event.isPastEvent)).toEqual([false, true]);
    // A row of the page's list each, not a whole event card.
    expect(Object.keys(body.events[0]).sort()).toEqual(
      ['date', 'endTime', 'id', 'isPastEvent', 'location', 'startTime', 'title'].sort(),
    );
    expect(body.photoGallery).toHaveLength(6);
    expect(body.photoGallery[0]).toMatch(/^\/api\/images\/\d+$/);
  });

  it("names a foundation by its owner's account, whoever else is in its team", async () => {
    const db = ctx.database.db;
    // A school first, so that the foundation's number and its members' numbers differ.
    await createSchool(db);
    const foundation = await createFoundation(db, { name: 'Команда' });
    const [coordinator] = await db
      .insert(users)
      .values({ username: `coordinator_${foundation.id}`, passwordHash: 'x', role: 'foundation' })
      .returning({ id: users.id });
    await db
      .insert(organisationMembers)
      .values({ userId: coordinator?.id ?? 0, foundationId: foundation.id, role: 'coordinator' });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/foundations/${foundation.id}` });
    expect(response.json()).toMatchObject({ name: 'Команда', userId: foundation.userId });
  });

  it('lists upcoming events by day, then past ones latest first, without cancelled ones, and counts nothing', async () => {
    const db = ctx.database.db;
    const foundation = await createFoundation(db, { name: 'Фонд с расписанием' });
    const dated = [
      ['Прошлое давнее', '2026-10-01', 'completed'],
      ['Послезавтра', '2026-11-25', 'upcoming'],
      ['Прошлое недавнее', '2026-11-20', 'completed'],
      ['Отменённое', '2026-11-24', 'canceled'],
      ['Завтра', '2026-11-24', 'upcoming'],
    ] as const;
    for (const [title, date, status] of dated) await createEvent(db, foundation.id, { title, date, status });
    const recorder = recordStatements(db);
    try {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/foundations/${foundation.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().events.map((event: { title: string }) => event.title)).toEqual([
        'Завтра',
        'Послезавтра',
        'Прошлое недавнее',
        'Прошлое давнее',
      ]);
      // The page's rows alone: no count of the foundation's events, no pupils counted per event.
      expect(recorder.statements.filter((statement) => /count\(|sum\(/.test(statement))).toEqual([]);
    } finally {
      recorder.restore();
    }
  });

  it.each([
    ['На проверке', 404],
    ['Отклонён', 404],
  ])('hides %s from visitors', async (key, status) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/foundations/${ids[key]}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: foundationMessages.notFound });
  });

  it.each(['abc', '0', '99999999999'])('answers a malformed id %s with 400', async (id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/foundations/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: foundationMessages.foundationId });
  });
});

describe('GET /api/news', () => {
  it('lists published news, newest first, with the foundation of a success story', async () => {
    const db = ctx.database.db;
    await db.insert(news).values([
      { title: 'Старая', content: 'Текст', createdAt: new Date('2026-10-01T10:00:00Z') },
      {
        title: 'История',
        content: 'Текст истории',
        category: 'success',
        foundationId: ids['Добрые руки'] ?? null,
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
      {
        title: 'Черновик',
        content: 'Текст',
        isPublished: false,
        createdAt: new Date('2026-11-10T10:00:00Z'),
      },
    ]);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/news' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((item: { title: string }) => item.title)).toEqual(['История', 'Старая']);
    expect(body[0]).toMatchObject({
      category: 'success',
      foundation: { name: 'Добрые руки', location: 'Москва' },
    });
    expect(body[1]).toMatchObject({
      category: 'news',
      foundation: null,
      createdAt: '2026-10-01T10:00:00.000Z',
    });
  });
});

describe("the foundation dashboard's counters", () => {
  it("count the foundation's rows for each of its members", async () => {
    const db = ctx.database.db;
    const foundation = await createFoundation(db);
    await createEvent(db, foundation.id, { date: '2026-12-10' });
    const [viewer] = await db
      .insert(users)
      .values({ username: `viewer_${foundation.id}`, passwordHash: 'x', role: 'foundation' })
      .returning({ id: users.id });
    await db
      .insert(organisationMembers)
      .values({ userId: viewer?.id ?? 0, foundationId: foundation.id, role: 'viewer' });
    const read = async (userId: number, url: string) => {
      const { sessionId } = await createSession(db, userId);
      return (await ctx.app.inject({ method: 'GET', url, cookies: { sid: sessionId } })).json();
    };
    for (const url of [
      '/api/foundation/stats',
      '/api/foundation/application-stats',
      '/api/foundation/applications-count',
    ]) {
      expect(await read(viewer?.id ?? 0, url)).toEqual(await read(foundation.userId, url));
    }
    expect(await read(viewer?.id ?? 0, '/api/foundation/stats')).toEqual({
      totalEvents: 1,
      totalVolunteerHours: 0,
    });
  });
});
