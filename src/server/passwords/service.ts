import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { commonErrors } from '../../shared/errors';
import {
  passwordMessages as messages,
  type PasswordChangeInput,
  type PasswordResetConfirmInput,
  resetLetter,
  resetLettersPerHour,
  resetLinkLifetimeMs,
  resetLinkPath,
} from '../../shared/passwords';
import type { PasswordHasher } from '../auth/password';
import { deleteUserSessions } from '../auth/sessions';
import type { Db, DbOrTx } from '../db/client';
import { foundations, organisationMembers, passwordResets, schools, users } from '../db/schema';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { queueAccountMail } from '../mail/outbox';

/** The moment now; the calendar's clock, so that tests can move it past a link's hour. */
export type Clock = () => Date;

/** Only the SHA-256 of a reset token is stored, as with session ids: a leaked table opens no account. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Marks every open reset link of the account used: a new password makes the links of the old one moot. */
async function closeOpenLinks(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * A signed-in account sets a new password after proving the current one. Its other sessions end (a
 * password is changed above all when someone else may know it); the one that asked stays.
 */
export async function changePassword(
  db: Db,
  hasher: PasswordHasher,
  clock: Clock,
  caller: { userId: number; sessionId: string },
  input: PasswordChangeInput,
): Promise<void> {
  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!account) throw unauthorized(commonErrors.unauthorized);
  if (!(await hasher.verify(input.currentPassword, account.passwordHash))) {
    throw badRequest(messages.wrongCurrentPassword);
  }
  // Hashed before the transaction: scrypt is slow on purpose and must not hold the row lock.
  const passwordHash = await hasher.hash(input.newPassword);
  await db.transaction(async (tx) => {
    // The stored hash is part of the WHERE: a password changed meanwhile by another tab means the
    // current password just checked is no longer current.
    const updated = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, caller.userId), eq(users.passwordHash, account.passwordHash)))
      .returning({ id: users.id });
    if (updated.length === 0) throw badRequest(messages.wrongCurrentPassword);
    await deleteUserSessions(tx, caller.userId, caller.sessionId);
    await closeOpenLinks(tx, caller.userId, clock());
  });
}

/** More accounts than this on one e-mail get no letter beyond it: a bound on one request's work. */
const maxAccountsPerLogin = 20;

/**
 * Sends a one-time link to every account the login names: the account of that username or of that own
 * e-mail, and every member of a foundation or school whose profile e-mail it is, each to the address its
 * letters go to (its own, else its organisation's, as mail/outbox.ts addresses them). An account without
 * an e-mail, or that got resetLettersPerHour letters within the hour, gets nothing. The caller learns
 * nothing either way: the answer does not depend on what was found, and the work is the same query
 * and at most a few inserts in one transaction, no password hashing.
 */
export async function requestPasswordReset(db: Db, clock: Clock, login: string): Promise<void> {
  const key = login.toLowerCase();
  const now = clock();
  const hourAgo = new Date(now.getTime() - resetLinkLifetimeMs);
  await db.transaction(async (tx) => {
    const email = sql<string | null>`coalesce(nullif(trim(${users.email}), ''),
      nullif(trim(coalesce(${foundations.email}, ${schools.email})), ''))`;
    const accounts = await tx
      .select({
        id: users.id,
        username: users.username,
        email,
        recentLetters: sql<number>`(select count(*) from ${passwordResets}
          where ${passwordResets.userId} = ${users.id}
            and ${passwordResets.createdAt} > ${hourAgo.toISOString()}::timestamptz)`.mapWith(Number),
      })
      .from(users)
      .leftJoin(organisationMembers, eq(organisationMembers.userId, users.id))
      .leftJoin(foundations, eq(foundations.id, organisationMembers.foundationId))
      .leftJoin(schools, eq(schools.id, organisationMembers.schoolId))
      .where(
        or(
          eq(sql`lower(${users.username})`, key),
          eq(sql`lower(trim(${users.email}))`, key),
          eq(sql`lower(trim(${foundations.email}))`, key),
          eq(sql`lower(trim(${schools.email}))`, key),
        ),
      )
      .orderBy(users.id)
      .limit(maxAccountsPerLogin)
      // Two requests for one account at once count each other's letters: the cap holds.
      .for('update', { of: users });

    for (const account of accounts) {
      if (!account.email || account.recentLetters >= resetLettersPerHour) continue;
      const token = randomBytes(32).toString('base64url');
      await tx.insert(passwordResets).values({
        tokenHash: hashToken(token),
        userId: account.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + resetLinkLifetimeMs),
      });
      await queueAccountMail(tx, {
        userId: account.id,
        toAddress: account.email,
        message: {
          subject: resetLetter.subject,
          paragraphs: resetLetter.paragraphs(account.username),
          action: { label: resetLetter.action, path: resetLinkPath(token) },
        },
      });
    }
  });
}

/** The condition that the link of this token is neither used nor expired at `now`. */
const openLink = (token: string) => {
  const tokenHash = hashToken(token);
  return (now: Date) =>
    and(
      eq(passwordResets.tokenHash, tokenHash),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, now),
    );
};

/**
 * Refuses an unknown, used or expired link with the same message as using it would, and changes
 * nothing: the reset page asks before it shows the form. Whose link it is stays unsaid.
 */
export async function checkPasswordResetLink(db: Db, clock: Clock, token: string): Promise<void> {
  const [link] = await db
    .select({ id: passwordResets.tokenHash })
    .from(passwordResets)
    .where(openLink(token)(clock()));
  if (!link) throw notFound(messages.invalidLink);
}

/**
 * Sets the new password of the link's account, once: the link and every other open link of the account
 * are used up, and every session of the account ends, so whoever knew the old password is out.
 * Returns the account's id. An unknown, used or expired link is refused and nothing changes.
 */
export async function confirmPasswordReset(
  db: Db,
  hasher: PasswordHasher,
  clock: Clock,
  input: PasswordResetConfirmInput,
): Promise<number> {
  const isOpen = openLink(input.token);
  // Checked before hashing, so that a made-up token costs no scrypt.
  const [link] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(isOpen(clock()));
  if (!link) throw badRequest(messages.invalidLink);
  const passwordHash = await hasher.hash(input.newPassword);

  return db.transaction(async (tx) => {
    const now = clock();
    // Claiming the link is the one write that decides: of two uses at once, the second finds it used.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(isOpen(now))
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw badRequest(messages.invalidLink);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await closeOpenLinks(tx, claimed.userId, now);
    await deleteUserSessions(tx, claimed.userId);
    return claimed.userId;
  });
}
