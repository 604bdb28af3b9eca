import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMessages as messages, reportInputSchema } from '../../shared/reports';
import { textMessages } from '../../shared/text';
import { createCalendar } from '../calendar';
import { foundationReports, foundations, organisationMembers, type schools } from '../db/schema';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

/** The organisation person `userId` is a member of, as a condition on its table. */
const ofMember = (table: typeof foundations | typeof schools, userId: number) =>
  sql`${table.id} in (select ${table === foundations ? organisationMembers.foundationId : organisationMembers.schoolId}
    from ${organisationMembers} where ${organisationMembers.userId} = ${userId})`;

// A report's day is judged against today: five years back at most, two years ahead at most.
const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ calendar });
});
afterAll(() => ctx.close());

it("lists the foundation's own reports only, newest first", async () => {
  const mine = await signUp(ctx.app, 'foundation');
  const other = await signUp(ctx.app, 'foundation');
  const idOf = async (userId: number) =>
    (await ctx.database.db.select().from(foundations).where(ofMember(foundations, userId)))[0]?.id ?? 0;
  await ctx.database.db.insert(foundationReports).values([
    {
      foundationId: await idOf(mine.user.id),
      eventTitle: 'Субботник',
      eventDate: '2026-10-01',
      volunteersCount: 12,
      createdAt: new Date('2026-10-02'),
    },
    {
      foundationId: await idOf(mine.user.id),
      eventTitle: 'Ярмарка',
      eventDate: '2026-11-01',
      volunteersCount: 8,
      createdAt: new Date('2026-11-02'),
    },
    {
      foundationId: await idOf(other.user.id),
      eventTitle: 'Чужой',
      eventDate: '2026-11-01',
      volunteersCount: 3,
    },
  ]);
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/foundation/reports',
    cookies: { sid: mine.sid },
  });
  expect(response.json().map((report: { eventTitle: string }) => report.eventTitle)).toEqual([
    'Ярмарка',
    'Субботник',
  ]);
  const school = await signUp(ctx.app, 'school');
  expect(
    (await ctx.app.inject({ method: 'GET', url: '/api/foundation/reports', cookies: { sid: school.sid } }))
      .statusCode,
  ).toBe(403);
});

it('answers a page of the reports at a time and counts them all', async () => {
  const mine = await signUp(ctx.app, 'foundation');
  const [own] = await ctx.database.db.select().from(foundations).where(ofMember(foundations, mine.user.id));
  await ctx.database.db.insert(foundationReports).values(
    Array.from({ length: 23 }, (_, index) => ({
      foundationId: own?.id ?? 0,
      eventTitle: `Отчёт ${index + 1}`,
      eventDate: '2026-10-01',
      volunteersCount: 5,
      createdAt: new Date(Date.UTC(2026, 9, 1, index)),
    })),
  );
  const pageOf = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/foundation/reports${query}`,
      cookies: { sid: mine.sid },
    });
    return {
      titles: (response.json() as { eventTitle: string }[]).map((report) => report.eventTitle),
      total: Number(response.headers['x-total-count']),
    };
  };
  const first = await pageOf('');
  expect(first.total).toBe(23);
  expect(first.titles).toHaveLength(20);
  expect(first.titles[0]).toBe('Отчёт 23');
  expect((await pageOf('?page=2')).titles).toEqual(['Отчёт 3', 'Отчёт 2', 'Отчёт 1']);
  expect((await pageOf('?page=2&limit=5')).titles[0]).toBe('Отчёт 18');
});

const post = (sid: string | undefined, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/foundation/reports',
    payload,
    ...(sid ? { cookies: { sid } } : {}),
  });
const remove = (sid: string | undefined, id: number | string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/foundation/reports/${id}`,
    ...(sid ? { cookies: { sid } } : {}),
  });
const listOf = async (sid: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/foundation/reports', cookies: { sid } })).json() as {
    id: number;
    eventTitle: string;
  }[];
const rowsWithId = (id: number) =>
  ctx.database.db.select().from(foundationReports).where(eq(foundationReports.id, id));

const valid = {
  eventTitle: 'Уборка парка',
  eventDate: '2026-03-14',
  volunteersCount: 25,
  additionalInfo: 'Собрали 40 мешков мусора',
};

describe('creating a report', () => {
  it('answers 201 with the report, which then comes first in the list', async () => {
    const { sid } = await signUp(ctx.app, 'foundation');
    expect((await post(sid, { ...valid, eventTitle: 'Первый отчет' })).statusCode).toBe(201);

    const response = await post(sid, valid);
    expect(response.statusCode).toBe(201);
    const report = response.json();
    expect(report).toEqual({
      id: expect.any(Number),
      eventTitle: 'Уборка парка',
      eventDate: '2026-03-14',
      volunteersCount: 25,
      additionalInfo: 'Собрали 40 мешков мусора',
      createdAt: expect.any(String),
    });
    expect((await listOf(sid)).map((item) => item.eventTitle)).toEqual(['Уборка парка', 'Первый отчет']);
    expect((await listOf(sid))[0]?.id).toBe(report.id);
  });

  it('accepts what a form sends: a count as text, padded title, empty additional info; and past dates', async () => {
    const { sid } = await signUp(ctx.app, 'foundation');
    const response = await post(sid, {
      eventTitle: '  Ярмарка  ',
      eventDate: '2021-11-23',
      volunteersCount: '12',
      additionalInfo: '',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      eventTitle: 'Ярмарка',
      eventDate: '2021-11-23',
      volunteersCount: 12,
      additionalInfo: null,
    });
    // The web form validates with the same schema and sends its output (a number, null): also accepted.
    const fromForm = reportInputSchema.parse({
      eventTitle: 'Мастер-класс',
      eventDate: '2026-01-20',
      volunteersCount: '7',
      additionalInfo: '',
    });
    expect((await post(sid, fromForm)).statusCode).toBe(201);
  });

  it.each([
    ['an empty title', { eventTitle: '' }, messages.eventTitle],
    ['a two-letter title', { eventTitle: 'ab' }, messages.eventTitle],
    ['a title of spaces around two letters', { eventTitle: '   ab   ' }, messages.eventTitle],
    ['a title over 200 characters', { eventTitle: 'я'.repeat(201) }, 'Не более 200 символов'],
    ['a missing date', { eventDate: undefined }, messages.eventDate],
    ['an empty date', { eventDate: '' }, messages.eventDate],
    ['a day that does not exist', { eventDate: '2026-02-30' }, messages.eventDate],
    ['a date in another format', { eventDate: '14.03.2026' }, messages.eventDate],
    ['a year typed as 0202', { eventDate: '0202-03-14' }, messages.eventDateRange],
    ['a day more than five years ago', { eventDate: '2021-11-22' }, messages.eventDateTooOld],
    ['a day more than two years ahead', { eventDate: '2028-11-24' }, messages.eventDateTooFar],
    ['the year 2100', { eventDate: '2100-12-31' }, messages.eventDateTooFar],
    [
      'a title of zero-width characters',
      { eventTitle: '\u200b\u200b\u200b\u200b' },
      textMessages.invisibleOnly,
    ],
    ['a count written 0x3', { volunteersCount: '0x3' }, messages.volunteersCount],
    ['a count written +3', { volunteersCount: '+3' }, messages.volunteersCount],
    ['zero volunteers', { volunteersCount: 0 }, messages.volunteersCount],
    ['a negative count', { volunteersCount: -1 }, messages.volunteersCount],
    ['a fractional count', { volunteersCount: 1.5 }, messages.volunteersWhole],
    ['a count that is not a number', { volunteersCount: 'x' }, messages.volunteersCount],
    ['a count that is a boolean', { volunteersCount: true }, messages.volunteersCount],
    ['a missing count', { volunteersCount: undefined }, messages.volunteersCount],
    ['more than 100 000 volunteers', { volunteersCount: 100_001 }, messages.volunteersMax],
    ['additional info over 2000 characters', { additionalInfo: 'я'.repeat(2001) }, 'Не более 2000 символов'],
    ['additional info that is not text', { additionalInfo: 5 }, messages.additionalInfo],
  ])('refuses %s with 400 and its message, creating nothing', async (_case, change, message) => {
    const { sid } = await signUp(ctx.app, 'foundation');
    const response = await post(sid, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await listOf(sid)).toEqual([]);
  });

  it('is for foundations only: 401 for a visitor, 403 for a school, and nothing is stored', async () => {
    const school = await signUp(ctx.app, 'school');
    const attempt = { ...valid, eventTitle: 'Отчет без права' };
    const anonymous = await post(undefined, attempt);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Необходима авторизация' });
    const bySchool = await post(school.sid, attempt);
    expect(bySchool.statusCode).toBe(403);
    expect(bySchool.json()).toEqual({ message: 'Это действие доступно только для роли: фонд' });
    expect(
      await ctx.database.db
        .select()
        .from(foundationReports)
        .where(eq(foundationReports.eventTitle, attempt.eventTitle)),
    ).toEqual([]);
  });
});

describe('deleting a report', () => {
  it('deletes its own report with 200 and the message, and the list no longer shows it', async () => {
    const { sid } = await signUp(ctx.app, 'foundation');
    const kept = (await post(sid, { ...valid, eventTitle: 'Остается' })).json();
    const report = (await post(sid, valid)).json();

    const response = await remove(sid, report.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Отчет удален' });
    expect((await listOf(sid)).map((item) => item.id)).toEqual([kept.id]);
    expect(await rowsWithId(report.id)).toEqual([]);

    const again = await remove(sid, report.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: messages.notFound });
  });

  it("answers 404 to another foundation and leaves that foundation's report in place", async () => {
    const a = await signUp(ctx.app, 'foundation');
    const b = await signUp(ctx.app, 'foundation');
    const report = (await post(a.sid, valid)).json();

    const response = await remove(b.sid, report.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.notFound });
    expect(await rowsWithId(report.id)).toHaveLength(1);
    expect((await listOf(a.sid)).map((item) => item.id)).toEqual([report.id]);
  });

  it('refuses a visitor (401) and a school (403), and the report stays', async () => {
    const owner = await signUp(ctx.app, 'foundation');
    const school = await signUp(ctx.app, 'school');
    const report = (await post(owner.sid, valid)).json();

    const anonymous = await remove(undefined, report.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Необходима авторизация' });
    const bySchool = await remove(school.sid, report.id);
    expect(bySchool.statusCode).toBe(403);
    expect(await rowsWithId(report.id)).toHaveLength(1);
  });

  it.each(['abc', '0', '1.5', '99999999999'])('answers 400 to the malformed id %s', async (id) => {
    const { sid } = await signUp(ctx.app, 'foundation');
    const response = await remove(sid, id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.reportId });
  });
});
