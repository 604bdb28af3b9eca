import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationMessages } from '../../shared/moderation';
import { ensureAdmin } from '../auth/service';
import { foundations, mailOutbox, notifications, organisationMembers, schools, users } from '../db/schema';
import {
  completeProfile,
  createTestApp,
  sessionCookieOf,
  signUp,
  type TestContext,
  testHasher,
} from '../test/test-app';

/** The organisation person `userId` is a member of, as a condition on its table. */
const ofMember = (table: typeof foundations | typeof schools, userId: number) =>
  sql`${table.id} in (select ${table === foundations ? organisationMembers.foundationId : organisationMembers.schoolId}
    from ${organisationMembers} where ${organisationMembers.userId} = ${userId})`;

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
    await completeProfile(ctx.app, foundation);
    const response = await moderate(adminSid, foundation.user.id, { status: 'approved' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: moderationMessages.done });
    const [row] = await ctx.database.db
      .select()
      .from(foundations)
      .where(ofMember(foundations, foundation.user.id));
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

  it('moderates the organisation the list shows under the id it lists', async () => {
    // Two foundations and a school signed up in turn: an organisation's own number and its account's
    // differ, so an id taken from one numbering finds another organisation in the other.
    const first = await signUp(ctx.app, 'foundation');
    const second = await signUp(ctx.app, 'foundation');
    await completeProfile(ctx.app, second);
    const school = await signUp(ctx.app, 'school');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/organizations/moderation?status=pending&limit=100',
      cookies: { sid: adminSid },
    });
    expect(list.statusCode).toBe(200);
    const items = list.json() as { id: number; organisationId: number; username: string; type: string }[];
    const listed = (username: string) => items.find((item) => item.username === username);

    const [secondRow] = await ctx.database.db
      .select({ id: foundations.id })
      .from(foundations)
      .where(ofMember(foundations, second.user.id));
    expect(secondRow?.id).not.toBe(second.user.id);

    for (const { username, status } of [
      { username: second.username, status: 'approved' },
      { username: school.username, status: 'rejected' },
    ]) {
      const id = listed(username)?.id ?? 0;
      const decision = await moderate(adminSid, id, { status, comment: 'Решение модератора' });
      expect(decision.statusCode).toBe(200);
    }

    const statusOf = async (table: typeof foundations | typeof schools, userId: number) =>
      (await ctx.database.db.select().from(table).where(ofMember(table, userId)))[0]?.moderationStatus;
    expect(await statusOf(foundations, second.user.id)).toBe('approved');
    expect(await statusOf(schools, school.user.id)).toBe('rejected');
    expect(await statusOf(foundations, first.user.id)).toBe('pending');
    // The organisation's own number is still there, under its own name.
    expect(listed(second.username)).toMatchObject({ id: second.user.id, organisationId: secondRow?.id });
  });

  it('refuses to approve an organisation whose profile lacks what the spec requires, and changes nothing', async () => {
    const school = await signUp(ctx.app, 'school');
    const empty = await moderate(adminSid, school.user.id, { status: 'approved' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message:
        'Нельзя одобрить: в профиле не заполнены: название, описание, адрес, телефон, электронная почта',
    });

    const foundation = await signUp(ctx.app, 'foundation');
    await ctx.database.db
      .update(foundations)
      .set({ name: 'Фонд «Сад»', description: 'Помогаем людям.', email: 'sad@example.org', phone: '  ' })
      .where(ofMember(foundations, foundation.user.id));
    const partial = await moderate(adminSid, foundation.user.id, { status: 'approved' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toEqual({ message: 'Нельзя одобрить: в профиле не заполнены: адрес, телефон' });

    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      cookies: { sid: school.sid },
    });
    expect(profile.json()).toMatchObject({ moderationStatus: 'pending', moderatedAt: null });
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/check',
      cookies: { sid: school.sid },
    });
    expect(check.json()).toEqual({ hasNewNotifications: false });

    // Asking for the missing fields is what the moderator does instead, and stays allowed.
    const asked = await moderate(adminSid, school.user.id, {
      status: 'needs_changes',
      comment: 'Заполните профиль',
    });
    expect(asked.statusCode).toBe(200);
    await completeProfile(ctx.app, school);
    expect((await moderate(adminSid, school.user.id, { status: 'approved' })).statusCode).toBe(200);
  });

  it('tells every member of the organisation, each at the address their letters go to', async () => {
    const school = await signUp(ctx.app, 'school');
    await completeProfile(ctx.app, school);
    const db = ctx.database.db;
    const [row] = await db.select({ id: schools.id }).from(schools).where(ofMember(schools, school.user.id));
    const [coordinator] = await db
      .insert(users)
      .values({
        username: 'moderated_coordinator',
        passwordHash: 'x',
        role: 'school',
        email: 'me@example.org',
      })
      .returning({ id: users.id });
    await db
      .insert(organisationMembers)
      .values({ userId: coordinator?.id ?? 0, schoolId: row?.id ?? 0, role: 'coordinator' });

    expect((await moderate(adminSid, school.user.id, { status: 'approved' })).statusCode).toBe(200);
    for (const [userId, address] of [
      [school.user.id, 'org@example.org'],
      [coordinator?.id ?? 0, 'me@example.org'],
    ] as const) {
      const told = await db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      expect(told).toEqual([{ kind: 'moderation' }]);
      const letters = await db
        .select({ toAddress: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(eq(mailOutbox.userId, userId));
      expect(letters).toEqual([{ toAddress: address }]);
    }
  });
});
