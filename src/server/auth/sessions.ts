import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import type { SessionCache } from './session-cache';

export const sessionCookieName = 'sid';
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** A session used after half its life is extended, so active users stay signed in. */
const renewAfterMs = sessionLifetimeMs / 2;

const hashSessionId = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

/** Creates a session and returns the cookie value; only its SHA-256 is stored. */
export async function createSession(
  db: DbOrTx,
  userId: number,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + sessionLifetimeMs);
  await db.insert(sessions).values({ idHash: hashSessionId(sessionId), userId, expiresAt });
  return { sessionId, expiresAt };
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
}

/** Ends every session of an account but `keepSessionId`'s (the one that asked), or all of them. */
export async function deleteUserSessions(db: DbOrTx, userId: number, keepSessionId?: string): Promise<void> {
  const others = keepSessionId === undefined ? undefined : ne(sessions.idHash, hashSessionId(keepSessionId));
  await db.delete(sessions).where(and(eq(sessions.userId, userId), others));
}

export interface ResolvedSession {
  user: SessionUser;
  /** Set when the session was extended and the cookie should be re-sent. */
  renewedUntil: Date | undefined;
}

/** The signed-in user of a session id, from `cache` when given and it knows the session. */
export async function resolveSession(
  db: DbOrTx,
  sessionId: string,
  cache?: SessionCache,
): Promise<ResolvedSession | undefined> {
  if (sessionId.length < 20 || sessionId.length > 100) return undefined;
  const idHash = hashSessionId(sessionId);
  const now = new Date();
  const known = cache?.lookup(idHash, now.getTime());
  if (known) return { user: known, renewedUntil: undefined };

  const generation = cache?.generation ?? 0;
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;

  let expiresAt = row.expiresAt;
  let renewedUntil: Date | undefined;
  if (expiresAt.getTime() - now.getTime() < sessionLifetimeMs - renewAfterMs) {
    renewedUntil = new Date(now.getTime() + sessionLifetimeMs);
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.idHash, idHash));
    expiresAt = renewedUntil;
  }
  const user: SessionUser = { id: row.id, username: row.username, role: row.role };
  // Asked again once renewal is due, so that an active user's session keeps being extended.
  cache?.store(idHash, generation, user, expiresAt.getTime() - (sessionLifetimeMs - renewAfterMs));
  return { user, renewedUntil };
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
