import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { foundationReports, foundations } from '../db/schema';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it("lists the foundation's own reports only, newest first", async () => {
  const mine = await signUp(ctx.app, 'foundation');
  const other = await signUp(ctx.app, 'foundation');
  const idOf = async (userId: number) =>
    (await ctx.database.db.select().from(foundations).where(eq(foundations.userId, userId)))[0]?.id ?? 0;
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
