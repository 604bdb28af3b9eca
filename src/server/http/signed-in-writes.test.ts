import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonErrors } from '../../shared/errors';
import { createTestApp, signInEachRole, type TestContext } from '../test/test-app';

let ctx: TestContext;
let sids: Awaited<ReturnType<typeof signInEachRole>>;
beforeAll(async () => {
  ctx = await createTestApp();
  sids = await signInEachRole(ctx);
});
afterAll(() => ctx.close());

/** The only writes open to visitors who are not signed in. */
const publicWrites = new Set([
  'POST /api/register',
  'POST /api/login',
  'POST /api/admin/login',
  'POST /api/logout',
  // A pupil claims a participation code without an account (issue 25).
  'POST /api/claim',
  // A forgotten password is asked for and set again without a session; a letter's unsubscribe link works
  // without one too (issue 26).
  'POST /api/password-reset',
  'POST /api/password-reset/confirm',
  'POST /api/unsubscribe/:token',
  'DELETE /api/unsubscribe/:token',
  // An invited person has no account until the invitation's link makes one (issue 53).
  'POST /api/invitations/accept',
]);
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every signed-in write the app registers, with a path whose parameters name nothing that exists. */
function signedInWrites() {
  const routes = ctx.app.registeredRoutes
    .filter((route) => route.url.startsWith('/api/') && stateChanging.has(route.method))
    .filter((route) => !publicWrites.has(`${route.method} ${route.url}`))
    .map((route) => ({ method: route.method, url: route.url.replace(/:\w+/g, '999999'), route: route.url }));
  // A guard against the list coming back empty and every test below passing for nothing.
  expect(routes.length).toBeGreaterThan(20);
  return routes;
}

const kilobyte = 1024;
/** Bodies that cost a server time or an error to read: each must go unread when the caller is refused. */
const costlyBodies = [
  ['malformed JSON', '{"title":'],
  ['a 1 MB body, over every limit', '['.repeat(1024 * kilobyte)],
  ['a 256 KB body nested 128K deep', `${'['.repeat(128 * kilobyte - 1)}${']'.repeat(128 * kilobyte - 1)}`],
] as const;

const send = (
  route: { method: string; url: string },
  payload: string,
  sid?: string,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method: route.method as 'POST',
    url: route.url,
    payload,
    headers: { 'content-type': 'application/json' },
    ...(sid ? { cookies: { sid } } : {}),
  });

describe('signed-in writes refuse the caller before reading the body', () => {
  it.each(costlyBodies)(
    'an anonymous write with %s answers 401 on every signed-in route',
    async (_name, body) => {
      const answers = [];
      for (const route of signedInWrites()) {
        const response = await send(route, body);
        answers.push({
          route: `${route.method} ${route.route}`,
          status: response.statusCode,
          body: response.json(),
        });
      }
      expect(answers.filter((answer) => answer.status !== 401)).toEqual([]);
      expect(new Set(answers.map((answer) => answer.body.message))).toEqual(
        new Set([commonErrors.unauthorized]),
      );
    },
  );

  it('a signed-in caller of the wrong role gets 403, not 400, for a malformed body', async () => {
    const refused: string[] = [];
    const problems: unknown[] = [];
    for (const route of signedInWrites()) {
      for (const [role, sid] of Object.entries(sids)) {
        // Without a body the route says whether it lets this role in at all.
        const probe = await ctx.app.inject({
          method: route.method as 'POST',
          url: route.url,
          cookies: { sid },
        });
        if (probe.statusCode !== 403) continue;
        refused.push(`${role} ${route.method} ${route.route}`);
        const response = await send(route, costlyBodies[0][1], sid);
        if (response.statusCode !== 403) {
          problems.push({ role, route: route.route, method: route.method, status: response.statusCode });
        }
      }
    }
    expect(problems).toEqual([]);
    // Admin-only, foundation-only and school-only routes each refuse somebody.
    expect(refused.length).toBeGreaterThan(20);
  });
});
