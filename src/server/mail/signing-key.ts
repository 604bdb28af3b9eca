import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appState } from '../db/schema';

/** Its row in app_state; a restore from another site replaces it (operations/backup.ts). */
export const mailSigningKeyName = 'mail_signing_key';

/**
 * The key that signs unsubscribe links, made once per database and kept in it, so that every process
 * on the database and every restart agrees on it and a link in a year-old letter still works.
 */
export async function mailSigningKey(db: Db): Promise<Buffer> {
  await db
    .insert(appState)
    .values({ key: mailSigningKeyName, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, mailSigningKeyName));
  if (!row) throw new Error('mail signing key missing after insert');
  return Buffer.from(row.value, 'base64url');
}
