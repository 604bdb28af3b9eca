import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMessages as messages } from '../../shared/team';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { journalEntries, mailOutbox, schools, sessions, users } from '../db/schema';
import type { MailMessage } from '../mail/outbox';
import { createAdmin } from '../test/factories';
import { createTestApp, sessionCookieOf, signUp, type TestContext } from '../test/test-app';

let now = new Date('2026-12-03T09:00:00Z');
const calendar = createCalendar('Europe/Moscow', () => now);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ calendar });
});
afterAll(() => ctx?.close());

type Answer = Awaited<ReturnType<TestContext['app']['inject']>>;

const call = (
  sid: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, ...(sid ? { cookies: { sid } } : {}), ...(payload ? { payload } : {}) });

const messageOf = (response: Answer) => (response.json() as { message?: string }).message;

/** A school signed up through the API, with a name and e-mail, as its owner. */
async function schoolOwner(name = 'Школа № 57') {
  const owner = await signUp(ctx.app, 'school');
  await ctx.database.db
    .update(schools)
    .set({ name, email: `${owner.username}@example.org`, moderationStatus: 'approved' })
    .where(isOrganisationOf(schools, owner.user.id));
  return owner;
}

/** The link token of the newest letter to `address`, as the person would find it. */
async function letterTo(address: string) {
  const [letter] = await ctx.database.db
    .select({ message: mailOutbox.message, userId: mailOutbox.userId })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const message = letter?.message as MailMessage | undefined;
  return { message, token: message?.action?.path.split('#')[1] ?? '', userId: letter?.userId };
}

async function inviteAndAccept(
  ownerSid: string,
  email: string,
  role: 'coordinator' | 'viewer',
  username: string,
) {
  const invited = await call(ownerSid, 'POST', '/api/organisation/invitations', { email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const { token } = await letterTo(email);
  const accepted = await call(undefined, 'POST', '/api/invitations/accept', {
    token,
    username,
    password: 'secret123',
    confirmPassword: 'secret123',
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  const sid = sessionCookieOf(accepted) ?? '';
  return { sid, user: accepted.json() as { id: number; username: string; memberRole: string } };
}

const membersOf = async (sid: string) =>
  (await call(sid, 'GET', '/api/organisation/members')).json() as {
    organisationName: string;
    members: {
      id: number;
      userId: number;
      username: string;
      role: string;
      isYou: boolean;
      email: string | null;
    }[];
  };

describe('invitations', () => {
  it('sends a Russian letter with a one-time link in its fragment, and lists the invitation', async () => {
    const owner = await schoolOwner('Школа № 1535');
    const response = await call(owner.sid, 'POST', '/api/organisation/invitations', {
      email: '  Zavuch@School.example ',
      role: 'coordinator',
    });
    expect(response.statusCode).toBe(201);
    expect(messageOf(response)).toBe(messages.invitationSent('zavuch@school.example'));

    const { message, token, userId } = await letterTo('zavuch@school.example');
    expect(userId).toBeNull();
    expect(message?.subject).toBe('Приглашение в команду «Школа № 1535»');
    expect(message?.paragraphs[0]).toContain(`${owner.username} приглашает вас в команду «Школа № 1535»`);
    expect(message?.action?.path).toMatch(/^\/invite#[A-Za-z0-9_-]{43}$/);
    // Only the hash is kept: the token itself is nowhere in the database but the letter.
    const stored = JSON.stringify(await ctx.database.db.execute('select * from organisation_invitations'));
    expect(stored).not.toContain(token);

    const list = await call(owner.sid, 'GET', '/api/organisation/invitations');
    expect(list.json()).toMatchObject({
      invitations: [
        { email: 'zavuch@school.example', role: 'coordinator', invitedBy: owner.username, expired: false },
      ],
    });
    expect((await call(owner.sid, 'GET', `/api/invitation-links/${token}`)).json()).toEqual({
      organisationName: 'Школа № 1535',
      organisationKind: 'school',
      role: 'coordinator',
      email: 'zavuch@school.example',
    });
  });

  it('refuses a second open invitation to one address, and bad input, in Russian', async () => {
    const owner = await schoolOwner();
    await call(owner.sid, 'POST', '/api/organisation/invitations', {
      email: 'twice@school.example',
      role: 'viewer',
    });
    const again = await call(owner.sid, 'POST', '/api/organisation/invitations', {
      email: 'twice@school.example',
      role: 'coordinator',
    });
    expect([again.statusCode, messageOf(again)]).toEqual([409, messages.alreadyInvited]);
    const badEmail = await call(owner.sid, 'POST', '/api/organisation/invitations', {
      email: 'нет',
      role: 'viewer',
    });
    expect([badEmail.statusCode, messageOf(badEmail)]).toEqual([400, messages.emailInvalid]);
    const owners = await call(owner.sid, 'POST', '/api/organisation/invitations', {
      email: 'boss@school.example',
      role: 'owner',
    });
    expect([owners.statusCode, messageOf(owners)]).toEqual([400, messages.role]);
  });

  it('accepts once: the person joins with the role and e-mail and is signed in; the link is then used', async () => {
    const owner = await schoolOwner('Лицей № 3');
    const { sid, user } = await inviteAndAccept(
      owner.sid,
      'klass@school.example',
      'coordinator',
      'klass_ruk',
    );
    expect(user).toMatchObject({ username: 'klass_ruk', role: 'school', memberRole: 'coordinator' });
    const session = await call(sid, 'GET', '/api/session');
    expect(session.json()).toMatchObject({ user: { username: 'klass_ruk', memberRole: 'coordinator' } });

    const team = await membersOf(owner.sid);
    expect(team.members.map(({ username, role, email }) => ({ username, role, email }))).toEqual([
      { username: owner.username, role: 'owner', email: null },
      { username: 'klass_ruk', role: 'coordinator', email: 'klass@school.example' },
    ]);
    // The invitation is no longer open.
    expect((await call(owner.sid, 'GET', '/api/organisation/invitations')).json()).toEqual({
      invitations: [],
    });

    const { token } = await letterTo('klass@school.example');
    const check = await call(undefined, 'GET', `/api/invitation-links/${token}`);
    expect([check.statusCode, messageOf(check)]).toEqual([410, messages.linkUsed]);
    const twice = await call(undefined, 'POST', '/api/invitations/accept', {
      token,
      username: 'klass_ruk_2',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect([twice.statusCode, messageOf(twice)]).toEqual([410, messages.linkUsed]);
    expect(await ctx.database.db.select().from(users).where(eq(users.username, 'klass_ruk_2'))).toEqual([]);
  });

  it('says a revoked, an expired and an unknown link so before any form, and creates nobody', async () => {
    const owner = await schoolOwner();
    await call(owner.sid, 'POST', '/api/organisation/invitations', {
      email: 'revoked@school.example',
      role: 'viewer',
    });
    const revokedLetter = await letterTo('revoked@school.example');
    const [invitation] = (
      (await call(owner.sid, 'GET', '/api/organisation/invitations')).json() as {
        invitations: { id: number }[];
      }
    ).invitations;
    const revoke = await call(owner.sid, 'DELETE', `/api/organisation/invitations/${invitation?.id}`);
    expect([revoke.statusCode, messageOf(revoke)]).toEqual([200, messages.invitationRevoked]);
    const revoked = await call(undefined, 'GET', `/api/invitation-links/${revokedLetter.token}`);
    expect([revoked.statusCode, messageOf(revoked)]).toEqual([410, messages.linkRevoked]);

    await call(owner.sid, 'POST', '/api/organisation/invitations', {
      email: 'late@school.example',
      role: 'viewer',
    });
    const lateLetter = await letterTo('late@school.example');
    const sent = now;
    now = new Date(sent.getTime() + 7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      const expired = await call(undefined, 'GET', `/api/invitation-links/${lateLetter.token}`);
      expect([expired.statusCode, messageOf(expired)]).toEqual([410, messages.linkExpired]);
      const accept = await call(undefined, 'POST', '/api/invitations/accept', {
        token: lateLetter.token,
        username: 'late_person',
        password: 'secret123',
        confirmPassword: 'secret123',
      });
      expect([accept.statusCode, messageOf(accept)]).toEqual([410, messages.linkExpired]);
      const list = await call(owner.sid, 'GET', '/api/organisation/invitations');
      expect(list.json()).toMatchObject({ invitations: [{ email: 'late@school.example', expired: true }] });

      // Sent again: a new link with seven new days; the old one no longer opens.
      const [late] = (list.json() as { invitations: { id: number }[] }).invitations;
      const resend = await call(owner.sid, 'POST', `/api/organisation/invitations/${late?.id}/resend`);
      expect([resend.statusCode, messageOf(resend)]).toEqual([
        200,
        messages.invitationResent('late@school.example'),
      ]);
      const fresh = await letterTo('late@school.example');
      expect(fresh.token).not.toBe(lateLetter.token);
      expect((await call(undefined, 'GET', `/api/invitation-links/${fresh.token}`)).statusCode).toBe(200);
      expect((await call(undefined, 'GET', `/api/invitation-links/${lateLetter.token}`)).statusCode).toBe(
        404,
      );
    } finally {
      now = sent;
    }

    const unknown = await call(undefined, 'GET', `/api/invitation-links/${'A'.repeat(43)}`);
    expect([unknown.statusCode, messageOf(unknown)]).toEqual([404, messages.linkInvalid]);
    expect(await ctx.database.db.select().from(users).where(eq(users.username, 'late_person'))).toEqual([]);
  });

  it('lets only an owner invite, revoke and resend', async () => {
    const owner = await schoolOwner();
    const coordinator = await inviteAndAccept(owner.sid, 'coord@school.example', 'coordinator', 'coord_only');
    const viewer = await inviteAndAccept(owner.sid, 'view@school.example', 'viewer', 'viewer_only');
    for (const sid of [coordinator.sid, viewer.sid]) {
      const response = await call(sid, 'POST', '/api/organisation/invitations', {
        email: 'x@school.example',
        role: 'viewer',
      });
      expect(response.statusCode).toBe(403);
    }
    const byCoordinator = await call(coordinator.sid, 'POST', '/api/organisation/invitations', {
      email: 'x@school.example',
      role: 'viewer',
    });
    expect(messageOf(byCoordinator)).toBe(messages.ownerOnly);
    const byViewer = await call(viewer.sid, 'POST', '/api/organisation/invitations', {
      email: 'x@school.example',
      role: 'viewer',
    });
    expect(messageOf(byViewer)).toBe(messages.ownerOnly);
    // Another school's owner cannot touch this school's invitation.
    await call(owner.sid, 'POST', '/api/organisation/invitations', {
      email: 'mine@school.example',
      role: 'viewer',
    });
    const [mine] = (
      (await call(owner.sid, 'GET', '/api/organisation/invitations')).json() as {
        invitations: { id: number }[];
      }
    ).invitations;
    const stranger = await schoolOwner('Школа № 2');
    const foreign = await call(stranger.sid, 'DELETE', `/api/organisation/invitations/${mine?.id}`);
    expect([foreign.statusCode, messageOf(foreign)]).toEqual([404, messages.invitationNotFound]);
  });
});

describe('the team', () => {
  it('changes roles, but never leaves the organisation without an owner', async () => {
    const owner = await schoolOwner();
    const member = await inviteAndAccept(owner.sid, 'role@school.example', 'viewer', 'role_changer');
    const team = await membersOf(owner.sid);
    const memberRow = team.members.find((row) => row.username === 'role_changer');
    const ownerRow = team.members.find((row) => row.isYou);

    const promote = await call(owner.sid, 'PATCH', `/api/organisation/members/${memberRow?.id}`, {
      role: 'coordinator',
    });
    expect([promote.statusCode, messageOf(promote)]).toEqual([200, messages.roleChanged]);
    // The member's open session takes the new role at once.
    expect((await call(member.sid, 'GET', '/api/session')).json()).toMatchObject({
      user: { memberRole: 'coordinator' },
    });

    const demoteLast = await call(owner.sid, 'PATCH', `/api/organisation/members/${ownerRow?.id}`, {
      role: 'viewer',
    });
    expect([demoteLast.statusCode, messageOf(demoteLast)]).toEqual([409, messages.lastOwner]);
    const leaveLast = await call(owner.sid, 'DELETE', `/api/organisation/members/${ownerRow?.id}`);
    expect([leaveLast.statusCode, messageOf(leaveLast)]).toEqual([409, messages.lastOwner]);
    expect((await membersOf(owner.sid)).members.find((row) => row.isYou)?.role).toBe('owner');
  });

  it('removes a member: their session is 401 at once, and the journal keeps their name', async () => {
    const owner = await schoolOwner();
    const member = await inviteAndAccept(owner.sid, 'gone@school.example', 'coordinator', 'leaving_teacher');
    expect((await call(member.sid, 'GET', '/api/organisation/members')).statusCode).toBe(200);
    const memberRow = (await membersOf(owner.sid)).members.find((row) => row.username === 'leaving_teacher');

    const removed = await call(owner.sid, 'DELETE', `/api/organisation/members/${memberRow?.id}`);
    expect([removed.statusCode, messageOf(removed)]).toEqual([200, messages.removed]);
    expect((await call(member.sid, 'GET', '/api/organisation/members')).statusCode).toBe(401);
    expect((await call(member.sid, 'GET', '/api/session')).json()).toEqual({ user: null });
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual(
      [],
    );
    const signIn = await call(undefined, 'POST', '/api/login', {
      username: 'leaving_teacher',
      password: 'secret123',
    });
    expect(signIn.statusCode).toBe(401);

    const entries = await ctx.database.db
      .select({ kind: journalEntries.kind, actorName: journalEntries.actorName, after: journalEntries.after })
      .from(journalEntries)
      .where(eq(journalEntries.actorName, 'leaving_teacher'));
    expect(entries).toEqual([
      {
        kind: 'team.member_joined',
        actorName: 'leaving_teacher',
        after: expect.objectContaining({ role: 'coordinator' }),
      },
    ]);
  });

  it('lets a member leave, and a coordinator remove nobody else', async () => {
    const owner = await schoolOwner();
    const first = await inviteAndAccept(owner.sid, 'a@school.example', 'coordinator', 'coordinator_a');
    await inviteAndAccept(owner.sid, 'b@school.example', 'viewer', 'viewer_b');
    const team = await membersOf(owner.sid);
    const other = team.members.find((row) => row.username === 'viewer_b');
    const self = team.members.find((row) => row.username === 'coordinator_a');

    const foreign = await call(first.sid, 'DELETE', `/api/organisation/members/${other?.id}`);
    expect([foreign.statusCode, messageOf(foreign)]).toEqual([403, messages.ownerOnly]);
    const leave = await call(first.sid, 'DELETE', `/api/organisation/members/${self?.id}`);
    expect([leave.statusCode, messageOf(leave)]).toEqual([200, messages.left]);
    expect((await membersOf(owner.sid)).members.map((row) => row.username)).toEqual([
      owner.username,
      'viewer_b',
    ]);
  });

  it('hands ownership over: the new owner manages the team, the old one stays as a coordinator', async () => {
    const owner = await schoolOwner();
    const heir = await inviteAndAccept(owner.sid, 'heir@school.example', 'coordinator', 'new_zavuch');
    const heirRow = (await membersOf(owner.sid)).members.find((row) => row.username === 'new_zavuch');

    const self = await call(owner.sid, 'POST', '/api/organisation/transfer-ownership', {
      memberId: (await membersOf(owner.sid)).members.find((row) => row.isYou)?.id,
    });
    expect([self.statusCode, messageOf(self)]).toEqual([409, messages.notYourself]);
    const transfer = await call(owner.sid, 'POST', '/api/organisation/transfer-ownership', {
      memberId: heirRow?.id,
    });
    expect([transfer.statusCode, messageOf(transfer)]).toEqual([200, messages.ownershipTransferred]);

    expect((await membersOf(heir.sid)).members.map(({ username, role }) => ({ username, role }))).toEqual([
      { username: 'new_zavuch', role: 'owner' },
      { username: owner.username, role: 'coordinator' },
    ]);
    expect((await call(owner.sid, 'GET', '/api/session')).json()).toMatchObject({
      user: { memberRole: 'coordinator' },
    });
    const oldOwnerInvites = await call(owner.sid, 'POST', '/api/organisation/invitations', {
      email: 'x@school.example',
      role: 'viewer',
    });
    expect(oldOwnerInvites.statusCode).toBe(403);
    // The one who left September's staff can now be removed by the new owner.
    const oldRow = (await membersOf(heir.sid)).members.find((row) => row.username === owner.username);
    expect((await call(heir.sid, 'DELETE', `/api/organisation/members/${oldRow?.id}`)).statusCode).toBe(200);
  });

  it('keeps each team to itself: another school’s member is not found', async () => {
    const owner = await schoolOwner();
    const stranger = await schoolOwner('Школа № 9');
    const strangerRow = (await membersOf(stranger.sid)).members[0];
    const patch = await call(owner.sid, 'PATCH', `/api/organisation/members/${strangerRow?.id}`, {
      role: 'viewer',
    });
    expect([patch.statusCode, messageOf(patch)]).toEqual([404, messages.memberNotFound]);
    const remove = await call(owner.sid, 'DELETE', `/api/organisation/members/${strangerRow?.id}`);
    expect(remove.statusCode).toBe(404);
    expect((await membersOf(stranger.sid)).members).toHaveLength(1);
  });

  it('refuses a viewer every write of the organisation’s work, but not their own settings', async () => {
    const owner = await schoolOwner();
    const viewer = await inviteAndAccept(owner.sid, 'director@school.example', 'viewer', 'director');
    const write = await call(viewer.sid, 'POST', '/api/events/1/register', { participantCount: 1 });
    expect([write.statusCode, messageOf(write)]).toEqual([403, messages.viewerReadsOnly]);
    const settings = await call(viewer.sid, 'PUT', '/api/notification-settings', {
      kinds: [{ kind: 'reminders', enabled: false }],
    });
    expect(settings.statusCode).toBe(200);
  });
});

describe('a foundation’s team', () => {
  it('invites into a foundation: the person joins it as a foundation member', async () => {
    const owner = await signUp(ctx.app, 'foundation');
    const { user } = await inviteAndAccept(
      owner.sid,
      'volunteer.lead@fond.example',
      'coordinator',
      'fond_coord',
    );
    expect(user).toMatchObject({ role: 'foundation', memberRole: 'coordinator' });
  });
});

describe('the administrator and a team', () => {
  it('sees the members, makes one the owner when the only owner left, and removes the one who left', async () => {
    const admin = await createAdmin(ctx.database.db);
    const owner = await schoolOwner('Школа № 1208');
    await inviteAndAccept(owner.sid, 'stays@school.example', 'coordinator', 'stays_on');

    const seen = await call(admin.sid, 'GET', `/api/admin/organizations/${owner.user.id}/members`);
    expect(seen.statusCode).toBe(200);
    const team = seen.json() as Awaited<ReturnType<typeof membersOf>>;
    expect(team.organisationName).toBe('Школа № 1208');
    expect(team.members.map(({ username, role }) => ({ username, role }))).toEqual([
      { username: owner.username, role: 'owner' },
      { username: 'stays_on', role: 'coordinator' },
    ]);
    const ownerRow = team.members.find((row) => row.role === 'owner');
    const staysRow = team.members.find((row) => row.username === 'stays_on');

    const lastOwner = await call(
      admin.sid,
      'DELETE',
      `/api/admin/organizations/${owner.user.id}/members/${ownerRow?.id}`,
    );
    expect([lastOwner.statusCode, messageOf(lastOwner)]).toEqual([409, messages.lastOwner]);
    const made = await call(admin.sid, 'POST', `/api/admin/organizations/${owner.user.id}/owner`, {
      memberId: staysRow?.id,
    });
    expect([made.statusCode, messageOf(made)]).toEqual([200, messages.madeOwner]);
    const removed = await call(
      admin.sid,
      'DELETE',
      `/api/admin/organizations/${owner.user.id}/members/${ownerRow?.id}`,
    );
    expect([removed.statusCode, messageOf(removed)]).toEqual([200, messages.removed]);
    expect((await call(owner.sid, 'GET', '/api/session')).json()).toEqual({ user: null });

    const after = await call(admin.sid, 'GET', `/api/admin/organizations/${staysRow?.userId}/members`);
    expect((after.json() as { members: { username: string; role: string }[] }).members).toEqual([
      expect.objectContaining({ username: 'stays_on', role: 'owner' }),
    ]);
    const entries = await ctx.database.db
      .select({ kind: journalEntries.kind, actorRole: journalEntries.actorRole })
      .from(journalEntries)
      .where(eq(journalEntries.actorUserId, admin.id));
    expect(entries).toEqual([
      { kind: 'team.role_changed', actorRole: 'admin' },
      { kind: 'team.member_removed', actorRole: 'admin' },
    ]);
  });

  it('answers 404 for a person who belongs to no organisation', async () => {
    const admin = await createAdmin(ctx.database.db);
    const response = await call(admin.sid, 'GET', `/api/admin/organizations/${admin.id}/members`);
    expect([response.statusCode, messageOf(response)]).toEqual([404, messages.organisationNotFound]);
  });
});
