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
        summary: "Decide on an organisation's profile",
        description: `Caller: an administrator (401 anonymous, 403 any other role). \`id\` is the organisation's
account: the \`id\` GET /api/admin/organizations/moderation lists.

Body \`{ status: 'approved' | 'rejected' | 'needs_changes', comment? }\` (comment up to 2000
characters); rejecting or asking for changes needs a non-blank comment ('Для отклонения или запроса
изменений необходимо указать комментарий'); no status: 'Выберите решение'.

200 \`{ message: 'Модерация выполнена' }\`; the organisation is notified. 400 'Некорректный номер
организации' for a malformed id. 400 'Нельзя одобрить: в профиле не заполнены: название, описание,
адрес, телефон, электронная почта' (only the missing ones) when approving an organisation whose profile
lacks a required field; nothing changes. 404 'Организация не найдена' for an account that has no organisation.`,
        tags: ['administration'],
        params: z.object({ id: idParam(moderationMessages.organisationId) }),
        body: moderationDecisionSchema,
        response: { 200: messageSchema, ...failures(400, 404) },
      },
    },
    async (request) => {
      await moderateOrganisation(db, currentUser(request).id, request.params.id, request.body);
      return { message: moderationMessages.done };
    },
  );
};
