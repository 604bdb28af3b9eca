import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { mailDeliveryMessages, mailDeliveryStateSchema } from '../../shared/mail-delivery';
import { idParam } from '../../shared/pagination';
import { requireRole } from '../auth/guards';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { HttpError } from '../http/errors';
import { mailDeliveryState, retryFailedMail } from './delivery';

export const mailDeliveryRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, writeRateLimit }) => {
  const adminOnly = requireRole('admin');

  app.get(
    '/api/admin/mail',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'The outbox: letters waiting and letters that failed',
        description: `Caller: an administrator (401 anonymous, 403 any other role).

200 \`{ queued, sentLastDay, failed: [{ id, kind, toAddress, subject, attempts, lastError, failedAt }] }\`:
\`failed\` lists, newest first and at most 100, the letters the worker gave up on after its last attempt
(about a day of retries), with the last error the mail server gave.`,
        tags: ['administration'],
        response: { 200: mailDeliveryStateSchema },
      },
    },
    async () => mailDeliveryState(db),
  );

  app.post(
    '/api/admin/mail/:id/retry',
    {
      onRequest: adminOnly,
      config: {
        rateLimit: writeRateLimit,
        leavesAccounts: true as const,
        publicChanges: writeChanges.nothingPublic,
      },
      schema: {
        summary: 'Send a failed letter again',
        description: `Caller: an administrator (401 anonymous, 403 any other role). Puts a failed letter back into the
outbox with a fresh set of attempts; the worker sends it within seconds.

200 \`{ message: '${mailDeliveryMessages.retried}' }\`. 404 '${mailDeliveryMessages.notFailed}' for a letter that
is not among the failed ones (sent, still queued or unknown).`,
        tags: ['administration'],
        params: z.object({ id: idParam(mailDeliveryMessages.letterId) }),
        response: { 200: messageSchema, ...failures(404) },
      },
    },
    async (request) => {
      if (!(await retryFailedMail(db, request.params.id)))
        throw new HttpError(404, mailDeliveryMessages.notFailed);
      return { message: mailDeliveryMessages.retried };
    },
  );
};
