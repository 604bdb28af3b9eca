import { type SQL, sql } from 'drizzle-orm';
import { accountMailKind, type MailKind } from '../../shared/notification-settings';
import { peopleOfRecipient, type Recipient, recipientColumns } from '../accounts/organisation';
import type { DbOrTx } from '../db/client';
import { foundations, mailOutbox, organisationMembers, schools, users } from '../db/schema';

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

/**
 * A letter for a person, or for each member of an organisation: to the person's own address, or their
 * organisation's when they have none, unless they turned `kind` off.
 */
export type QueuedMail = Recipient & {
  kind: MailKind;
  message: MailMessage;
};

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
    items.map((item) => ({ ...recipientColumns(item), kind: item.kind, message: item.message })),
  );
  return sql`
    insert into ${mailOutbox} (user_id, kind, to_address, message)
    select person.user_id, wanted.kind, ${addressOfPerson}, wanted.message
    from rows from (jsonb_to_recordset(${wanted}::jsonb)
      as (user_id integer, school_id integer, foundation_id integer, kind text, message jsonb))
      with ordinality as wanted(user_id, school_id, foundation_id, kind, message, position)
    ${peopleOfRecipient(sql`wanted`)}
    ${organisationOfPerson}
    where ${addressOfPerson} <> ''
      and not (wanted.kind = any(${users.mailOptOuts}))
      and (${onlyIf})
    order by wanted.position, person.user_id`;
}

/** A person's account and organisation, joined to `person(user_id)`, for the address letters go to. */
const organisationOfPerson = sql`
    join ${users} on ${users.id} = person.user_id
    left join ${organisationMembers} on ${organisationMembers.userId} = ${users.id}
    left join ${foundations} on ${foundations.id} = ${organisationMembers.foundationId}
    left join ${schools} on ${schools.id} = ${organisationMembers.schoolId}`;

/** Their own address, else their organisation's; '' when neither has one. */
const addressOfPerson = sql`coalesce(nullif(trim(${users.email}), ''), trim(coalesce(${foundations.email}, ${schools.email})), '')`;

/**
 * Queues letters of `kind` from `rows`, a SELECT of `user_id` (the recipient person) and `message`
 * (a LetterReference built with jsonb_build_object), as part of a write's own statement: with the same
 * rules as queueMail (the person's address, the kind not turned off).
 */
export function queueReferencedMailStatement(kind: MailKind, rows: SQL): SQL {
  return sql`
    insert into ${mailOutbox} (user_id, kind, to_address, message)
    select person.user_id, ${kind}, ${addressOfPerson}, letters.message
    from (${rows}) as letters(user_id, message)
    join lateral (select letters.user_id) as person(user_id) on true
    ${organisationOfPerson}
    where ${addressOfPerson} <> ''
      and not (${kind} = any(${users.mailOptOuts}))`;
}

/**
 * Mail about an account itself (a password reset link, an invitation to a team): to the given address,
 * whatever the settings. `userId` is null for a person who has no account yet.
 */
export async function queueAccountMail(
  db: DbOrTx,
  mail: { userId: number | null; toAddress: string; message: MailMessage },
): Promise<void> {
  await db.insert(mailOutbox).values({ ...mail, kind: accountMailKind });
}
