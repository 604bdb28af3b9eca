import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MailKind, mailKinds } from '../../shared/notification-settings';

/**
 * The token of a one-click unsubscribe link: which account turns off which kind of mail, signed with
 * the database's mail key (signing-key.ts), so that it works without signing in and cannot be forged
 * for another account. It never expires: a letter's link must work whenever it is clicked.
 */
const signatureOf = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);

export function unsubscribeToken(key: Buffer, userId: number, kind: MailKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${signatureOf(key, payload)}`;
}

/** The shape of every token `unsubscribeToken` makes: the account, the kind and 32 characters of signature. */
export const unsubscribeTokenPattern = /^(\d{1,10})\.([A-Za-z]{1,40})\.([\w-]{32})$/;

/** The account and kind a token names, or undefined for anything not signed with this key. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { userId: number; kind: MailKind } | undefined {
  const match = unsubscribeTokenPattern.exec(token);
  if (!match) return undefined;
  const [, id = '', kind = '', signature = ''] = match;
  const expected = Buffer.from(signatureOf(key, `${id}.${kind}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (!(mailKinds as readonly string[]).includes(kind)) return undefined;
  return { userId: Number(id), kind: kind as MailKind };
}
