import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/server/db/client';
import { createTestApp, type TestContext } from '../src/server/test/test-app';
import { type BenchFixture, benchSize, generateBenchData } from './generate';

let ctx: TestContext;
let fixture: BenchFixture;
const size = benchSize(200);

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await generateBenchData(ctx.database.db, '2026-11-27', size);
  ctx.app.publicCache.invalidate();
}, 120_000);
afterAll(() => ctx.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(ctx.database.db, query))[0] as T;

describe('the benchmark catalogue (bench/generate.ts)', () => {
  it('makes the sizes asked for', async () => {
    const counts = await one<Record<string, number>>(sql`select
      (select count(*)::int from events) as events, (select count(*)::int from foundations) as foundations,
      (select count(*)::int from schools) as schools, (select count(*)::int from registrations) as applications`);
    expect(counts).toEqual({
      events: size.events,
      foundations: size.foundations,
      schools: size.schools,
      applications: size.applications,
    });
  });

  it('spreads events over cities, a year back and a year ahead', async () => {
    const spread = await one<{ cities: number; past: number; future: number }>(sql`select
      count(distinct location)::int as cities,
      count(*) filter (where date < '2026-11-27')::int as past,
      count(*) filter (where date >= '2026-11-27')::int as future from events`);
    expect(spread.cities).toBeGreaterThanOrEqual(10);
    expect(spread.past).toBeGreaterThan(50);
    expect(spread.future).toBeGreaterThan(50);
  });

  it('gives the big foundation sixty schools and the busy school a year of applications', async () => {
    const big = await one<{ schools: number }>(sql`select count(distinct r.school_id)::int as schools
      from registrations r join events e on e.id = r.event_id where e.foundation_id = ${fixture.foundationId}`);
    expect(big.schools).toBe(60);
    const busy = await one<{ applications: number; days: number }>(sql`select count(*)::int as applications,
      (max(e.date) - min(e.date))::int as days
      from registrations r join events e on e.id = r.event_id join schools s on s.id = r.school_id
      join organisation_members m on m.school_id = s.id join users u on u.id = m.user_id
      where u.username = 'bench_school_1'`);
    expect(busy.days).toBeGreaterThan(300);
    // More than twice an ordinary school's share.
    expect(busy.applications).toBeGreaterThan((2 * size.applications) / size.schools);
  });

  it('keeps the places held in step with the applications', async () => {
    const off = await one<{ events: number }>(sql`select count(*)::int as events from events e
      where e.reserved_slots <> coalesce((select sum(r.participant_count) from registrations r
        where r.event_id = e.id and r.status in ('pending', 'approved')), 0)`);
    expect(off.events).toBe(0);
  });

  it("credits the hours of every completed application, as the busy school's archive shows", async () => {
    const ledger = await one<{ uncredited: number; credits: number }>(sql`select
      (select count(*)::int from registrations r where r.status = 'completed'
        and not exists (select 1 from hour_credits h where h.registration_id = r.id)) as uncredited,
      (select count(*)::int from hour_credits) as credits`);
    expect(ledger.uncredited).toBe(0);
    expect(ledger.credits).toBeGreaterThan(0);
    const archive = await ctx.app.inject({
      method: 'GET',
      url: '/api/school/completed-events',
      cookies: { sid: fixture.busySchoolSession },
    });
    expect(Number(archive.headers['x-total-count'])).toBeGreaterThan(0);
    expect(archive.json()[0]).toMatchObject({
      hoursEarned: expect.any(Number),
      foundationName: expect.any(String),
    });
  });

  it('signs in the accounts whose lists the benchmark reads', async () => {
    const read = (url: string, sid: string) =>
      ctx.app.inject({ method: 'GET', url, cookies: { sid } }).then((response) => response.statusCode);
    expect(await read('/api/foundation/applications', fixture.bigFoundationSession)).toBe(200);
    expect(await read('/api/my-applications', fixture.busySchoolSession)).toBe(200);
    expect(await read('/api/admin/users', fixture.adminSession)).toBe(200);
    expect(fixture.schoolSessions.length).toBeGreaterThanOrEqual(50);
    const search = await ctx.app.inject({ method: 'GET', url: '/api/events?search=субботник' });
    expect(Number(search.headers['x-total-count'])).toBeGreaterThan(0);
  });
});
