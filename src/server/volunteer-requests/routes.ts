import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { idParam } from '../../shared/pagination';
import {
  volunteerRequestMessages as messages,
  schoolResponseDecisionSchema,
  schoolResponseInputSchema,
  volunteerRequestInputSchema,
  volunteerRequestListQuerySchema,
  volunteerRequestStatusSchema,
} from '../../shared/volunteer-requests';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import {
  changeRequestStatus,
  createRequest,
  getRequest,
  listRequests,
  processResponse,
  respond,
  type Viewer,
} from './service';

const requestParams = z.object({ id: idParam(messages.requestId) });
const responseParams = z.object({ id: idParam(messages.responseId) });
const viewerOf = (user: { id: number; role: string } | undefined): Viewer | undefined =>
  user ? { userId: user.id, role: user.role } : undefined;

export const volunteerRequestRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  const write = (role: 'foundation' | 'school') => ({
    onRequest: requireRole(role),
    config: { rateLimit: writeRateLimit },
  });

  app.get(
    '/api/volunteer-requests',
    {
      schema: {
        querystring: volunteerRequestListQuerySchema,
      },
    },
    async (request, reply) => {
      const { items, totalCount } = await listRequests(db, viewerOf(request.user), {
        foundationId: request.query.foundationId,
        page: request.query.page ?? 1,
        limit: request.query.limit ?? 100,
      });
      return reply.header('X-Total-Count', String(totalCount)).send(items);
    },
  );

  app.get('/api/volunteer-requests/:id', { schema: { params: requestParams } }, async (request) =>
    getRequest(db, viewerOf(request.user), request.params.id),
  );

  app.post(
    '/api/volunteer-requests',
    { ...write('foundation'), schema: { body: volunteerRequestInputSchema } },
    async (request, reply) =>
      reply.status(201).send(await createRequest(db, calendar, currentUser(request).id, request.body)),
  );

  app.patch(
    '/api/volunteer-requests/:id',
    { ...write('foundation'), schema: { params: requestParams, body: volunteerRequestStatusSchema } },
    async (request) =>
      changeRequestStatus(db, currentUser(request).id, request.params.id, request.body.status),
  );

  app.post(
    '/api/volunteer-requests/:id/respond',
    { ...write('school'), schema: { params: requestParams, body: schoolResponseInputSchema } },
    async (request, reply) =>
      reply.status(201).send(await respond(db, currentUser(request).id, request.params.id, request.body)),
  );

  app.put(
    '/api/school-responses/:id',
    {
      ...write('foundation'),
      schema: {
        params: responseParams,
        body: schoolResponseDecisionSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => processResponse(db, currentUser(request).id, request.params.id, request.body),
  );
};
