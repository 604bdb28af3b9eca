import { desc, eq } from 'drizzle-orm';
import { isOrganisationOf } from '../accounts/organisation';
import { foundations, mailOutbox, schools } from '../db/schema';
import type { MailMessage } from '../mail/outbox';
import { sessionCookieOf, signUp, type TestContext } from './test-app';

/** A school or foundation signed up through the API, as its owner, under `name`. */
export async function namedOrganisation(ctx: TestContext, role: 'school' | 'foundation', name: string) {
  const signedUp = await signUp(ctx.app, role);
  const table = role === 'school' ? schools : foundations;
  const [row] = await ctx.database.db
    .update(table)
    .set({ name })
    .where(isOrganisationOf(table, signedUp.user.id))
    .returning({ id: table.id });
  return { ...signedUp, organisationId: row?.id ?? 0 };
}

/**
 * A person invited into the owner's team with `role` and joined from the letter's link, as people do:
 * the session of their new account. The invitation and the joining are journal entries.
 */
export async function teammate(
  ctx: TestContext,
  ownerSid: string,
  role: 'coordinator' | 'viewer',
  username: string,
): Promise<string> {
  const email = `${username}@school.example`;
  const invited = await ctx.app.inject({
    method: 'POST',
    url: '/api/organisation/invitations',
    cookies: { sid: ownerSid },
    payload: { email, role },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const [letter] = await ctx.database.db
    .select({ message: mailOutbox.message })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = (letter?.message as MailMessage | undefined)?.action?.path.split('#')[1] ?? '';
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    payload: { token, username, password: 'secret123', confirmPassword: 'secret123' },
  });
  const sid = sessionCookieOf(accepted);
  if (accepted.statusCode !== 201 || !sid)
    throw new Error(`acceptance failed: ${accepted.statusCode} ${accepted.body}`);
  return sid;
}
