import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/auth';
import { passwordMessages, resetLetter } from '../../shared/passwords';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import {
  foundations,
  mailOutbox,
  organisationMembers,
  passwordResets,
  schools,
  sessions,
  users,
} from '../db/schema';
import type { MailMessage } from '../mail/outbox';
import { createTestApp, sessionCookieOf, signUp, type TestContext, testHasher } from '../test/test-app';

/** The organisation person `userId` is a member of, as a condition on its table. */
const ofMember = (table: typeof foundations | typeof schools, userId: number) =>
  sql`${table.id} in (select ${table === foundations ? organisationMembers.foundationId : organisationMembers.schoolId}
    from ${organisationMembers} where ${organisationMembers.userId} = ${userId})`;

// The calendar's clock, moved by the tests: a link's hour passes without waiting for it.
let clockNow = new Date('2026-11-23T09:00:00Z');
const calendar = createCalendar('Europe/Moscow', () => clockNow);
const hours = (n: number) => n * 60 * 60 * 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ calendar });
});
afterAll(() => ctx.close());
beforeEach(() => {
  clockNow = new Date(clockNow.getTime() + hours(24));
});

const db = () => ctx.database.db;

function signIn(username: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
}

async function sessionsOf(userId: number) {
  const [row] = await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

const isSignedIn = async (sid: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/user', cookies: { sid } })).statusCode === 200;

/** A school signed up through the API with `email` in its profile (none when undefined). */
async function schoolWithEmail(email: string | undefined) {
  const account = await signUp(ctx.app, 'school');
  if (email !== undefined) {
    await db().update(schools).set({ email }).where(ofMember(schools, account.user.id));
  }
  return account;
}

function requestReset(login: string, remoteAddress = '203.0.113.50') {
  return ctx.app.inject({ method: 'POST', url: '/api/password-reset', remoteAddress, payload: { login } });
}

function confirmReset(token: string, newPassword: string, sid?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/password-reset/confirm',
    payload: { token, newPassword },
    ...(sid ? { cookies: { sid } } : {}),
  });
}

/** The letters queued for an account, newest last. */
async function lettersOf(userId: number) {
  const rows = await db()
    .select({ toAddress: mailOutbox.toAddress, kind: mailOutbox.kind, message: mailOutbox.message })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(mailOutbox.id);
  return rows.map((row) => ({ ...row, message: row.message as MailMessage }));
}

/** The token in the newest letter's link. */
async function tokenOf(userId: number) {
  const letters = await lettersOf(userId);
  const path = letters.at(-1)?.message.action?.path ?? '';
  const match = /^\/reset-password#([A-Za-z0-9_-]{43})$/.exec(path);
  if (!match?.[1]) throw new Error(`no reset link in ${path}`);
  return match[1];
}

const messageOf = (response: LightMyRequestResponse) => (response.json() as { message: string }).message;

describe('PATCH /api/password', () => {
  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const { username, sid, user } = await signUp(ctx.app, 'foundation');
    const phone = (await createSession(db(), user.id)).sessionId;
    const laptop = (await createSession(db(), user.id)).sessionId;
    expect(await isSignedIn(phone)).toBe(true);

    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/password',
      cookies: { sid },
      payload: { currentPassword: 'secret123', newPassword: 'новый-пароль-2' },
    });
    expect(changed.statusCode).toBe(200);
    expect(messageOf(changed)).toBe(passwordMessages.changed);

    expect(await isSignedIn(sid)).toBe(true);
    // Asked right after the change: the remembered sessions must be forgotten too.
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await sessionsOf(user.id)).toBe(1);
    expect((await signIn(username, 'secret123')).statusCode).toBe(401);
    expect((await signIn(username, 'новый-пароль-2')).statusCode).toBe(200);
  });

  it('works for the administrator too', async () => {
    const [admin] = await db()
      .insert(users)
      .values({
        username: 'password_admin',
        passwordHash: await testHasher.hash('admin-secret-1'),
        role: 'admin',
      })
      .returning({ id: users.id });
    const sid = (await createSession(db(), admin?.id ?? 0)).sessionId;
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/password',
      cookies: { sid },
      payload: { currentPassword: 'admin-secret-1', newPassword: 'admin-secret-2' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await isSignedIn(sid)).toBe(true);
    expect((await signIn('password_admin', 'admin-secret-2')).statusCode).toBe(200);
  });

  it('refuses a wrong current password in Russian and changes nothing', async () => {
    const { username, sid, user } = await signUp(ctx.app, 'school');
    const other = (await createSession(db(), user.id)).sessionId;
    const [before] = await db().select().from(users).where(eq(users.id, user.id));

    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/password',
      cookies: { sid },
      payload: { currentPassword: 'not-my-password', newPassword: 'новый-пароль-2' },
    });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(passwordMessages.wrongCurrentPassword);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([before]);
    expect(await isSignedIn(other)).toBe(true);
    expect((await signIn(username, 'secret123')).statusCode).toBe(200);
  });

  it('holds the new password to the sign-up rules and needs a session', async () => {
    const { sid } = await signUp(ctx.app, 'school');
    const short = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/password',
      cookies: { sid },
      payload: { currentPassword: 'secret123', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(messageOf(short)).toBe(authMessages.passwordMin);

    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/password',
      payload: { currentPassword: 'secret123', newPassword: 'новый-пароль-2' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/password-reset', () => {
  it('answers the same for an unknown login, an account without e-mail and a known one', async () => {
    const withoutEmail = await schoolWithEmail(undefined);
    const known = await schoolWithEmail('coordinator@school.example');
    const answers = await Promise.all(
      ['nobody_at_all', 'nobody@nowhere.example', withoutEmail.username, known.username].map((login) =>
        requestReset(login),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: passwordMessages.resetRequested });
    }
    expect(await lettersOf(withoutEmail.user.id)).toEqual([]);
    expect(await lettersOf(known.user.id)).toHaveLength(1);
  });

  it('stores only the hash of a one-hour link and queues the letter to the profile e-mail', async () => {
    const { username, user } = await schoolWithEmail('Zavuch@School.example');
    expect((await requestReset(username.toUpperCase())).statusCode).toBe(202);

    const [letter] = await lettersOf(user.id);
    expect(letter?.toAddress).toBe('Zavuch@School.example');
    expect(letter?.kind).toBe('account');
    expect(letter?.message.subject).toBe(resetLetter.subject);
    const text = letter?.message.paragraphs.join(' ') ?? '';
    expect(text).toContain(username);
    expect(text).toContain('один час');
    expect(text).toContain('Если это были не вы — ничего не делайте');
    expect(letter?.message.action?.label).toBe('Задать новый пароль');

    const token = await tokenOf(user.id);
    const [row] = await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(clockNow.getTime() + hours(1));
    expect(row?.usedAt).toBeNull();
  });

  it('matches an e-mail regardless of case, one letter for each account on it', async () => {
    const school = await schoolWithEmail('shared@volunteers.example');
    const foundation = await signUp(ctx.app, 'foundation');
    await db()
      .update(foundations)
      .set({ email: 'Shared@Volunteers.example' })
      .where(ofMember(foundations, foundation.user.id));

    expect((await requestReset('  SHARED@volunteers.EXAMPLE ')).statusCode).toBe(202);
    expect((await lettersOf(school.user.id)).map((letter) => letter.toAddress)).toEqual([
      'shared@volunteers.example',
    ]);
    expect((await lettersOf(foundation.user.id)).map((letter) => letter.toAddress)).toEqual([
      'Shared@Volunteers.example',
    ]);
    expect(await tokenOf(school.user.id)).not.toBe(await tokenOf(foundation.user.id));
  });

  it("sends a person's link to their own address, and finds them by it", async () => {
    const school = await schoolWithEmail('office@team.example');
    await db().update(users).set({ email: 'Teacher@Team.example' }).where(eq(users.id, school.user.id));

    expect((await requestReset('teacher@team.example')).statusCode).toBe(202);
    expect((await lettersOf(school.user.id)).map((letter) => letter.toAddress)).toEqual([
      'Teacher@Team.example',
    ]);
    // The organisation's address still names its people; the letter goes where theirs go.
    expect((await requestReset('office@team.example')).statusCode).toBe(202);
    expect((await lettersOf(school.user.id)).map((letter) => letter.toAddress)).toEqual([
      'Teacher@Team.example',
      'Teacher@Team.example',
    ]);
  });

  it('sends at most three letters an hour per account, whatever the address, then again', async () => {
    const { username, user } = await schoolWithEmail('capped@school.example');
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await requestReset(username, `198.51.100.${attempt + 1}`);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: passwordMessages.resetRequested });
    }
    expect(await lettersOf(user.id)).toHaveLength(3);

    clockNow = new Date(clockNow.getTime() + hours(1) + 1000);
    await requestReset(username);
    expect(await lettersOf(user.id)).toHaveLength(4);
  });

  it('is rate limited per client address', async () => {
    const limited = await createTestApp({ calendar, authRateLimit: { max: 2, timeWindow: 60_000 } });
    try {
      const ask = () =>
        limited.app.inject({ method: 'POST', url: '/api/password-reset', payload: { login: 'someone' } });
      expect((await ask()).statusCode).toBe(202);
      expect((await ask()).statusCode).toBe(202);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(messageOf(refused)).toMatch(/Слишком много попыток/);
    } finally {
      await limited.close();
    }
  });

  it('refuses an empty login in Russian', async () => {
    const refused = await requestReset('   ');
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(passwordMessages.login);
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('sets the new password once, ends every session and every other link of the account', async () => {
    const { username, sid, user } = await schoolWithEmail('once@school.example');
    const otherDevice = (await createSession(db(), user.id)).sessionId;
    await requestReset(username);
    const older = await tokenOf(user.id);
    await requestReset(username);
    const token = await tokenOf(user.id);

    const done = await confirmReset(token, 'после-сброса-1', sid);
    expect(done.statusCode).toBe(200);
    expect(messageOf(done)).toBe(passwordMessages.resetDone);
    // The browser that used the link was signed in as the account: its cookie goes too.
    expect(done.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe('');

    expect(await isSignedIn(sid)).toBe(false);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await signIn(username, 'secret123')).statusCode).toBe(401);
    const signedIn = await signIn(username, 'после-сброса-1');
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookieOf(signedIn)).toBeDefined();

    for (const used of [token, older]) {
      const again = await confirmReset(used, 'ещё-один-пароль');
      expect(again.statusCode).toBe(400);
      expect(messageOf(again)).toBe(passwordMessages.invalidLink);
    }
    expect((await signIn(username, 'после-сброса-1')).statusCode).toBe(200);
    const open = await db()
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    expect(open[0]?.n).toBe(0);
  });

  it('refuses a link after its hour, and changes nothing', async () => {
    const { username, user } = await schoolWithEmail('late@school.example');
    await requestReset(username);
    const token = await tokenOf(user.id);
    clockNow = new Date(clockNow.getTime() + hours(1) + 1000);

    const late = await confirmReset(token, 'слишком-поздно-1');
    expect(late.statusCode).toBe(400);
    expect(messageOf(late)).toBe(passwordMessages.invalidLink);
    expect((await signIn(username, 'secret123')).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed token in Russian', async () => {
    for (const token of ['A'.repeat(43), 'short', `${'A'.repeat(42)}!`]) {
      const refused = await confirmReset(token, 'любой-пароль-1');
      expect(refused.statusCode).toBe(400);
      expect(messageOf(refused)).toBe(passwordMessages.invalidLink);
    }
  });

  it('lets one of two uses of a link at once succeed', async () => {
    const { username, user } = await schoolWithEmail('twice@school.example');
    await requestReset(username);
    const token = await tokenOf(user.id);

    const answers = await Promise.all([
      confirmReset(token, 'первый-пароль-1'),
      confirmReset(token, 'второй-пароль-2'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'первый-пароль-1' : 'второй-пароль-2';
    const loser = winner === 'первый-пароль-1' ? 'второй-пароль-2' : 'первый-пароль-1';
    expect((await signIn(username, winner)).statusCode).toBe(200);
    expect((await signIn(username, loser)).statusCode).toBe(401);
  });

  it('a changed password uses up the open links', async () => {
    const { username, sid, user } = await schoolWithEmail('changed@school.example');
    await requestReset(username);
    const token = await tokenOf(user.id);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/password',
      cookies: { sid },
      payload: { currentPassword: 'secret123', newPassword: 'сменён-вручную-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirmReset(token, 'по-старой-ссылке-1')).statusCode).toBe(400);
    expect((await signIn(username, 'сменён-вручную-1')).statusCode).toBe(200);
  });
});

describe('GET /api/password-reset-links/{token}', () => {
  const checkLink = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/password-reset-links/${token}` });

  it('says an open link is open, and using it afterwards still works', async () => {
    const { username, user } = await schoolWithEmail('check-open@school.example');
    await requestReset(username);
    const token = await tokenOf(user.id);

    const open = await checkLink(token);
    expect(open.statusCode).toBe(200);
    expect(messageOf(open)).toBe(passwordMessages.linkOpen);
    // Asking twice uses nothing up: the link still sets the password.
    expect((await checkLink(token)).statusCode).toBe(200);
    expect((await confirmReset(token, 'после-проверки-1')).statusCode).toBe(200);
  });

  it('refuses a used link in Russian', async () => {
    const { username, user } = await schoolWithEmail('check-used@school.example');
    await requestReset(username);
    const token = await tokenOf(user.id);
    expect((await confirmReset(token, 'использована-1')).statusCode).toBe(200);

    const used = await checkLink(token);
    expect(used.statusCode).toBe(404);
    expect(messageOf(used)).toBe(passwordMessages.invalidLink);
  });

  it('refuses a link after its hour in Russian', async () => {
    const { username, user } = await schoolWithEmail('check-late@school.example');
    await requestReset(username);
    const token = await tokenOf(user.id);
    clockNow = new Date(clockNow.getTime() + hours(1) + 1000);

    const late = await checkLink(token);
    expect(late.statusCode).toBe(404);
    expect(messageOf(late)).toBe(passwordMessages.invalidLink);
  });

  it('answers an unknown token as a used one, and a malformed one with the same words', async () => {
    const unknown = await checkLink('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: passwordMessages.invalidLink });
    const malformed = await checkLink('short');
    expect(malformed.statusCode).toBe(400);
    expect(messageOf(malformed)).toBe(passwordMessages.invalidLink);
  });

  it('is rate limited per client address, as the reset itself', async () => {
    const limited = await createTestApp({ calendar, authRateLimit: { max: 2, timeWindow: 60_000 } });
    try {
      const ask = () =>
        limited.app.inject({ method: 'GET', url: `/api/password-reset-links/${'A'.repeat(43)}` });
      expect((await ask()).statusCode).toBe(404);
      expect((await ask()).statusCode).toBe(404);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(messageOf(refused)).toMatch(/Слишком много попыток/);
    } finally {
      await limited.close();
    }
  });
});
