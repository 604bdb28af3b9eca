import { type SQL, sql } from 'drizzle-orm';
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

/**
 * A letter a write queues by what happened rather than by its words: the one statement of a benchmarked
 * write (an application, a cancellation) cannot draw Russian text, so it stores the facts it holds
 * (`letter` names which letter, the rest are its ids and numbers) and the worker words it when it sends,
 * reading the rest (the event's day and place) then; see DeliverySetting.word.
 */
export interface LetterReference {
  letter: string;
  [fact: string]: unknown;
}

/** What an outbox row holds: the letter's words, or what happened for the worker to word. */
export type StoredMessage = MailMessage | LetterReference;

export const isLetterReference = (message: StoredMessage): message is LetterReference => 'letter' in message;

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
  await db.execute(queueMailStatement(items));
}

/**
 * The one statement queueMail runs, for a write that must stay one round trip: placed in a WITH of
 * the write's own statement, with `onlyIf` naming the write's outcome (`exists (select 1 from outcome
 * where …)`), the letters exist exactly when the write happened.
 */
export function queueMailStatement(items: QueuedMail[], onlyIf: SQL = sql`true`): SQL {
  const wanted = JSON.stringify(
    items.map((item) => ({ user_id: item.userId, kind: item.kind, message: item.message })),
  );
  return sql`
    insert into ${mailOutbox} (user_id, kind, to_address, message)
    select wanted.user_id, wanted.kind, trim(coalesce(${foundations.email}, ${schools.email})), wanted.message
    from rows from (jsonb_to_recordset(${wanted}::jsonb) as (user_id integer, kind text, message jsonb))
      with ordinality as wanted(user_id, kind, message, position)
    join ${users} on ${users.id} = wanted.user_id
    left join ${foundations} on ${foundations.userId} = ${users.id}
    left join ${schools} on ${schools.userId} = ${users.id}
    where trim(coalesce(${foundations.email}, ${schools.email}, '')) <> ''
      and not (wanted.kind = any(${users.mailOptOuts}))
      and (${onlyIf})
    order by wanted.position`;
}

/**
 * Queues letters of `kind` from `rows`, a SELECT of `user_id` (the recipient account) and `message`
 * (a LetterReference built with jsonb_build_object), as part of a write's own statement: with the same
 * rules as queueMail (the account's e-mail, the kind not turned off).
 */
export function queueReferencedMailStatement(kind: MailKind, rows: SQL): SQL {
  return sql`
    insert into ${mailOutbox} (user_id, kind, to_address, message)
    select ${users.id}, ${kind}, trim(coalesce(${foundations.email}, ${schools.email})), letters.message
    from (${rows}) as letters(user_id, message)
    join ${users} on ${users.id} = letters.user_id
    left join ${foundations} on ${foundations.userId} = ${users.id}
    left join ${schools} on ${schools.userId} = ${users.id}
    where trim(coalesce(${foundations.email}, ${schools.email}, '')) <> ''
      and not (${kind} = any(${users.mailOptOuts}))`;
}

/** Mail about the account itself (a password reset link): to the given address, whatever the settings. */
export async function queueAccountMail(
  db: DbOrTx,
  mail: { userId: number; toAddress: string; message: MailMessage },
): Promise<void> {
  await db.insert(mailOutbox).values({ ...mail, kind: accountMailKind });
}
