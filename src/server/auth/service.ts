import { eq, sql } from 'drizzle-orm';
import type { LoginInput, RegisterInput, SessionUser } from '../../shared/auth';
import { authErrors } from '../../shared/errors';
import type { Db } from '../db/client';
import { foundations, organisationMembers, schools, users } from '../db/schema';
import { conflict, forbidden, isUniqueViolation, unauthorized } from '../http/errors';
import type { PasswordHasher } from './password';
import { createSession } from './sessions';

export interface SignedIn {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
}

/**
 * Creates the account with an empty organisation profile awaiting moderation, whose owner it is, and
 * signs it in.
 */
export async function register(db: Db, hasher: PasswordHasher, input: RegisterInput): Promise<SignedIn> {
  const passwordHash = await hasher.hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username: input.username, passwordHash, role: input.role })
        .returning({ id: users.id, username: users.username, role: users.role });
      if (!user) throw new Error('insert into users returned no row');
      const profileTable = input.role === 'foundation' ? foundations : schools;
      const [organisation] = await tx.insert(profileTable).values({}).returning({ id: profileTable.id });
      if (!organisation) throw new Error('insert of an organisation returned no row');
      await tx.insert(organisationMembers).values({
        userId: user.id,
        role: 'owner',
        ...(input.role === 'foundation' ? { foundationId: organisation.id } : { schoolId: organisation.id }),
      });
      const session = await createSession(tx, user.id);
      return { user: { ...user, memberRole: 'owner', organisationId: organisation.id }, ...session };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authErrors.usernameTaken);
    throw error;
  }
}

async function checkCredentials(db: Db, hasher: PasswordHasher, input: LoginInput): Promise<SessionUser> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      memberRole: organisationMembers.role,
      organisationId: sql<
        number | null
      >`coalesce(${organisationMembers.schoolId}, ${organisationMembers.foundationId})`,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .leftJoin(organisationMembers, eq(organisationMembers.userId, users.id))
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
    .limit(1);
  const valid = row
    ? await hasher.verify(input.password, row.passwordHash)
    : await hasher.verifyAgainstDummy(input.password);
  if (!row || !valid) throw unauthorized(authErrors.wrongCredentials);
  const { passwordHash: _hash, ...user } = row;
  return user;
}

export async function login(db: Db, hasher: PasswordHasher, input: LoginInput): Promise<SignedIn> {
  const user = await checkCredentials(db, hasher, input);
  return { user, ...(await createSession(db, user.id)) };
}

/** Same as login, but only an administrator gets a session. */
export async function adminLogin(db: Db, hasher: PasswordHasher, input: LoginInput): Promise<SignedIn> {
  const user = await checkCredentials(db, hasher, input);
  if (user.role !== 'admin') throw forbidden(authErrors.adminOnly);
  return { user, ...(await createSession(db, user.id)) };
}

/**
 * Creates the first administrator when there is none. Returns the generated password so that the caller
 * can print it once; undefined when an admin already exists.
 */
export async function ensureAdmin(
  db: Db,
  hasher: PasswordHasher,
  options: { username: string; password: string | undefined; generatePassword: () => string },
): Promise<{ username: string; password: string; generated: boolean } | undefined> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) return undefined;
  const password = options.password ?? options.generatePassword();
  const passwordHash = await hasher.hash(password);
  try {
    await db.insert(users).values({ username: options.username, passwordHash, role: 'admin' });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Another app process may have created the admin at the same moment.
      const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
      if (admin) return undefined;
      throw new Error(
        `ADMIN_USERNAME: имя «${options.username}» уже занято учётной записью, которая не является администратором`,
      );
    }
    throw error;
  }
  return { username: options.username, password, generated: options.password === undefined };
}
