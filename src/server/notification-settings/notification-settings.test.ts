import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonErrors } from '../../shared/errors';
import { type MailKind, notificationSettingsMessages as messages } from '../../shared/notification-settings';
import { foundations, mailOutbox, organisationMembers, schools, users } from '../db/schema';
import { queueMail } from '../mail/outbox';
import { mailSigningKey } from '../mail/signing-key';
import { unsubscribeToken } from '../mail/unsubscribe-token';
import { createTestApp, signUp, type TestContext, testHasher } from '../test/test-app';

/** The organisation person `userId` is a member of, as a condition on its table. */
const ofMember = (table: typeof foundations | typeof schools, userId: number) =>
  sql`${table.id} in (select ${table === foundations ? organisationMembers.foundationId : organisationMembers.schoolId}
    from ${organisationMembers} where ${organisationMembers.userId} = ${userId})`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A school or foundation whose profile gives `email` (none when null). */
async function organisation(
  role: 'school' | 'foundation',
  email: string | null = 'coordinator@school.example',
) {
  const { sid, user } = await signUp(ctx.app, role);
  const table = role === 'school' ? schools : foundations;
  await ctx.database.db.update(table).set({ email }).where(ofMember(table, user.id));
  return { sid, userId: user.id };
}

const settings = (sid?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/notification-settings', ...(sid ? { cookies: { sid } } : {}) });
const save = (sid: string, kinds: { kind: string; enabled: boolean }[]) =>
  ctx.app.inject({ method: 'PUT', url: '/api/notification-settings', cookies: { sid }, payload: { kinds } });

const optOutsOf = async (userId: number) => {
  const [row] = await ctx.database.db
    .select({ optOuts: users.mailOptOuts })
    .from(users)
    .where(eq(users.id, userId));
  return row?.optOuts;
};
const tokenFor = async (userId: number, kind: MailKind) =>
  unsubscribeToken(await mailSigningKey(ctx.database.db), userId, kind);
const letter = { subject: 'Завтра субботник', paragraphs: ['Ждём вас в 10:00.'] };
const outboxOf = (userId: number) =>
  ctx.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.userId, userId));

describe('notification settings', () => {
  it('show a school where its mail goes and every kind that reaches a school, all on at first', async () => {
    const { sid } = await organisation('school', '  coordinator@school.example ');
    const answer = await settings(sid);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      email: 'coordinator@school.example',
      kinds: [
        'decisions',
        'eventChanges',
        'eventMessages',
        'reminders',
        'volunteerRequests',
        'moderation',
      ].map((kind) => ({ kind, enabled: true })),
    });
  });

  it('show a foundation its own kinds, and no address when its profile has none', async () => {
    const { sid } = await organisation('foundation', null);
    expect((await settings(sid)).json()).toEqual({
      email: null,
      kinds: ['applications', 'reminders', 'volunteerRequests', 'moderation'].map((kind) => ({
        kind,
        enabled: true,
      })),
    });
  });

  it("show a person's own address when they have one, their organisation's otherwise", async () => {
    const { sid, userId } = await organisation('school', 'office@school.example');
    expect((await settings(sid)).json()).toMatchObject({ email: 'office@school.example' });
    await ctx.database.db
      .update(users)
      .set({ email: ' teacher@school.example ' })
      .where(eq(users.id, userId));
    expect((await settings(sid)).json()).toMatchObject({ email: 'teacher@school.example' });
  });

  it('are for organisations only: 401 without a session, 403 for the administrator', async () => {
    expect((await settings()).statusCode).toBe(401);
    const [admin] = await ctx.database.db
      .insert(users)
      .values({ username: 'settings_admin', passwordHash: await testHasher.hash('secret123'), role: 'admin' })
      .returning({ id: users.id });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'settings_admin', password: 'secret123' },
    });
    expect(admin).toBeDefined();
    const sid = login.cookies.find((cookie) => cookie.name === 'sid')?.value ?? '';
    const refused = await settings(sid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/фонд или школа/);
  });

  it('turn off only the kinds named, and queueMail then skips that kind for the account', async () => {
    const { sid, userId } = await organisation('school');
    const saved = await save(sid, [
      { kind: 'reminders', enabled: false },
      { kind: 'eventMessages', enabled: false },
    ]);
    expect(saved.statusCode).toBe(200);
    const enabledOf = (body: { kinds: { kind: string; enabled: boolean }[] }) =>
      Object.fromEntries(body.kinds.map((item) => [item.kind, item.enabled]));
    expect(enabledOf(saved.json())).toMatchObject({
      reminders: false,
      eventMessages: false,
      decisions: true,
    });

    // Turning one back on leaves the other off.
    const again = await save(sid, [{ kind: 'eventMessages', enabled: true }]);
    expect(enabledOf(again.json())).toMatchObject({ reminders: false, eventMessages: true, decisions: true });
    expect(enabledOf((await settings(sid)).json())).toEqual(enabledOf(again.json()));

    await queueMail(ctx.database.db, [
      { userId, kind: 'reminders', message: letter },
      { userId, kind: 'decisions', message: letter },
    ]);
    expect(await outboxOf(userId)).toEqual([{ kind: 'decisions' }]);
  });

  it('refuse a kind that does not reach the role, or one named twice, in Russian and changing nothing', async () => {
    const { sid, userId } = await organisation('school');
    const foreign = await save(sid, [
      { kind: 'reminders', enabled: false },
      { kind: 'applications', enabled: false },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: messages.kindNotForRole('applications') });
    const twice = await save(sid, [
      { kind: 'reminders', enabled: false },
      { kind: 'reminders', enabled: true },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: messages.repeatedKind('reminders') });
    expect(await optOutsOf(userId)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  it("takes a mail provider's RFC 8058 POST: a form body, no Origin, no cookie", async () => {
    const { sid, userId } = await organisation('school');
    const url = `/api/unsubscribe/${await tokenFor(userId, 'reminders')}`;
    const answer = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ kind: 'reminders', label: 'Напоминания накануне' });
    expect(await optOutsOf(userId)).toEqual(['reminders']);
    const reminders = (await settings(sid))
      .json()
      .kinds.find((item: { kind: string }) => item.kind === 'reminders');
    expect(reminders).toEqual({ kind: 'reminders', enabled: false });

    await queueMail(ctx.database.db, [{ userId, kind: 'reminders', message: letter }]);
    expect(await outboxOf(userId)).toEqual([]);
  });

  it('takes the same field as multipart/form-data, which the RFC recommends', async () => {
    const { userId } = await organisation('foundation');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${await tokenFor(userId, 'volunteerRequests')}`,
      headers: { 'content-type': 'multipart/form-data; boundary=----oneclick' },
      payload:
        '------oneclick\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n------oneclick--\r\n',
    });
    expect(answer.statusCode).toBe(200);
    expect(await optOutsOf(userId)).toEqual(['volunteerRequests']);
  });

  it("takes our page's empty or JSON POST from the site itself, as often as it is sent", async () => {
    const { userId } = await organisation('foundation');
    const url = `/api/unsubscribe/${await tokenFor(userId, 'applications')}`;
    const origin = { origin: 'https://dobro.example', host: 'dobro.example' };
    expect((await ctx.app.inject({ method: 'POST', url, headers: origin })).statusCode).toBe(200);
    const json = await ctx.app.inject({ method: 'POST', url, headers: origin, payload: {} });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ kind: 'applications', label: 'Новые заявки школ' });
    expect(await optOutsOf(userId)).toEqual(['applications']);
  });

  it('is undone by DELETE, the page’s «Вернуть подписку», leaving other opt-outs alone', async () => {
    const { sid, userId } = await organisation('school');
    await save(sid, [{ kind: 'moderation', enabled: false }]);
    const url = `/api/unsubscribe/${await tokenFor(userId, 'decisions')}`;
    await ctx.app.inject({ method: 'POST', url });
    expect(await optOutsOf(userId)).toEqual(['decisions', 'moderation']);
    const undone = await ctx.app.inject({ method: 'DELETE', url });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ kind: 'decisions', label: 'Решения по заявкам' });
    expect(await optOutsOf(userId)).toEqual(['moderation']);
  });

  it('refuses a forged, altered or malformed link with a Russian message and changes nothing', async () => {
    const { userId } = await organisation('school');
    const other = await organisation('school');
    const genuine = await tokenFor(userId, 'reminders');
    const signature = genuine.split('.')[2];
    const forged = [
      `${other.userId}.reminders.${signature}`,
      `${userId}.decisions.${signature}`,
      `${userId}.reminders.${'A'.repeat(32)}`,
    ];
    for (const token of forged) {
      for (const method of ['POST', 'DELETE'] as const) {
        const answer = await ctx.app.inject({ method, url: `/api/unsubscribe/${token}` });
        expect(answer.statusCode, `${method} ${token}`).toBe(404);
        expect(answer.json()).toEqual({ message: messages.invalidUnsubscribeLink });
      }
    }
    for (const token of [genuine.slice(0, -1), 'reminders', `${genuine}x`]) {
      const answer = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
      expect(answer.statusCode, token).toBe(400);
      expect(answer.json()).toEqual({ message: messages.invalidUnsubscribeLink });
    }
    expect(await optOutsOf(userId)).toEqual([]);
    expect(await optOutsOf(other.userId)).toEqual([]);
  });

  it('reads no form but the one-click one, and no other route reads forms at all', async () => {
    const { userId } = await organisation('school');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${await tokenFor(userId, 'reminders')}`,
      headers: form,
      payload: 'List-Unsubscribe=One-Click&kind=decisions',
    });
    expect(other.statusCode).toBe(415);
    expect(other.json()).toEqual({ message: commonErrors.unsupportedMediaType });
    expect(await optOutsOf(userId)).toEqual([]);
    const elsewhere = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/unsubscribe/${await tokenFor(userId, 'reminders')}`,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});
