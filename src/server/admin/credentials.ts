import { and, eq } from 'drizzle-orm';
import { type AdminCredentialsInput, adminMessages as messages } from '../../shared/admin';
import { authErrors, commonErrors } from '../../shared/errors';
import type { PasswordHasher } from '../auth/password';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { badRequest, conflict, isUniqueViolation, unauthorized } from '../http/errors';

/**
 * The administrator changes their own name, password or both after proving the current password.
 * Every session of the account ends, the current one included: the panel signs in again.
 */
export async function updateAdminCredentials(
  db: Db,
  hasher: PasswordHasher,
  adminId: number,
  input: AdminCredentialsInput,
): Promise<void> {
  const [admin] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, adminId), eq(users.role, 'admin')));
  if (!admin) throw unauthorized(commonErrors.unauthorized);
  if (!(await hasher.verify(input.currentPassword, admin.passwordHash))) {
    throw badRequest(messages.wrongCurrentPassword);
  }

  // Hashed before the transaction: scrypt is slow on purpose and must not hold the row lock.
  const changes = {
    ...(input.newUsername !== undefined ? { username: input.newUsername } : {}),
    ...(input.newPassword !== undefined ? { passwordHash: await hasher.hash(input.newPassword) } : {}),
  };
  try {
    await db.transaction(async (tx) => {
      // The stored hash is part of the WHERE: a password changed meanwhile by another tab means the
      // current password just checked is no longer current.
      const updated = await tx
        .update(users)
        .set(changes)
        .where(and(eq(users.id, adminId), eq(users.passwordHash, admin.passwordHash)))
        .returning({ id: users.id });
      if (updated.length === 0) throw badRequest(messages.wrongCurrentPassword);
      await tx.delete(sessions).where(eq(sessions.userId, adminId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authErrors.usernameTaken);
    throw error;
  }
}
