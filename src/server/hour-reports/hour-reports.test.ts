import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityType } from '../../shared/catalog';
import {
  type AdminHoursReport,
  type FoundationHoursReport,
  hourReportMessages,
  type SchoolHoursReport,
} from '../../shared/hour-reports';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { hourCredits, schools, users } from '../db/schema';
import { createEvent, createFoundation, createSchool } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

// Today is in the 2026/27 school year; the figures below lie in 2024/25 and 2025/26.
const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;

interface Org {
  id: number;
  sid: string;
}
let school: Org;
let otherSchool: Org;
let foundation: Org;
let otherFoundation: Org;
let adminSid: string;

async function schoolWithSession(name: string): Promise<Org> {
  const row = await createSchool(ctx.database.db);
  await ctx.database.db.update(schools).set({ name }).where(eq(schools.id, row.id));
  return { id: row.id, sid: (await createSession(ctx.database.db, row.userId)).sessionId };
}
async function foundationWithSession(): Promise<Org> {
  const row = await createFoundation(ctx.database.db);
  return { id: row.id, sid: (await createSession(ctx.database.db, row.userId)).sessionId };
}

/** One application's credit in the ledger, as completion writes it. */
async function credit(values: {
  school: Org;
  foundation: Org;
  date: string;
  pupils: number;
  hours: number;
  activityType?: ActivityType | null;
  eventId?: number | null;
  withdrawn?: boolean;
}) {
  await ctx.database.db.insert(hourCredits).values({
    schoolId: values.school.id,
    foundationId: values.foundation.id,
    eventId: values.eventId ?? null,
    eventTitle: `Мероприятие ${randomBytes(3).toString('hex')}`,
    eventDate: values.date,
    foundationName: 'Фонд',
    activityType: values.activityType === undefined ? 'ecology' : values.activityType,
    participantCount: values.pupils,
    hours: values.hours,
    withdrawnAt: values.withdrawn ? new Date() : null,
  });
}

const get = (sid: string, url: string) => ctx.app.inject({ method: 'GET', url, cookies: { sid } });
const putGoal = (sid: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/school/hours-goal',
    cookies: { sid },
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  school = await schoolWithSession('Гимназия № 1');
  otherSchool = await schoolWithSession('Лицей № 2');
  foundation = await foundationWithSession();
  otherFoundation = await foundationWithSession();
  const [admin] = await ctx.database.db
    .insert(users)
    .values({ username: `admin_${randomBytes(3).toString('hex')}`, passwordHash: 'x', role: 'admin' })
    .returning({ id: users.id });
  adminSid = (await createSession(ctx.database.db, admin?.id ?? 0)).sessionId;

  const shared = await createEvent(ctx.database.db, foundation.id, {
    date: '2025-10-15',
    status: 'completed',
    activityType: 'ecology',
  });
  await createEvent(ctx.database.db, foundation.id, { date: '2025-09-01', status: 'completed' });
  await createEvent(ctx.database.db, otherFoundation.id, { date: '2025-09-20', status: 'completed' });
  await createEvent(ctx.database.db, foundation.id, { date: '2025-10-01', status: 'upcoming' });

  // The last day of 2024/25 and the first of 2025/26.
  await credit({ school, foundation, date: '2025-08-31', pupils: 4, hours: 12 });
  await credit({ school, foundation, date: '2025-09-01', pupils: 5, hours: 15, activityType: 'social' });
  // October: two types; one event shared with the other school.
  await credit({ school, foundation, date: '2025-10-15', pupils: 10, hours: 30, eventId: shared.id });
  await credit({
    school,
    foundation: otherFoundation,
    date: '2025-10-20',
    pupils: 2,
    hours: 4,
    activityType: 'sport',
  });
  await credit({
    school: otherSchool,
    foundation,
    date: '2025-10-15',
    pupils: 7,
    hours: 21,
    eventId: shared.id,
  });
  // Withdrawn from the school's archive in November; a credit of unknown type in March.
  await credit({ school, foundation, date: '2025-11-10', pupils: 3, hours: 9, withdrawn: true });
  await credit({ school, foundation, date: '2026-03-01', pupils: 1, hours: 2, activityType: null });
});
afterAll(() => ctx.close());

describe("a school's hours per month", () => {
  it('splits the months of the school year by activity type, as in the ledger, its own credits only', async () => {
    const response = await get(school.sid, '/api/school/hours-report?year=2025');
    expect(response.statusCode).toBe(200);
    const report = response.json() as SchoolHoursReport;
    expect(report.year).toBe(2025);
    expect(report.months.map((month) => month.month)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
    ]);
    const byMonth = Object.fromEntries(report.months.map((month) => [month.month, month]));
    expect(byMonth['2025-09']).toMatchObject({ hours: 15, pupils: 5, events: 1 });
    expect(byMonth['2025-09']?.byActivity).toMatchObject({ social: 15, ecology: 0 });
    // The other school's 21 hours on the shared event are not the school's.
    expect(byMonth['2025-10']).toMatchObject({ hours: 34, pupils: 12, events: 2 });
    expect(byMonth['2025-10']?.byActivity).toEqual({
      ecology: 30,
      education: 0,
      social: 0,
      sport: 4,
      culture: 0,
      other: 0,
    });
    // The withdrawn entry no longer counts for the school.
    expect(byMonth['2025-11']).toMatchObject({ hours: 0, pupils: 0, events: 0 });
    expect(byMonth['2026-03']?.byActivity.other).toBe(2);
    expect(report.totals).toEqual({ hours: 51, pupils: 18, events: 4 });
    expect(report.years).toEqual([2026, 2025, 2024]);
  });

  it('puts 31 August into the year before and 1 September into the year it starts', async () => {
    const earlier = (await get(school.sid, '/api/school/hours-report?year=2024')).json() as SchoolHoursReport;
    expect(earlier.months.at(-1)).toMatchObject({ month: '2025-08', hours: 12, pupils: 4 });
    expect(earlier.totals).toEqual({ hours: 12, pupils: 4, events: 1 });
  });

  it('shows the school year of today without a year, empty when nothing is credited yet', async () => {
    const report = (await get(school.sid, '/api/school/hours-report')).json() as SchoolHoursReport;
    expect(report.year).toBe(2026);
    expect(report.months[0]?.month).toBe('2026-09');
    expect(report.totals).toEqual({ hours: 0, pupils: 0, events: 0 });
  });

  it('shows the other school only its own hours', async () => {
    const report = (
      await get(otherSchool.sid, '/api/school/hours-report?year=2025')
    ).json() as SchoolHoursReport;
    expect(report.totals).toEqual({ hours: 21, pupils: 7, events: 1 });
    expect(report.years).toEqual([2026, 2025]);
  });

  it.each(['abc', '1999', '2100', '25', '2025.0', ''])(
    'refuses ?year=%s with a Russian message',
    async (year) => {
      const response = await get(school.sid, `/api/school/hours-report?year=${year}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: hourReportMessages.year });
    },
  );

  it('answers 403 to a foundation and 401 to a visitor', async () => {
    expect((await get(foundation.sid, '/api/school/hours-report')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/school/hours-report' })).statusCode).toBe(401);
  });
});

describe("a school's yearly goal", () => {
  const goalOf = async (org: Org) =>
    ((await get(org.sid, '/api/school/hours-report')).json() as SchoolHoursReport).goal;

  it('is set, changed and cleared, and only the school’s own', async () => {
    expect(await goalOf(school)).toBeNull();
    const set = await putGoal(school.sid, { goal: 500 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ goal: 500, message: hourReportMessages.goalSaved });
    expect(await goalOf(school)).toBe(500);
    expect(await goalOf(otherSchool)).toBeNull();

    expect((await putGoal(school.sid, { goal: '100000' })).json()).toMatchObject({ goal: 100_000 });
    expect(await goalOf(school)).toBe(100_000);

    const cleared = await putGoal(school.sid, { goal: null });
    expect(cleared.json()).toEqual({ goal: null, message: hourReportMessages.goalCleared });
    expect(await goalOf(school)).toBeNull();
  });

  it.each([
    ['0', 0],
    ['100 001', 100_001],
    ['1.5', 1.5],
    ['-3', -3],
    ['text', 'много'],
    ['"1e3"', '1e3'],
    ['true', true],
    ['an empty text', ''],
    ['an array', [5]],
  ])('refuses a goal of %s with a Russian message and keeps the old one', async (_label, goal) => {
    await putGoal(school.sid, { goal: 320 });
    const response = await putGoal(school.sid, { goal });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: hourReportMessages.goal });
    expect(await goalOf(school)).toBe(320);
  });

  it('refuses a body without a goal', async () => {
    const response = await putGoal(school.sid, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: hourReportMessages.goal });
  });

  it('is for schools only', async () => {
    expect((await putGoal(foundation.sid, { goal: 10 })).statusCode).toBe(403);
    expect((await putGoal(adminSid, { goal: 10 })).statusCode).toBe(403);
  });
});

describe("a foundation's pupils and hours", () => {
  it('counts every credit it made, also withdrawn ones, and lists the schools it worked with', async () => {
    const response = await get(foundation.sid, '/api/foundation/hours-report?year=2025');
    expect(response.statusCode).toBe(200);
    const report = response.json() as FoundationHoursReport;
    const byMonth = Object.fromEntries(report.months.map((month) => [month.month, month]));
    expect(byMonth['2025-09']).toEqual({ month: '2025-09', hours: 15, pupils: 5, events: 1 });
    // Two schools on one event: one event, both schools' pupils; the other foundation's credit is not here.
    expect(byMonth['2025-10']).toEqual({ month: '2025-10', hours: 51, pupils: 17, events: 1 });
    expect(byMonth['2025-11']).toEqual({ month: '2025-11', hours: 9, pupils: 3, events: 1 });
    expect(report.schools).toEqual([
      { name: 'Гимназия № 1', events: 4, pupils: 19, hours: 56 },
      { name: 'Лицей № 2', events: 1, pupils: 7, hours: 21 },
    ]);
    expect(report.totals).toEqual({ hours: 77, pupils: 26, events: 4, schools: 2 });
  });

  it('shows the other foundation only its own', async () => {
    const report = (
      await get(otherFoundation.sid, '/api/foundation/hours-report?year=2025')
    ).json() as FoundationHoursReport;
    expect(report.schools).toEqual([{ name: 'Гимназия № 1', events: 1, pupils: 2, hours: 4 }]);
    expect(report.totals).toEqual({ hours: 4, pupils: 2, events: 1, schools: 1 });
  });

  it('refuses a bad year and other roles', async () => {
    const bad = await get(foundation.sid, '/api/foundation/hours-report?year=20x5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: hourReportMessages.year });
    expect((await get(school.sid, '/api/foundation/hours-report')).statusCode).toBe(403);
  });
});

describe("the platform's totals", () => {
  it('counts completed events by their day and every credit', async () => {
    const response = await get(adminSid, '/api/admin/hours-report?year=2025');
    expect(response.statusCode).toBe(200);
    const report = response.json() as AdminHoursReport;
    const byMonth = Object.fromEntries(report.months.map((month) => [month.month, month]));
    expect(byMonth['2025-09']).toEqual({ month: '2025-09', completedEvents: 2, pupils: 5, hours: 15 });
    expect(byMonth['2025-10']).toEqual({ month: '2025-10', completedEvents: 1, pupils: 19, hours: 55 });
    expect(byMonth['2025-11']).toEqual({ month: '2025-11', completedEvents: 0, pupils: 3, hours: 9 });
    expect(report.totals).toEqual({ completedEvents: 3, pupils: 28, hours: 81 });
    expect(report.years).toEqual([2026, 2025, 2024]);
  });

  it('is for the administrator only', async () => {
    expect((await get(school.sid, '/api/admin/hours-report')).statusCode).toBe(403);
    expect((await get(foundation.sid, '/api/admin/hours-report')).statusCode).toBe(403);
  });
});
