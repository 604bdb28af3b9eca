import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Every administrator route but the login (issue 7: anonymous 401, schools and foundations 403). */
const adminRoutes = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/events'],
  ['GET', '/api/admin/applications'],
  ['GET', '/api/admin/reports'],
  ['GET', '/api/admin/foundations'],
  ['GET', '/api/admin/organizations/moderation'],
  ['PATCH', '/api/admin/organizations/1/moderate'],
  ['DELETE', '/api/admin/users/1'],
  ['DELETE', '/api/admin/events/1'],
  ['DELETE', '/api/admin/applications/1'],
  ['GET', '/api/admin/news'],
  ['POST', '/api/admin/news'],
  ['PUT', '/api/admin/news/1'],
  ['DELETE', '/api/admin/news/1'],
  ['PATCH', '/api/admin/update-credentials'],
] as const;

it('lists routes that exist', () => {
  for (const [method, url] of adminRoutes) {
    expect([method, url, ctx.app.hasRoute({ method, url: url.replace(/\/1(\/|$)/, '/:id$1') })]).toEqual([
      method,
      url,
      true,
    ]);
  }
});

it('refuses visitors with 401, schools and foundations with 403, with a Russian message', async () => {
  const school = await signUp(ctx.app, 'school');
  const foundation = await signUp(ctx.app, 'foundation');
  for (const [method, url] of adminRoutes) {
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const anonymous = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
    expect(anonymous.json().message).toMatch(/[А-Яа-я]/);
    for (const sid of [school.sid, foundation.sid]) {
      const refused = await ctx.app.inject({
        method,
        url,
        cookies: { sid },
        ...(payload ? { payload } : {}),
      });
      expect([method, url, refused.statusCode]).toEqual([method, url, 403]);
      expect(refused.json().message).toMatch(/[А-Яа-я]/);
    }
  }
});
