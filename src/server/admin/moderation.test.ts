import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationMessages } from '../../shared/moderation';
import { ensureAdmin } from '../auth/service';
import { foundations } from '../db/schema';
import { createTestApp, sessionCookieOf, signUp, type TestContext, testHasher } from '../test/test-app';

let ctx: TestContext;
let adminSid: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ensureAdmin(ctx.database.db, testHasher, {
    username: 'admin',
    password: 'admin-pass',
    generatePassword: () => '',
  });
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password: 'admin-pass' },
  });
  adminSid = sessionCookieOf(login) ?? '';
});
afterAll(() => ctx.close());

const moderate = (sid: string, userId: number, payload: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/organizations/${userId}/moderate`,
    cookies: { sid },
    payload,
  });

describe('PATCH /api/admin/organizations/{id}/moderate', () => {
  it('approves a foundation and tells it', async () => {
    const foundation = await signUp(ctx.app, 'foundation');
    const response = await moderate(adminSid, foundation.user.id, { status: 'approved' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: moderationMessages.done });
    const [row] = await ctx.database.db
      .select()
      .from(foundations)
      .where(eq(foundations.userId, foundation.user.id));
    expect(row?.moderationStatus).toBe('approved');
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/check',
      cookies: { sid: foundation.sid },
    });
    expect(check.json()).toEqual({ hasNewNotifications: true });
  });

  it('requires a comment to reject or to ask for changes', async () => {
    const school = await signUp(ctx.app, 'school');
    for (const status of ['rejected', 'needs_changes']) {
      const response = await moderate(adminSid, school.user.id, { status, comment: '   ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: moderationMessages.commentRequired });
    }
    expect(
      (await moderate(adminSid, school.user.id, { status: 'needs_changes', comment: 'Укажите адрес' }))
        .statusCode,
    ).toBe(200);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      cookies: { sid: school.sid },
    });
    expect(profile.json()).toMatchObject({
      moderationStatus: 'needs_changes',
      moderationComment: 'Укажите адрес',
    });
  });

  it('is for administrators only and knows only organisations', async () => {
    const foundation = await signUp(ctx.app, 'foundation');
    expect((await moderate(foundation.sid, foundation.user.id, { status: 'approved' })).statusCode).toBe(403);
    expect((await moderate(adminSid, 999999, { status: 'approved' })).statusCode).toBe(404);
    expect((await moderate(adminSid, foundation.user.id, { status: 'maybe' })).json()).toEqual({
      message: moderationMessages.decision,
    });
  });
});
