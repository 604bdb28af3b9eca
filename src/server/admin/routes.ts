import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { moderationDecisionSchema, moderationMessages } from '../../shared/moderation';
import { idParam } from '../../shared/pagination';
import { currentUser, requireRole } from '../auth/guards';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { moderateOrganisation } from './moderation';

export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, writeRateLimit }) => {
  const adminOnly = requireRole('admin');

  app.patch(
    '/api/admin/organizations/:id/moderate',
    {
      onRequest: adminOnly,
      config: { rateLimit: writeRateLimit },
      schema: {
        params: z.object({ id: idParam(moderationMessages.organisationId) }),
        body: moderationDecisionSchema,
        response: { 200: messageSchema, ...failures(404) },
      },
    },
    async (request) => {
      await moderateOrganisation(db, currentUser(request).id, request.params.id, request.body);
      return { message: moderationMessages.done };
    },
  );
};
