import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth';
import type { MemberRole, Role } from '../../shared/roles';
import { type DbOrTx, rowsOf } from '../db/client';
import { organisationMembers, sessions, users } from '../db/schema';
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

interface SessionRow {
  id: number;
  username: string;
  role: Role;
  member_role: MemberRole | null;
  organisation_id: number | null;
  /** A raw statement's timestamptz: both drivers parse it to a Date, but `new Date()` accepts either. */
  expires_at: Date | string;
  renewed_until: Date | string | null;
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
  // One statement, renewal included: a session that is due is extended by the same round trip that
  // reads it, so a cache miss costs one query whatever the session's age.
  const renewDueBefore = new Date(now.getTime() + sessionLifetimeMs - renewAfterMs).toISOString();
  const renewTo = new Date(now.getTime() + sessionLifetimeMs).toISOString();
  const [row] = await rowsOf<SessionRow>(
    db,
    sql`with found as (
      select ${sessions.idHash} as id_hash, ${sessions.expiresAt} as expires_at,
        ${users.id} as id, ${users.username} as username, ${users.role} as role,
        ${organisationMembers.role} as member_role,
        coalesce(${organisationMembers.schoolId}, ${organisationMembers.foundationId}) as organisation_id
      from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId}
        left join ${organisationMembers} on ${organisationMembers.userId} = ${users.id}
      where ${sessions.idHash} = ${idHash} and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz
    ), renewed as (
      update ${sessions} set expires_at = ${renewTo}::timestamptz
      where id_hash = (select id_hash from found) and expires_at < ${renewDueBefore}::timestamptz
      returning expires_at
    )
    select found.id, found.username, found.role, found.member_role, found.organisation_id, found.expires_at, renewed.expires_at as renewed_until
    from found left join renewed on true`,
  );
  if (!row) return undefined;

  const renewedUntil = row.renewed_until === null ? undefined : new Date(row.renewed_until);
  const expiresAt = renewedUntil ?? new Date(row.expires_at);
  const user: SessionUser = {
    id: row.id,
    username: row.username,
    role: row.role,
    memberRole: row.member_role,
    organisationId: row.organisation_id,
  };
  // Asked again once renewal is due, so that an active user's session keeps being extended.
  cache?.store(idHash, generation, user, expiresAt.getTime() - (sessionLifetimeMs - renewAfterMs));
  return { user, renewedUntil };
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
