import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { accountMailKind, type MailKind, mailKinds, mailKindTexts } from '../../shared/notification-settings';
import { type Db, rowsOf } from '../db/client';
import { mailOutbox } from '../db/schema';
import { isLetterReference, type LetterReference, type MailMessage, type StoredMessage } from './outbox';
import { renderLetter } from './render';
import type { MailTransport } from './transport';
import { unsubscribeToken } from './unsubscribe-token';

/** Waits before the 2nd, 3rd… attempt: a minute, then longer, about a day in all before giving up. */
export const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000, 12 * 3600_000];
export const maxAttempts = retryDelaysMs.length + 1;
/**
 * How long a taken letter is another process's: one that dies while sending leaves it for this long,
 * then anyone sends it. The process sending it renews the lease every third of it for the letters it
 * still holds, so a slow SMTP conversation is never sent twice, and a dead process delays its letters
 * by a minute, not by the longest conversation there could be.
 */
export const sendingLeaseMs = 60_000;
/** Sent letters are kept this long, so that the administrator can see what went out, then removed. */
export const keepSentMs = 30 * 24 * 3600_000;
const batchSize = 20;

export interface DeliverySetting {
  transport: MailTransport;
  /** The site's address for the links. */
  origin: string;
  /** Signs the unsubscribe links (signing-key.ts). */
  signingKey: Buffer;
  /**
   * Words a letter queued as a LetterReference, from what the database holds now; undefined when there
   * is nothing left to tell of (the event was deleted since), and the letter is dropped.
   */
  word?: (db: Db, reference: LetterReference) => Promise<MailMessage | undefined>;
  /** The lease of a taken letter (ms); `sendingLeaseMs` unless a test shortens it. */
  leaseMs?: number;
}

interface DueLetter {
  id: number;
  user_id: number | null;
  kind: string;
  to_address: string;
  message: StoredMessage;
  attempts: number;
}

const isMailKind = (kind: string): kind is MailKind => (mailKinds as readonly string[]).includes(kind);

/**
 * Sends what is due, a batch at a time, until nothing is. A letter is taken with FOR UPDATE SKIP
 * LOCKED and leased in the same statement, so that two processes never take one letter; it is marked
 * sent only after the transport accepted it. A process that dies between the two leaves the lease to
 * run out and the letter is sent then: at least once, and twice only if it died in the moment between
 * the server's acceptance and the mark. Answers how many were sent.
 */
export async function deliverDueMail(db: Db, setting: DeliverySetting): Promise<number> {
  const leaseMs = setting.leaseMs ?? sendingLeaseMs;
  const lease = `${leaseMs} milliseconds`;
  let sent = 0;
  for (;;) {
    const due = await rowsOf<DueLetter>(
      db,
      sql`update ${mailOutbox} set attempts = attempts + 1,
            next_attempt_at = now() + ${lease}::interval
          where id in (
            select id from ${mailOutbox}
            where sent_at is null and failed_at is null and next_attempt_at <= now()
            order by next_attempt_at, id
            limit ${batchSize}
            for update skip locked
          )
          returning id, user_id, kind, to_address, message, attempts`,
    );
    if (due.length === 0) return sent;
    const held = new Set(due.map((letter) => letter.id));
    const heartbeat = setInterval(() => {
      // Only letters still held: one done has its own next attempt or is sent. A failed renewal (the
      // database away for a moment) leaves the lease to run out, and the letter is sent again later.
      const ids = [...held];
      if (ids.length === 0) return;
      db.update(mailOutbox)
        .set({ nextAttemptAt: sql`now() + ${lease}::interval` })
        .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)))
        .catch(() => {});
    }, leaseMs / 3);
    try {
      for (const letter of due) {
        if (await deliverOne(db, setting, letter)) sent += 1;
        held.delete(letter.id);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}

async function deliverOne(db: Db, setting: DeliverySetting, due: DueLetter): Promise<boolean> {
  const letter = await worded(db, setting, due);
  if (!letter) return false;
  const unsubscribe =
    letter.user_id !== null && isMailKind(letter.kind)
      ? {
          url: new URL(
            `/unsubscribe/${unsubscribeToken(setting.signingKey, letter.user_id, letter.kind)}`,
            setting.origin,
          ).toString(),
          oneClickUrl: new URL(
            `/api/unsubscribe/${unsubscribeToken(setting.signingKey, letter.user_id, letter.kind)}`,
            setting.origin,
          ).toString(),
          kindLabel: mailKindTexts[letter.kind].label,
        }
      : undefined;
  const rendered = renderLetter(letter.message, { origin: setting.origin, unsubscribe });
  try {
    await setting.transport.send({
      id: letter.id,
      to: letter.to_address,
      ...rendered,
      headers: unsubscribe
        ? {
            'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {},
    });
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    const givesUp = letter.attempts >= maxAttempts;
    await db
      .update(mailOutbox)
      .set(
        givesUp
          ? { lastError, failedAt: new Date() }
          : { lastError, nextAttemptAt: new Date(Date.now() + (retryDelaysMs[letter.attempts - 1] ?? 0)) },
      )
      .where(eq(mailOutbox.id, letter.id));
    return false;
  }
  await db
    .update(mailOutbox)
    .set({
      sentAt: new Date(),
      lastError: null,
      // A password reset link must not outlive its letter in the database: only the hash of the token is
      // kept (password_resets), so the sent letter keeps its subject and nothing else.
      ...(letter.kind === accountMailKind
        ? { message: { subject: letter.message.subject, paragraphs: [] } }
        : {}),
    })
    .where(eq(mailOutbox.id, letter.id));
  return true;
}

/**
 * The letter with its words: a LetterReference is worded now and the words kept in its row, so that a
 * retry sends the same letter and the administrator's list shows its subject.
 */
async function worded(
  db: Db,
  setting: DeliverySetting,
  due: DueLetter,
): Promise<(DueLetter & { message: MailMessage }) | undefined> {
  if (!isLetterReference(due.message)) return { ...due, message: due.message };
  const message = await setting.word?.(db, due.message);
  if (!message) {
    await db.delete(mailOutbox).where(eq(mailOutbox.id, due.id));
    return undefined;
  }
  await db.update(mailOutbox).set({ message }).where(eq(mailOutbox.id, due.id));
  return { ...due, message };
}

/** Removes letters sent longer ago than `keepSentMs`; failed ones stay until the administrator acts. */
export async function removeOldSentMail(db: Db): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, new Date(Date.now() - keepSentMs))));
}

/** What waits to be sent and what failed, for the administrator. */
export async function mailDeliveryState(db: Db) {
  const [counts] = await rowsOf<{ queued: number; sent_last_day: number }>(
    db,
    sql`select count(*) filter (where sent_at is null and failed_at is null)::int as queued,
               count(*) filter (where sent_at > now() - interval '1 day')::int as sent_last_day
        from ${mailOutbox}`,
  );
  const failed = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      toAddress: mailOutbox.toAddress,
      subject: sql<string>`${mailOutbox.message}->>'subject'`,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      failedAt: mailOutbox.failedAt,
    })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.failedAt))
    .orderBy(sql`${mailOutbox.failedAt} desc`, sql`${mailOutbox.id} desc`)
    .limit(100);
  return {
    queued: counts?.queued ?? 0,
    sentLastDay: counts?.sent_last_day ?? 0,
    failed: failed.map((row) => ({ ...row, failedAt: (row.failedAt as Date).toISOString() })),
  };
}

/** Gives a failed letter a fresh set of attempts; false when there is no failed letter of that id. */
export async function retryFailedMail(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ failedAt: null, attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(mailOutbox.id, id), isNotNull(mailOutbox.failedAt), isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}
