import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { authErrors } from '../../shared/errors';
import type { MemberRole } from '../../shared/roles';
import {
  type Invitation,
  type InvitationAcceptInput,
  type InvitationInput,
  type InvitationLink,
  invitationLetter,
  invitationLifetimeMs,
  inviteLinkPath,
  type MembersAnswer,
  teamMessages as messages,
} from '../../shared/team';
import {
  findMembership,
  type Membership,
  ofOrganisation,
  organisationMessages,
} from '../accounts/organisation';
import type { PasswordHasher } from '../auth/password';
import type { SignedIn } from '../auth/service';
import { createSession } from '../auth/sessions';
import type { Db, DbOrTx } from '../db/client';
import { foundations, organisationInvitations, organisationMembers, schools, users } from '../db/schema';
import { conflict, forbidden, gone, isUniqueViolation, notFound } from '../http/errors';
import { appendJournal, type JournalActor } from '../journal/service';
import { queueAccountMail } from '../mail/outbox';

/** The moment now; the calendar's clock, so that tests can move it past an invitation's seven days. */
export type Clock = () => Date;

/** Only the SHA-256 of an invitation's token is stored, as with reset links and sessions. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The caller's membership; 403 for an account that belongs to no organisation. */
async function membershipOf(db: DbOrTx, userId: number): Promise<Membership> {
  const membership = await findMembership(db, userId);
  if (!membership) throw forbidden(organisationMessages.onlySchools);
  return membership;
}

const actorOf = (membership: Membership): JournalActor => ({
  userId: membership.userId,
  name: membership.username,
  role: membership.role,
  ...(membership.kind === 'school'
    ? { schoolId: membership.organisationId }
    : { foundationId: membership.organisationId }),
});

/** The organisation's columns of a journal entry: it shows in that organisation's journal. */
const journalOwner = (membership: Membership) =>
  membership.kind === 'school'
    ? { schoolId: membership.organisationId }
    : { foundationId: membership.organisationId };

/**
 * The organisation's members, locked for the rest of the transaction: the rule "an organisation always has
 * an owner" is checked against them, and two owners demoting each other at once must not both pass.
 */
async function lockedMembers(tx: DbOrTx, membership: Membership) {
  return tx
    .select({
      id: organisationMembers.id,
      userId: organisationMembers.userId,
      role: organisationMembers.role,
    })
    .from(organisationMembers)
    .where(ofOrganisation(organisationMembers, membership))
    .orderBy(asc(organisationMembers.id))
    .for('update');
}

function memberIn(members: { id: number; userId: number; role: MemberRole }[], memberId: number) {
  const member = members.find((row) => row.id === memberId);
  if (!member) throw notFound(messages.memberNotFound);
  return member;
}

const ownerCount = (members: { role: MemberRole }[]) => members.filter((row) => row.role === 'owner').length;

export async function listMembers(db: Db, userId: number): Promise<MembersAnswer> {
  return membersAnswer(db, await membershipOf(db, userId), userId);
}

async function membersAnswer(db: DbOrTx, membership: Membership, viewerId: number): Promise<MembersAnswer> {
  const rows = await db
    .select({
      id: organisationMembers.id,
      userId: organisationMembers.userId,
      username: users.username,
      email: users.email,
      role: organisationMembers.role,
      joinedAt: organisationMembers.createdAt,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(ofOrganisation(organisationMembers, membership))
    // Owners first, then coordinators, then viewers; within a role, who came first.
    .orderBy(asc(organisationMembers.role), asc(organisationMembers.id));
  return {
    organisationName: membership.organisationName,
    members: rows.map((row) => ({
      ...row,
      joinedAt: row.joinedAt.toISOString(),
      isYou: row.userId === viewerId,
    })),
  };
}

/** Gives a member another role; the last owner cannot be made anything else. */
export async function changeMemberRole(db: Db, userId: number, memberId: number, role: MemberRole) {
  await db.transaction(async (tx) => {
    const membership = await membershipOf(tx, userId);
    const members = await lockedMembers(tx, membership);
    const member = memberIn(members, memberId);
    if (member.role === role) return;
    if (member.role === 'owner' && ownerCount(members) === 1) throw conflict(messages.lastOwner);
    await tx.update(organisationMembers).set({ role }).where(eq(organisationMembers.id, memberId));
    const [person] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, member.userId));
    await appendJournal(tx, [
      {
        kind: 'team.role_changed',
        actor: actorOf(membership),
        ...journalOwner(membership),
        before: { member: person?.username ?? null, role: member.role },
        after: { member: person?.username ?? null, role },
      },
    ]);
  });
}

/**
 * Takes a person out of the team: an owner removes anyone, a member removes themselves (leaves). Their
 * account goes with their membership, so every session of it ends at once, on every node (the deletion
 * is a change notice), and nobody can sign in as them; the journal keeps their name on what they did.
 * The last owner can neither leave nor be removed.
 */
export async function removeMember(db: Db, userId: number, memberId: number): Promise<'removed' | 'left'> {
  return db.transaction(async (tx) => {
    const membership = await membershipOf(tx, userId);
    const leaving = memberId === membership.memberId;
    // Before the lookup: whether someone else's id exists is the owner's business only.
    if (!leaving && membership.role !== 'owner') throw forbidden(messages.ownerOnly);
    const members = await lockedMembers(tx, membership);
    const member = memberIn(members, memberId);
    if (member.role === 'owner' && ownerCount(members) === 1) throw conflict(messages.lastOwner);
    const [person] = await tx
      .delete(users)
      .where(eq(users.id, member.userId))
      .returning({ username: users.username });
    await appendJournal(tx, [
      {
        kind: leaving ? 'team.member_left' : 'team.member_removed',
        actor: actorOf(membership),
        ...journalOwner(membership),
        before: { member: person?.username ?? null, role: member.role },
      },
    ]);
    return leaving ? 'left' : 'removed';
  });
}

/** Makes another member the owner; the one who hands it over stays on as a coordinator. */
export async function transferOwnership(db: Db, userId: number, memberId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const membership = await membershipOf(tx, userId);
    const members = await lockedMembers(tx, membership);
    const member = memberIn(members, memberId);
    if (member.userId === userId) throw conflict(messages.notYourself);
    if (member.role === 'owner') throw conflict(messages.alreadyOwner);
    await tx.update(organisationMembers).set({ role: 'owner' }).where(eq(organisationMembers.id, memberId));
    await tx
      .update(organisationMembers)
      .set({ role: 'coordinator' })
      .where(eq(organisationMembers.id, membership.memberId));
    const [person] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, member.userId));
    await appendJournal(tx, [
      {
        kind: 'team.ownership_transferred',
        actor: actorOf(membership),
        ...journalOwner(membership),
        before: { owner: membership.username },
        after: { owner: person?.username ?? null },
      },
    ]);
  });
}

// Invitations.

const invitationColumns = {
  id: organisationInvitations.id,
  email: organisationInvitations.email,
  role: organisationInvitations.role,
  invitedBy: users.username,
  createdAt: organisationInvitations.createdAt,
  expiresAt: organisationInvitations.expiresAt,
};

type InvitationRow = {
  id: number;
  email: string;
  role: MemberRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
};

function asInvitation(row: InvitationRow, now: Date): Invitation {
  // Only coordinators and viewers are ever invited (invitationInputSchema).
  const role = row.role === 'viewer' ? 'viewer' : 'coordinator';
  return {
    id: row.id,
    email: row.email,
    role,
    invitedBy: row.invitedBy,
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/** Invitations of the organisation neither accepted nor revoked: the ones its owner may still act on. */
const pendingOf = (membership: Membership) =>
  and(
    ofOrganisation(organisationInvitations, membership),
    isNull(organisationInvitations.acceptedAt),
    isNull(organisationInvitations.revokedAt),
  );

export async function listInvitations(db: Db, clock: Clock, userId: number): Promise<Invitation[]> {
  const membership = await membershipOf(db, userId);
  const rows = await db
    .select(invitationColumns)
    .from(organisationInvitations)
    .leftJoin(users, eq(users.id, organisationInvitations.invitedBy))
    .where(pendingOf(membership))
    .orderBy(asc(organisationInvitations.id));
  const now = clock();
  return rows.map((row) => asInvitation(row, now));
}

async function sendInvitationLetter(
  tx: DbOrTx,
  membership: Membership,
  invitation: { email: string; role: 'coordinator' | 'viewer' },
  token: string,
) {
  const organisation = membership.organisationName ?? '';
  await queueAccountMail(tx, {
    userId: null,
    toAddress: invitation.email,
    message: {
      subject: invitationLetter.subject(organisation),
      paragraphs: invitationLetter.paragraphs(organisation, invitation.role, membership.username),
      action: { label: invitationLetter.action, path: inviteLinkPath(token) },
    },
  });
}

/**
 * Invites a person by e-mail: a letter with a one-time link, valid for seven days. Refused when the
 * address already has an open invitation to this organisation, or belongs to one of its members.
 */
export async function invite(
  db: Db,
  clock: Clock,
  userId: number,
  input: InvitationInput,
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const membership = await membershipOf(tx, userId);
    // One invitation at a time per organisation and address: the members' lock orders two owners.
    await lockedMembers(tx, membership);
    const now = clock();
    const [member] = await tx
      .select({ id: organisationMembers.id })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.userId))
      .where(
        and(
          ofOrganisation(organisationMembers, membership),
          eq(sql`lower(trim(${users.email}))`, input.email),
        ),
      );
    if (member) throw conflict(messages.alreadyMember);
    const [open] = await tx
      .select({ id: organisationInvitations.id })
      .from(organisationInvitations)
      .where(and(pendingOf(membership), eq(organisationInvitations.email, input.email)));
    if (open) throw conflict(messages.alreadyInvited);

    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(organisationInvitations)
      .values({
        ...journalOwner(membership),
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + invitationLifetimeMs),
      })
      .returning({
        id: organisationInvitations.id,
        createdAt: organisationInvitations.createdAt,
        expiresAt: organisationInvitations.expiresAt,
      });
    if (!row) throw new Error('insert into organisation_invitations returned no row');
    await sendInvitationLetter(tx, membership, input, token);
    await appendJournal(tx, [
      {
        kind: 'team.member_invited',
        actor: actorOf(membership),
        ...journalOwner(membership),
        after: { email: input.email, role: input.role },
      },
    ]);
    return asInvitation(
      { ...row, email: input.email, role: input.role, invitedBy: membership.username },
      now,
    );
  });
}

/** The organisation's open invitation `id`, locked; 404 for another's or one that is gone. */
async function openInvitation(tx: DbOrTx, membership: Membership, id: number) {
  const [row] = await tx
    .select({
      id: organisationInvitations.id,
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      acceptedAt: organisationInvitations.acceptedAt,
      revokedAt: organisationInvitations.revokedAt,
    })
    .from(organisationInvitations)
    .where(and(eq(organisationInvitations.id, id), ofOrganisation(organisationInvitations, membership)))
    .for('update');
  if (!row) throw notFound(messages.invitationNotFound);
  if (row.acceptedAt || row.revokedAt) throw conflict(messages.invitationClosed);
  return { ...row, role: row.role === 'viewer' ? ('viewer' as const) : ('coordinator' as const) };
}

export async function revokeInvitation(db: Db, clock: Clock, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const membership = await membershipOf(tx, userId);
    const invitation = await openInvitation(tx, membership, id);
    await tx
      .update(organisationInvitations)
      .set({ revokedAt: clock() })
      .where(eq(organisationInvitations.id, id));
    await appendJournal(tx, [
      {
        kind: 'team.invitation_revoked',
        actor: actorOf(membership),
        ...journalOwner(membership),
        before: { email: invitation.email, role: invitation.role },
      },
    ]);
  });
}

/** Sends the invitation again with a new link and seven new days; the old link stops working. */
export async function resendInvitation(
  db: Db,
  clock: Clock,
  userId: number,
  id: number,
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const membership = await membershipOf(tx, userId);
    const invitation = await openInvitation(tx, membership, id);
    const now = clock();
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .update(organisationInvitations)
      .set({
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + invitationLifetimeMs),
      })
      .where(eq(organisationInvitations.id, id))
      .returning({
        id: organisationInvitations.id,
        createdAt: organisationInvitations.createdAt,
        expiresAt: organisationInvitations.expiresAt,
      });
    if (!row) throw notFound(messages.invitationNotFound);
    await sendInvitationLetter(tx, membership, invitation, token);
    return asInvitation(
      { ...row, email: invitation.email, role: invitation.role, invitedBy: membership.username },
      now,
    );
  });
}

/**
 * The invitation of a link, refused in Russian as used, revoked or expired, in that order (a used link
 * says so even after its seven days), or unknown.
 */
async function invitationOfLink(db: DbOrTx, clock: Clock, token: string, lock = false) {
  const query = db
    .select({
      id: organisationInvitations.id,
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      schoolId: organisationInvitations.schoolId,
      foundationId: organisationInvitations.foundationId,
      acceptedAt: organisationInvitations.acceptedAt,
      revokedAt: organisationInvitations.revokedAt,
      expiresAt: organisationInvitations.expiresAt,
      organisationName: sql<string | null>`coalesce(${schools.name}, ${foundations.name})`,
    })
    .from(organisationInvitations)
    .leftJoin(schools, eq(schools.id, organisationInvitations.schoolId))
    .leftJoin(foundations, eq(foundations.id, organisationInvitations.foundationId))
    .where(eq(organisationInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update', { of: organisationInvitations }) : await query;
  if (!row) throw notFound(messages.linkInvalid);
  if (row.acceptedAt) throw gone(messages.linkUsed);
  if (row.revokedAt) throw gone(messages.linkRevoked);
  if (row.expiresAt <= clock()) throw gone(messages.linkExpired);
  const kind: 'school' | 'foundation' = row.schoolId !== null ? 'school' : 'foundation';
  return {
    ...row,
    kind,
    organisationId: row.schoolId ?? row.foundationId ?? 0,
    role: row.role === 'viewer' ? ('viewer' as const) : ('coordinator' as const),
  };
}

export async function checkInvitationLink(db: Db, clock: Clock, token: string): Promise<InvitationLink> {
  const invitation = await invitationOfLink(db, clock, token);
  return {
    organisationName: invitation.organisationName ?? '',
    organisationKind: invitation.kind,
    role: invitation.role,
    email: invitation.email,
  };
}

/**
 * Creates the invited person's account inside the organisation, with the invitation's role and e-mail,
 * and signs them in. The link is used up by the same transaction: of two acceptances at once, one wins.
 */
export async function acceptInvitation(
  db: Db,
  hasher: PasswordHasher,
  clock: Clock,
  input: InvitationAcceptInput,
): Promise<SignedIn & { organisationName: string }> {
  // Checked before hashing, so that a made-up token costs no scrypt.
  await invitationOfLink(db, clock, input.token);
  const passwordHash = await hasher.hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      const invitation = await invitationOfLink(tx, clock, input.token, true);
      const [user] = await tx
        .insert(users)
        .values({ username: input.username, passwordHash, role: invitation.kind, email: invitation.email })
        .returning({ id: users.id, username: users.username, role: users.role });
      if (!user) throw new Error('insert into users returned no row');
      const [member] = await tx
        .insert(organisationMembers)
        .values({
          userId: user.id,
          role: invitation.role,
          ...(invitation.kind === 'school'
            ? { schoolId: invitation.organisationId }
            : { foundationId: invitation.organisationId }),
        })
        .returning({ id: organisationMembers.id });
      if (!member) throw new Error('insert into organisation_members returned no row');
      await tx
        .update(organisationInvitations)
        .set({ acceptedAt: clock(), acceptedUserId: user.id })
        .where(eq(organisationInvitations.id, invitation.id));
      const organisationName = invitation.organisationName ?? '';
      await appendJournal(tx, [
        {
          kind: 'team.member_joined',
          actor: {
            userId: user.id,
            name: user.username,
            role: invitation.role,
            ...(invitation.kind === 'school'
              ? { schoolId: invitation.organisationId }
              : { foundationId: invitation.organisationId }),
          },
          ...(invitation.kind === 'school'
            ? { schoolId: invitation.organisationId }
            : { foundationId: invitation.organisationId }),
          after: { member: user.username, role: invitation.role, email: invitation.email },
        },
      ]);
      const session = await createSession(tx, user.id);
      return {
        user: { ...user, memberRole: invitation.role, organisationId: invitation.organisationId },
        organisationName,
        ...session,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authErrors.usernameTaken);
    throw error;
  }
}

// The administrator's hand in a team (issue 53, item 6): for a school whose only owner left.

/** The organisation of `personId`, one of its members, as the administrator's lists name it; 404 else. */
async function organisationOfPerson(db: DbOrTx, personId: number): Promise<Membership> {
  const membership = await findMembership(db, personId);
  if (!membership) throw notFound(messages.organisationNotFound);
  return membership;
}

const adminActor = (admin: { id: number; username: string }): JournalActor => ({
  userId: admin.id,
  name: admin.username,
  role: 'admin',
});

export async function listMembersForAdmin(db: Db, admin: { id: number }, personId: number) {
  return membersAnswer(db, await organisationOfPerson(db, personId), admin.id);
}

/** Removes a member as the administrator; the last owner stays, as in the team's own hands. */
export async function removeMemberAsAdmin(
  db: Db,
  admin: { id: number; username: string },
  personId: number,
  memberId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const membership = await organisationOfPerson(tx, personId);
    const members = await lockedMembers(tx, membership);
    const member = memberIn(members, memberId);
    if (member.role === 'owner' && ownerCount(members) === 1) throw conflict(messages.lastOwner);
    const [person] = await tx
      .delete(users)
      .where(eq(users.id, member.userId))
      .returning({ username: users.username });
    await appendJournal(tx, [
      {
        kind: 'team.member_removed',
        actor: adminActor(admin),
        ...journalOwner(membership),
        before: { member: person?.username ?? null, role: member.role },
      },
    ]);
  });
}

/** Makes a member an owner as the administrator; nobody is demoted. */
export async function makeOwnerAsAdmin(
  db: Db,
  admin: { id: number; username: string },
  personId: number,
  memberId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const membership = await organisationOfPerson(tx, personId);
    const members = await lockedMembers(tx, membership);
    const member = memberIn(members, memberId);
    if (member.role === 'owner') throw conflict(messages.alreadyOwner);
    await tx.update(organisationMembers).set({ role: 'owner' }).where(eq(organisationMembers.id, memberId));
    const [person] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, member.userId));
    await appendJournal(tx, [
      {
        kind: 'team.role_changed',
        actor: adminActor(admin),
        ...journalOwner(membership),
        before: { member: person?.username ?? null, role: member.role },
        after: { member: person?.username ?? null, role: 'owner' },
      },
    ]);
  });
}
