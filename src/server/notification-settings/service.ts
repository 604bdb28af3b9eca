import { eq, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth';
import { commonErrors } from '../../shared/errors';
import {
  type MailKind,
  mailKindsFor,
  mailKindTexts,
  notificationSettingsMessages as messages,
  type NotificationSettings,
  type NotificationSettingsInput,
  type UnsubscribeAnswer,
} from '../../shared/notification-settings';
import type { Db } from '../db/client';
import { foundations, organisationMembers, schools, users } from '../db/schema';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { mailSigningKey } from '../mail/signing-key';
import { readUnsubscribeToken } from '../mail/unsubscribe-token';

type Account = Pick<SessionUser, 'id' | 'role'>;

/** Where the account's mail goes and which kinds it gets, as the dashboard shows them. */
export async function notificationSettings(db: Db, account: Account): Promise<NotificationSettings> {
  const [row] = await db
    .select({
      optOuts: users.mailOptOuts,
      // The same address queueMail sends to (mail/outbox.ts): the person's own, else their organisation's;
      // blank counts as none.
      email: sql<string | null>`coalesce(nullif(btrim(${users.email}), ''),
        nullif(btrim(coalesce(${foundations.email}, ${schools.email})), ''))`,
    })
    .from(users)
    .leftJoin(organisationMembers, eq(organisationMembers.userId, users.id))
    .leftJoin(foundations, eq(foundations.id, organisationMembers.foundationId))
    .leftJoin(schools, eq(schools.id, organisationMembers.schoolId))
    .where(eq(users.id, account.id));
  // The account was deleted while the request ran: its session is gone with it.
  if (!row) throw unauthorized(commonErrors.unauthorized);
  return {
    email: row.email,
    kinds: mailKindsFor(account.role).map((kind) => ({ kind, enabled: !row.optOuts.includes(kind) })),
  };
}

/**
 * The opt-outs with `off` added and `on` removed, computed by the database from the stored value, so
 * that a settings save and an unsubscribe link clicked at the same moment each keep the other's change.
 */
function optOutsWith(off: readonly MailKind[], on: readonly MailKind[]): SQL {
  const list = (kinds: readonly MailKind[]) =>
    sql`array[${sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )}]::text[]`;
  return sql`array(select distinct kind from unnest(${users.mailOptOuts} || ${list(off)}) as kind
    where kind <> all(${list(on)}) order by kind)`;
}

/** Turns the kinds named on or off; the ones not named stay as they were. */
export async function updateNotificationSettings(
  db: Db,
  account: Account,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const reaching = mailKindsFor(account.role);
  const named = new Set<MailKind>();
  for (const { kind } of input.kinds) {
    if (!reaching.includes(kind)) throw badRequest(messages.kindNotForRole(kind));
    if (named.has(kind)) throw badRequest(messages.repeatedKind(kind));
    named.add(kind);
  }
  const off = input.kinds.filter((item) => !item.enabled).map((item) => item.kind);
  const on = input.kinds.filter((item) => item.enabled).map((item) => item.kind);
  await db
    .update(users)
    .set({ mailOptOuts: optOutsWith(off, on) })
    .where(eq(users.id, account.id));
  return notificationSettings(db, account);
}

/**
 * Turns off (or, from the page's «Вернуть подписку», back on) the kind an unsubscribe link names, for
 * the account it names. The link is its own authority: no session is asked for.
 */
export async function setSubscriptionByToken(
  db: Db,
  token: string,
  subscribed: boolean,
): Promise<UnsubscribeAnswer> {
  const named = readUnsubscribeToken(await mailSigningKey(db), token);
  if (!named) throw notFound(messages.invalidUnsubscribeLink);
  const updated = await db
    .update(users)
    .set({ mailOptOuts: subscribed ? optOutsWith([], [named.kind]) : optOutsWith([named.kind], []) })
    .where(eq(users.id, named.userId))
    .returning({ id: users.id });
  // A genuine link of an account deleted since: nothing left to unsubscribe.
  if (updated.length === 0) throw notFound(messages.invalidUnsubscribeLink);
  return { kind: named.kind, label: mailKindTexts[named.kind].label };
}
