import { eq, inArray, sql } from 'drizzle-orm';
import { accountMailKind, type MailKind } from '../../shared/notification-settings';
import type { DbOrTx } from '../db/client';
import { foundations, mailOutbox, schools, users } from '../db/schema';

/**
 * What an e-mail says, stored in the outbox and drawn into HTML and plain text only when sent
 * (src/server/mail/render.ts), so that the site's address and the unsubscribe link are those of the
 * sending process. `action.path` is a path on the site ('/school-applications'), made absolute then.
 */
export interface MailMessage {
  subject: string;
  /** The text, one paragraph each. */
  paragraphs: string[];
  /** Label and value lines under the text: «Дата», «Адрес», «Контакт». */
  details?: { label: string; value: string }[];
  action?: { label: string; path: string };
}

export interface QueuedMail {
  /** The account it is for: its organisation's e-mail, unless it turned `kind` off. */
  userId: number;
  kind: MailKind;
  message: MailMessage;
}

/**
 * Queues e-mail inside the caller's transaction, so that it exists only if the change does, and is sent
 * after the commit by the outbox worker. Accounts without an e-mail in their profile, and those that
 * turned the kind off, are skipped here: nothing to send, nothing to fail.
 */
export async function queueMail(db: DbOrTx, items: QueuedMail[]): Promise<void> {
  if (items.length === 0) return;
  const userIds = [...new Set(items.map((item) => item.userId))];
  const recipients = await db
    .select({
      userId: users.id,
      optOuts: users.mailOptOuts,
      email: sql<string | null>`coalesce(${foundations.email}, ${schools.email})`,
    })
    .from(users)
    .leftJoin(foundations, eq(foundations.userId, users.id))
    .leftJoin(schools, eq(schools.userId, users.id))
    .where(inArray(users.id, userIds));
  const byUser = new Map(recipients.map((recipient) => [recipient.userId, recipient]));
  const rows = items.flatMap((item) => {
    const recipient = byUser.get(item.userId);
    const address = recipient?.email?.trim();
    if (!recipient || !address || recipient.optOuts.includes(item.kind)) return [];
    return [{ userId: item.userId, kind: item.kind, toAddress: address, message: item.message }];
  });
  if (rows.length > 0) await db.insert(mailOutbox).values(rows);
}

/** Mail about the account itself (a password reset link): to the given address, whatever the settings. */
export async function queueAccountMail(
  db: DbOrTx,
  mail: { userId: number; toAddress: string; message: MailMessage },
): Promise<void> {
  await db.insert(mailOutbox).values({ ...mail, kind: accountMailKind });
}
