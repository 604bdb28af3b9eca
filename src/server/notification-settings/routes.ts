import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors } from '../../shared/errors';
import {
  mailKindsFor,
  mailKindTexts,
  notificationSettingsMessages as messages,
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  unsubscribeAnswerSchema,
} from '../../shared/notification-settings';
import { currentUser, requirePerson } from '../auth/guards';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { HttpError } from '../http/errors';
import { unsubscribeTokenPattern } from '../mail/unsubscribe-token';
import { isOneClickBody, oneClickContentTypes } from './one-click';
import { notificationSettings, setSubscriptionByToken, updateNotificationSettings } from './service';

const tags = ['notification-settings'];

const kindList = (role: 'foundation' | 'school') =>
  mailKindsFor(role)
    .map((kind) => `\`${kind}\` (${mailKindTexts[kind].label})`)
    .join(', ');

const tokenParams = z.object({
  token: z
    .string({ error: messages.invalidUnsubscribeLink })
    .max(100, messages.invalidUnsubscribeLink)
    .regex(unsubscribeTokenPattern, messages.invalidUnsubscribeLink),
});

export const notificationSettingsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, writeRateLimit }) => {
  // The administrator has no organisation, so no e-mail to send to and nothing to set.
  const organisation = { onRequest: requirePerson('foundation', 'school') };

  app.get(
    '/api/notification-settings',
    {
      ...organisation,
      schema: {
        summary: 'Which e-mails the signed-in organisation gets, and where',
        description: `Caller: a foundation or a school (401 anonymous, 403 for other roles). 200 \`{ email, kinds }\`:
\`email\` is the organisation's e-mail from its profile, where every letter goes (null when the profile has
none: nothing is sent then); \`kinds\` lists every kind of e-mail that reaches the role, in this order, with
\`enabled\` (every kind is on until turned off). A foundation: ${kindList('foundation')}. A school:
${kindList('school')}.`,
        tags,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => notificationSettings(db, currentUser(request)),
  );

  app.put(
    '/api/notification-settings',
    {
      ...organisation,
      config: {
        rateLimit: writeRateLimit,
        leavesAccounts: true as const,
        publicChanges: writeChanges.nothingPublic,
      },
      schema: {
        summary: 'Turn kinds of e-mail on or off',
        description: `Caller: a foundation or a school (401 anonymous, 403 for other roles). Body \`{ kinds: [{ kind,
enabled }] }\`: the kinds named are turned on or off, the others stay as they were. 200: the settings as GET
answers them. 400 '${messages.kindNotForRole('applications')}' for a kind that does not reach the caller's
role, and a like message for a kind named twice; nothing is changed then.`,
        tags,
        body: notificationSettingsInputSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => updateNotificationSettings(db, currentUser(request), request.body),
  );

  const tokenAnswer = `\`token\` is the last part of the letter's link. 200 \`{ kind, label }\`: the kind and its
Russian name. 400 or 404 '${messages.invalidUnsubscribeLink}' for a malformed or a forged token (nothing
changes). No session is needed: the token, signed by the server, names the account and the kind.`;

  // Mail providers send the one-click unsubscribe of RFC 8058 as a form, which no other route reads: the
  // parsers for it live in this route's own context and take nothing but that one field. Such a POST
  // comes from the provider's server, without Origin or a cookie, and origin-check.ts lets requests
  // without Origin through; the token, not a session, is what authorises the change.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      [...oneClickContentTypes],
      { parseAs: 'string', bodyLimit: 1024 },
      (request, body, done) => {
        // parseAs 'string' hands over a string; Fastify's types do not narrow to it.
        if (isOneClickBody(request.headers['content-type'] ?? '', body as string)) done(null, {});
        else done(new HttpError(415, commonErrors.unsupportedMediaType), undefined);
      },
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/api/unsubscribe/:token',
      {
        config: {
          rateLimit: writeRateLimit,
          leavesAccounts: true as const,
          publicChanges: writeChanges.nothingPublic,
        },
        schema: {
          summary: "Turn off a kind of e-mail from a letter's one-click link",
          description: `Caller: anyone holding the link; the address of every letter's \`List-Unsubscribe\` header
and the action of its footer link's page. Body: none, JSON, or the one field \`List-Unsubscribe=One-Click\` of RFC 8058
as multipart/form-data or application/x-www-form-urlencoded (the only form bodies taken). ${tokenAnswer} Repeating it changes nothing.`,
          tags,
          params: tokenParams,
          response: { 200: unsubscribeAnswerSchema, ...failures(404) },
        },
      },
      async (request) => setSubscriptionByToken(db, request.params.token, false),
    );
  });

  app.delete(
    '/api/unsubscribe/:token',
    {
      config: {
        rateLimit: writeRateLimit,
        leavesAccounts: true as const,
        publicChanges: writeChanges.nothingPublic,
      },
      schema: {
        summary: 'Undo an unsubscribe: turn the kind of e-mail back on',
        description: `Caller: anyone holding the link (the unsubscribe page's «Вернуть подписку»). ${tokenAnswer}`,
        tags,
        params: tokenParams,
        response: { 200: unsubscribeAnswerSchema, ...failures(404) },
      },
    },
    async (request) => setSubscriptionByToken(db, request.params.token, true),
  );
};
