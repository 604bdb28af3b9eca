import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as admin from '../../shared/admin';
import * as adminNews from '../../shared/admin-news';
import * as applications from '../../shared/applications';
import * as auth from '../../shared/auth';
import * as eventForm from '../../shared/event-form';
import * as moderation from '../../shared/moderation';
import * as profile from '../../shared/profile';
import * as reports from '../../shared/reports';
import * as volunteerRequests from '../../shared/volunteer-requests';
import { createTestApp, signInEachRole, type TestContext } from '../test/test-app';

let ctx: TestContext;
let sids: Awaited<ReturnType<typeof signInEachRole>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sids = await signInEachRole(ctx);
});
afterAll(() => ctx.close());

/** Every field name any form sends, so one body reaches every route's field rules at once. */
const fieldNames = [
  ...new Set(
    [adminNews, admin, auth, eventForm, moderation, profile, applications, reports, volunteerRequests]
      .flatMap((exports) => Object.values(exports))
      .flatMap((value) => (value instanceof z.ZodObject ? Object.keys(value.shape) : [])),
  ),
];

/** What people send wrong: nothing, too much, a fraction, letters in a number, wrong kinds of value. */
const badValues: readonly unknown[] = [
  '',
  'x'.repeat(20_000),
  'не число',
  '1.5',
  1.5,
  -1,
  true,
  null,
  {},
  [],
];
const bodies = [{}, ...badValues.map((value) => Object.fromEntries(fieldNames.map((name) => [name, value])))];

/** A message a Russian reader cannot read, or zod's own wording for developers. */
const unreadable = (message: unknown) =>
  typeof message !== 'string' ||
  (/[a-z]/i.test(message) && !/\p{Script=Cyrillic}/u.test(message)) ||
  /Неверный ввод|ожидалось|получено|Invalid input/.test(message);

describe('invalid bodies on write routes', () => {
  it('are answered with 400 and a Russian message', async () => {
    const writes = ctx.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        route.url !== '/api/logout' && // it would end the sessions the other calls use
        ['POST', 'PUT', 'PATCH'].includes(route.method),
    );
    const refusedInput = new Set<string>();
    const problems: unknown[] = [];
    for (const route of writes) {
      const url = route.url.replace(/:\w+/g, '1');
      for (const sid of [undefined, sids.school, sids.foundation, sids.admin]) {
        for (const payload of bodies) {
          const response = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            payload,
            ...(sid ? { cookies: { sid } } : {}),
          });
          if (response.statusCode < 400 || response.statusCode >= 500) continue;
          const { message } = response.json() as { message?: unknown };
          if (response.statusCode === 400) refusedInput.add(`${route.method} ${route.url}`);
          if (unreadable(message)) problems.push({ route: `${route.method} ${route.url}`, payload, message });
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    // The main forms' routes are among those that judged the bodies.
    expect([...refusedInput]).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'POST /api/register',
        'PATCH /api/profile',
        'POST /api/events',
        'PUT /api/events/:id',
        'POST /api/volunteer-requests',
        'POST /api/admin/news',
        'PATCH /api/admin/organizations/:id/moderate',
      ]),
    );
  });
});
