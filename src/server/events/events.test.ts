import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedManyEvents } from '../../../bench/seed-many-events';
import { eventQueryMessages } from '../../shared/events';
import { createCalendar } from '../calendar';
import { events } from '../db/schema';
import { createApplication, createEvent, createFoundation, createSchool } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

// 21:30 UTC on Sunday 22 November is already 00:30 on Monday 23 November in Moscow.
const now = new Date('2026-11-22T21:30:00Z');
const calendar = createCalendar('Europe/Moscow', () => now);

let ctx: TestContext;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const db = ctx.database.db;
  const green = await createFoundation(db, { name: 'Зелёный город' });
  const hidden = await createFoundation(db, { name: 'Фонд на проверке', status: 'pending' });
  const make = async (key: string, values: Parameters<typeof createEvent>[2], foundationId = green.id) => {
    ids[key] = (await createEvent(db, foundationId, { title: key, ...values })).id;
  };
  await make('oct31', { date: '2026-10-31', activityType: 'culture' });
  await make('nov01', { date: '2026-11-01', activityType: 'sport', ageRestriction: 18 });
  await make('sun22', { date: '2026-11-22', activityType: 'education', ageRestriction: 12 });
  await make('mon23', {
    date: '2026-11-23',
    activityType: 'ecology',
    ageRestriction: 14,
    startTime: '12:00',
  });
  await make('mon23early', {
    date: '2026-11-23',
    activityType: 'social',
    ageRestriction: 16,
    startTime: '09:00',
  });
  await make('sun29', { date: '2026-11-29', activityType: 'social', ageRestriction: 18 });
  await make('mon30', { date: '2026-11-30', activityType: 'sport' });
  await make('dec01', { date: '2026-12-01', activityType: 'education', ageRestriction: 16 });
  await make('canceled', { date: '2026-11-25', status: 'canceled' });
  await make('pendingFoundation', { date: '2026-11-25' }, hidden.id);
});
afterAll(() => ctx.close());

const list = async (query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/events${query}` });
  return {
    response,
    titles: response.statusCode === 200 ? (response.json() as { title: string }[]).map((e) => e.title) : [],
  };
};

describe('GET /api/events: filters', () => {
  it('lists every visible event: upcoming by date ascending, then past by date descending', async () => {
    const { response, titles } = await list('');
    expect(response.statusCode).toBe(200);
    expect(titles).toEqual(['mon23early', 'mon23', 'sun29', 'mon30', 'dec01', 'sun22', 'nov01', 'oct31']);
    expect(response.headers['x-total-count']).toBe('8');
  });

  it("takes 'today' in APP_TIMEZONE, not in UTC", async () => {
    expect((await list('?date=today')).titles).toEqual(['mon23early', 'mon23']);
  });

  it('takes the week Monday to Sunday around today', async () => {
    expect((await list('?date=week')).titles).toEqual(['mon23early', 'mon23', 'sun29']);
  });

  it('takes the calendar month of today', async () => {
    expect((await list('?date=month')).titles).toEqual([
      'mon23early',
      'mon23',
      'sun29',
      'mon30',
      'sun22',
      'nov01',
    ]);
  });

  it('takes an exact day and an explicit range', async () => {
    expect((await list('?date=2026-11-29')).titles).toEqual(['sun29']);
    expect((await list('?dateFrom=2026-11-29&dateTo=2026-12-01')).titles).toEqual([
      'sun29',
      'mon30',
      'dec01',
    ]);
  });

  it.each([
    ['14+', ['mon23', 'mon30', 'sun22', 'oct31']],
    ['16+', ['mon23early', 'mon23', 'mon30', 'dec01', 'sun22', 'oct31']],
    ['18+', ['mon23early', 'mon23', 'sun29', 'mon30', 'dec01', 'sun22', 'nov01', 'oct31']],
  ])(
    'age %s lets through events whose limit is at most that age, and those without one',
    async (age, expected) => {
      expect((await list(`?ageRange=${encodeURIComponent(age)}`)).titles).toEqual(expected);
    },
  );

  it('takes one or several activity types', async () => {
    expect((await list('?activityType=sport')).titles).toEqual(['mon30', 'nov01']);
    expect((await list('?activityType=sport&activityType=education')).titles).toEqual([
      'mon30',
      'dec01',
      'sun22',
      'nov01',
    ]);
  });

  it('combines date, age and types', async () => {
    expect(
      (await list('?date=month&ageRange=14%2B&activityType=sport&activityType=education')).titles,
    ).toEqual(['mon30', 'sun22']);
    expect((await list('?date=week&ageRange=16%2B&activityType=social&activityType=ecology')).titles).toEqual(
      ['mon23early', 'mon23'],
    );
  });

  it('searches titles, descriptions and places regardless of case', async () => {
    await createEvent(ctx.database.db, (await createFoundation(ctx.database.db)).id, {
      title: 'Уборка берега Волги',
      date: '2026-12-10',
      location: 'Самара, 100% пляж',
    });
    expect((await list(`?search=${encodeURIComponent('БЕРЕГ')}`)).titles).toEqual(['Уборка берега Волги']);
    expect((await list(`?search=${encodeURIComponent('100%')}`)).titles).toEqual(['Уборка берега Волги']);
    expect((await list(`?search=${encodeURIComponent('_')}`)).titles).toEqual([]);
  });
});

describe('GET /api/events?upcoming=true', () => {
  it('keeps only events from today on that are not completed', async () => {
    expect((await list('?upcoming=true&date=month')).titles).toEqual([
      'mon23early',
      'mon23',
      'sun29',
      'mon30',
    ]);
    const other = await createFoundation(ctx.database.db);
    for (const [title, status] of [
      ['открыто', 'upcoming'],
      ['завершено досрочно', 'completed'],
    ] as const) {
      await createEvent(ctx.database.db, other.id, { title, date: '2026-12-05', status });
    }
    expect((await list(`?upcoming=true&foundationId=${other.id}`)).titles).toEqual(['открыто']);
    expect((await list(`?foundationId=${other.id}`)).titles).toHaveLength(2);
    const bad = await list('?upcoming=yes');
    expect(bad.response.statusCode).toBe(400);
    expect(bad.response.json()).toEqual({ message: eventQueryMessages.upcoming });
    // The paging tests below count every event. Written past the API, so the cache is dropped by hand.
    await ctx.database.db.delete(events).where(eq(events.foundationId, other.id));
    ctx.app.publicCache.invalidate();
  });
});

describe('GET /api/events: paging and bad queries', () => {
  it('pages with page and limit and reports the total', async () => {
    const { response, titles } = await list('?page=2&limit=3');
    expect(titles).toEqual(['mon30', 'dec01', 'Уборка берега Волги']);
    expect(response.headers['x-total-count']).toBe('9');
    expect((await list('?page=50&limit=3')).titles).toEqual([]);
  });

  it.each([
    ['?page=-1', 'Номер страницы'],
    ['?page=abc', 'Номер страницы'],
    ['?page=0', 'Номер страницы'],
    ['?limit=0', 'Размер страницы'],
    ['?ageRange=abc', eventQueryMessages.ageRange],
    ['?activityType=cooking', eventQueryMessages.activityType],
    ['?activityType=sport&activityType=cooking', eventQueryMessages.activityType],
    ['?date=yesterday', eventQueryMessages.date],
    ['?date=2026-13-45', eventQueryMessages.date],
    ['?date=2026-02-30', eventQueryMessages.date],
    ['?dateFrom=2026-02-29', eventQueryMessages.dateRange],
    ['?dateFrom=2026-12-01&dateTo=2026-11-01', 'Дата начала периода'],
  ])('answers %s with 400 and a Russian message', async (query, message) => {
    const { response } = await list(query);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });

  it('caps a huge limit instead of sending the whole table', async () => {
    await seedManyEvents(ctx.database.db, 5000, '2026-11-23');
    // Written past the API, which would otherwise have dropped the cached answers itself.
    ctx.app.publicCache.invalidate();
    const huge = await list('?limit=100000');
    expect(huge.response.statusCode).toBe(200);
    expect(huge.titles).toHaveLength(100);
    expect(Number(huge.response.headers['x-total-count'])).toBe(5009);

    const homePage = await list('?page=1&limit=6');
    expect(homePage.titles).toHaveLength(6);
    expect((await list('')).titles).toHaveLength(100);
  });
});

describe('GET /api/events: computed fields', () => {
  it('computes places left, availability and participants in the query', async () => {
    const db = ctx.database.db;
    const foundation = await createFoundation(db, { name: 'Фонд мест' });
    const school = await createSchool(db);
    const full = await createEvent(db, foundation.id, {
      title: 'Полное',
      date: '2027-02-01',
      totalSlots: 10,
      reservedSlots: 10,
    });
    const limited = await createEvent(db, foundation.id, {
      title: 'Мало мест',
      date: '2027-02-02',
      totalSlots: 10,
      reservedSlots: 8,
    });
    const open = await createEvent(db, foundation.id, {
      title: 'Свободно',
      date: '2027-02-03',
      totalSlots: 10,
      reservedSlots: 5,
    });
    await createEvent(db, foundation.id, { title: 'Без лимита', date: '2027-02-04', totalSlots: null });
    await createApplication(db, {
      eventId: full.id,
      schoolId: school.id,
      participantCount: 6,
      status: 'approved',
    });
    await createApplication(db, {
      eventId: full.id,
      schoolId: (await createSchool(db)).id,
      participantCount: 4,
      status: 'pending',
    });
    await createApplication(db, {
      eventId: limited.id,
      schoolId: school.id,
      participantCount: 3,
      status: 'rejected',
    });
    void open;

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/events?dateFrom=2027-02-01&dateTo=2027-02-04',
    });
    const byTitle = Object.fromEntries(
      (response.json() as { title: string }[]).map((event) => [event.title, event]),
    ) as Record<string, Record<string, unknown>>;
    expect(byTitle.Полное).toMatchObject({
      remainingSlots: 0,
      availability: 'full',
      participantsCount: 6,
    });
    expect(byTitle['Мало мест']).toMatchObject({
      remainingSlots: 2,
      availability: 'limited',
      participantsCount: 0,
    });
    expect(byTitle.Свободно).toMatchObject({ remainingSlots: 5, availability: 'available' });
    expect(byTitle['Без лимита']).toMatchObject({
      totalSlots: null,
      remainingSlots: null,
      availability: 'available',
    });
    expect(byTitle.Полное).toMatchObject({
      foundation: { name: 'Фонд мест' },
      isPastEvent: false,
      startTime: '10:00',
    });
  });
});

describe('GET /api/events/{id}', () => {
  it('returns the event object with its foundation', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/events/${ids.mon23}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.mon23,
      title: 'mon23',
      date: '2026-11-23',
      startTime: '12:00',
      endTime: '13:00',
      ageRestriction: '14+',
      isPastEvent: false,
      foundation: { name: 'Зелёный город' },
    });
    const past = await ctx.app.inject({ method: 'GET', url: `/api/events/${ids.sun22}` });
    expect(past.json()).toMatchObject({ isPastEvent: true });
  });

  it("says whether the event's day has come in APP_TIMEZONE, where the browser's own day may still be yesterday", async () => {
    // 2026-11-23 in Moscow while it is still 22 November in UTC: today's event may be completed.
    const dayOf = async (id: number | undefined) =>
      ((await ctx.app.inject({ method: 'GET', url: `/api/events/${id}` })).json() as { dayHasCome: boolean })
        .dayHasCome;
    expect(await dayOf(ids.sun22)).toBe(true);
    expect(await dayOf(ids.mon23)).toBe(true);
    expect(await dayOf(ids.sun29)).toBe(false);
  });

  it.each([
    ['999999', 404, eventQueryMessages.eventNotFound],
    ['abc', 400, eventQueryMessages.eventId],
    ['-5', 400, eventQueryMessages.eventId],
    ['1.5', 400, eventQueryMessages.eventId],
    ['99999999999999', 400, eventQueryMessages.eventId],
  ])('answers /api/events/%s with %i', async (id, status, message) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/events/${id}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });

  it('hides events of a foundation that is not approved and cancelled events', async () => {
    for (const key of ['pendingFoundation', 'canceled']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/events/${ids[key]}` });
      expect(response.statusCode).toBe(404);
    }
  });
});
