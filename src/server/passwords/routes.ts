import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../shared/answers';
import { commonErrors } from '../../shared/errors';
import {
  passwordMessages as messages,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  resetLettersPerHour,
  resetLinkCheckParamsSchema,
} from '../../shared/passwords';
import { currentUser, requireUser } from '../auth/guards';
import type { PasswordHasher } from '../auth/password';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { unauthorized } from '../http/errors';
import {
  changePassword,
  checkPasswordResetLink,
  confirmPasswordReset,
  requestPasswordReset,
} from './service';

export interface PasswordRoutesOptions {
  db: Db;
  calendar: Calendar;
  /** The sign-in hasher and its queue: checking and hashing a password wait their turn there. */
  hasherFor: (client: string) => PasswordHasher;
  /** Attempts per client address and route within the window, as for sign-in. */
  authRateLimit: { max: number; timeWindow: number };
}

/** The forms are tiny; anything bigger is refused before it is parsed. */
const bodyLimit = 4 * 1024;
const tags = ['accounts'];

export const passwordRoutes: FastifyPluginAsyncZod<PasswordRoutesOptions> = async (
  app,
  { db, calendar, hasherFor, authRateLimit },
) => {
  const rateLimit = { max: authRateLimit.max, timeWindow: authRateLimit.timeWindow };

  app.patch(
    '/api/password',
    {
      bodyLimit,
      onRequest: requireUser,
      config: { rateLimit },
      schema: {
        summary: "Change the signed-in account's password",
        description: `Caller: any signed-in account, the administrator too. Rate limit: 10 per minute per
address, as sign-in: the current password could otherwise be guessed here. At most 4 KB.

Body \`{ currentPassword, newPassword }\`; the new password follows the sign-up rules (6–200 characters).

200 \`{ message: '${messages.changed}' }\`: every other session of the account ends and its open reset
links are used up; this session stays.

400: '${messages.currentPassword}', '${messages.wrongCurrentPassword}' (nothing changes), 'Пароль должен
содержать минимум 6 символов'. 429 and 503 also when the password-hashing queue is full, as for POST
/api/login.`,
        tags,
        body: passwordChangeSchema,
        response: { 200: messageSchema, ...failures(401, 429, 503) },
      },
    },
    async (request) => {
      const { sessionId } = request;
      if (!sessionId) throw unauthorized(commonErrors.unauthorized);
      await changePassword(
        db,
        hasherFor(request.ip),
        calendar.now,
        { userId: currentUser(request).id, sessionId },
        request.body,
      );
      return { message: messages.changed };
    },
  );

  app.post(
    '/api/password-reset',
    {
      bodyLimit,
      // Writes links and letters, never an account or a session: remembered sessions stay.
      config: { rateLimit, leavesAccounts: true, publicChanges: writeChanges.nothingPublic },
      schema: {
        summary: 'Send a one-time link to set a new password',
        description: `Caller: anyone. Rate limit: 10 per minute per address; and at most ${resetLettersPerHour}
letters per account within an hour, beyond which a request silently sends nothing. At most 4 KB.

Body \`{ login }\`: a username, or the e-mail of a foundation's or school's profile, either regardless of
case. Every account it names that has an e-mail in its profile gets a letter there (several accounts
on one e-mail get one each) with a link to \`/reset-password#<token>\`, valid for one hour and once.

202 \`{ message: '${messages.resetRequested}' }\`, the same whether or not such an account exists or has an
e-mail.

400: '${messages.login}', '${messages.loginTooLong}'.`,
        tags,
        body: passwordResetRequestSchema,
        response: { 202: messageSchema, ...failures(429) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(db, calendar.now, request.body.login);
      return reply.status(202).send({ message: messages.resetRequested });
    },
  );

  app.get(
    '/api/password-reset-links/:token',
    {
      config: { rateLimit },
      schema: {
        summary: 'Say whether a reset link can still be used',
        description: `Caller: anyone; the reset page asks before it shows the form. Rate limit: 10 per minute per
address, as the reset itself: tokens cannot be guessed faster here. Uses nothing up; the token in the
address is scrubbed from the logs.

\`token\`: the token from the link (after '#').

200 \`{ message: '${messages.linkOpen}' }\`: the link is neither used nor expired.

404 '${messages.invalidLink}' for an unknown, used or expired link, whichever it is and whoever's it was;
400 the same message for a token that is not one at all.`,
        tags,
        params: resetLinkCheckParamsSchema,
        response: { 200: messageSchema, ...failures(404, 429) },
      },
    },
    async (request) => {
      await checkPasswordResetLink(db, calendar.now, request.params.token);
      return { message: messages.linkOpen };
    },
  );

  app.post(
    '/api/password-reset/confirm',
    {
      bodyLimit,
      config: { rateLimit },
      schema: {
        summary: 'Set a new password with the link from the letter',
        description: `Caller: anyone; the token is the proof. Rate limit: 10 per minute per address. At most 4 KB.

Body \`{ token, newPassword }\`: the token from the link (after '#'), the new password by the sign-up rules.

200 \`{ message: '${messages.resetDone}' }\`: the password is set, this link and every other open link of
the account are used up, and every session of the account ends; of two uses of one link at once, one
succeeds.

400 '${messages.invalidLink}' for an unknown, used or expired link (nothing changes); 'Пароль должен
содержать минимум 6 символов'. 429 and 503 also when the password-hashing queue is full.`,
        tags,
        body: passwordResetConfirmSchema,
        response: { 200: messageSchema, ...failures(429, 503) },
      },
    },
    async (request, reply) => {
      const userId = await confirmPasswordReset(db, hasherFor(request.ip), calendar.now, request.body);
      // Signed in as that very account in this browser: its session is gone with the others.
      if (request.user?.id === userId) reply.clearSessionCookie();
      return { message: messages.resetDone };
    },
  );
};
