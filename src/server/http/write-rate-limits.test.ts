import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonErrors } from '../../shared/errors';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ writeRateLimit: { max: 3, timeWindow: 60_000 } });
});
afterAll(() => ctx.close());

describe('rate limits on state-changing routes', () => {
  it('every POST, PUT, PATCH and DELETE under /api has a rate limit', () => {
    const writes = ctx.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    );
    expect(writes.length).toBeGreaterThan(20);
    expect(
      writes.filter((route) => !route.rateLimited).map((route) => `${route.method} ${route.url}`),
    ).toEqual([]);
  });

  it('POST /api/notifications/mark-read answers 429 in Russian after the write limit', async () => {
    const { sid } = await signUp(ctx.app, 'school');
    const markRead = () =>
      ctx.app.inject({ method: 'POST', url: '/api/notifications/mark-read', cookies: { sid } });
    for (let attempt = 0; attempt < 3; attempt++) expect((await markRead()).statusCode).toBe(200);
    const refused = await markRead();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: commonErrors.tooManyRequests });
  });

  it('POST /api/logout answers 429 in Russian after the write limit', async () => {
    const logout = () => ctx.app.inject({ method: 'POST', url: '/api/logout', remoteAddress: '203.0.113.9' });
    for (let attempt = 0; attempt < 3; attempt++) expect((await logout()).statusCode).toBe(200);
    const refused = await logout();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: commonErrors.tooManyRequests });
  });

  it('POST /api/unsubscribe/{token}, open to anyone holding a link, answers 429 in Russian after the limit', async () => {
    const unsubscribe = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/unsubscribe/1.reminders.${'A'.repeat(32)}`,
        remoteAddress: '203.0.113.26',
      });
    for (let attempt = 0; attempt < 3; attempt++) expect((await unsubscribe()).statusCode).toBe(404);
    const refused = await unsubscribe();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: commonErrors.tooManyRequests });
  });

  it('PATCH /api/password answers 429 in Russian after the limit of sign-in attempts', async () => {
    const limited = await createTestApp({ authRateLimit: { max: 3, timeWindow: 60_000 } });
    try {
      const { sid } = await signUp(limited.app, 'school');
      const change = () =>
        limited.app.inject({
          method: 'PATCH',
          url: '/api/password',
          cookies: { sid },
          payload: { currentPassword: 'guess-number-n', newPassword: 'another-secret-2' },
        });
      for (let attempt = 0; attempt < 3; attempt++) expect((await change()).statusCode).toBe(400);
      const refused = await change();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: commonErrors.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
