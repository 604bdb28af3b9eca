import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOrganisationOf } from '../accounts/organisation';
import { foundations } from '../db/schema';
import { createEvent } from '../test/factories';
import { createTestApp, signUp, type TestContext, uploadPicture } from '../test/test-app';

const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

describe('Cache-Control of API answers', () => {
  let ctx: TestContext;
  let school: string;
  let foundation: string;
  let eventId: number;
  let imageUrl: string;

  const get = (url: string, sid?: string) =>
    ctx.app.inject({ method: 'GET', url, ...(sid ? { cookies: { sid } } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp();
    school = (await signUp(ctx.app, 'school')).sid;
    const signedUp = await signUp(ctx.app, 'foundation');
    foundation = signedUp.sid;
    const [row] = await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved', name: 'Фонд «Кэш»' })
      .where(isOrganisationOf(foundations, signedUp.user.id))
      .returning({ id: foundations.id });
    eventId = (await createEvent(ctx.database.db, row?.id ?? 0, { title: 'Субботник', date: nextWeek })).id;
    imageUrl = (await uploadPicture(ctx.app, foundation)).url;
  });
  afterAll(() => ctx.close());

  it.each([
    ['the signed-in account', '/api/user'],
    ['the session', '/api/session'],
    ['a profile', '/api/profile'],
    ['notifications', '/api/notifications'],
    ['a school dashboard list', '/api/my-applications'],
  ])('forbids storing %s (%s)', async (_what, url) => {
    const response = await get(url, school);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('forbids storing what a foundation sees of the public lists, which includes its hidden events', async () => {
    const response = await get('/api/events', foundation);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('forbids storing error answers and the answers to writes', async () => {
    expect((await get('/api/user')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/events/99999999')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/no-such-thing')).headers['cache-control']).toBe('no-store');
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody_here', password: 'wrong-password' },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', cookies: { sid: school } });
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers and images as they were', async () => {
    for (const url of ['/api/events', `/api/events/${eventId}`, '/api/foundations', '/api/news']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBeUndefined();
    }
    const image = await get(imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
