import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { eventQueryMessages } from '../../shared/events';
import { idParam, pageQuery } from '../../shared/pagination';
import {
  applicationDecisionSchema,
  applicationStatusFilters,
  registrationInputSchema,
  registrationMessages,
} from '../../shared/registrations';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import {
  deleteArchiveEntry,
  foundationEventWithApplications,
  listCompletedEvents,
  listFoundationApplications,
  listFoundationApproved,
  listSchoolApplications,
} from './lists';
import { cancelApplication, decideApplication, isOrganizer, register, registrationStatus } from './service';

const eventParams = z.object({ id: idParam(eventQueryMessages.eventId) });
const applicationParams = z.object({ id: idParam(registrationMessages.applicationId) });

export const registrationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  // Applications never touch accounts or sessions, so signed-in users stay remembered (announce-changes.ts).
  const config = { rateLimit: writeRateLimit, leavesAccounts: true as const };
  const schoolWrite = { onRequest: requireRole('school'), config };

  app.get('/api/events/:id/registration-status', { schema: { params: eventParams } }, async (request) =>
    registrationStatus(db, request.user?.id, request.params.id),
  );

  app.get('/api/events/:id/permissions', { schema: { params: eventParams } }, async (request) => ({
    isOrganizer: await isOrganizer(db, request.user?.id, request.params.id),
  }));

  app.post(
    '/api/events/:id/register',
    { ...schoolWrite, schema: { params: eventParams, body: registrationInputSchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await register(db, calendar, currentUser(request).id, request.params.id, request.body)),
  );

  app.post(
    '/api/events/:id/cancel-registration',
    { ...schoolWrite, schema: { params: eventParams, response: { 200: messageSchema } } },
    async (request) => {
      await cancelApplication(db, currentUser(request).id, { eventId: request.params.id });
      return { message: registrationMessages.cancelled };
    },
  );

  app.delete(
    '/api/applications/:id',
    { ...schoolWrite, schema: { params: applicationParams, response: { 200: messageSchema } } },
    async (request) => {
      await cancelApplication(db, currentUser(request).id, { applicationId: request.params.id });
      return { message: registrationMessages.cancelled };
    },
  );

  app.patch(
    '/api/foundation/applications/:id',
    {
      onRequest: requireRole('foundation'),
      config,
      schema: {
        params: applicationParams,
        body: applicationDecisionSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => decideApplication(db, currentUser(request).id, request.params.id, request.body),
  );

  const school = { onRequest: requireRole('school') };
  const foundation = { onRequest: requireRole('foundation') };

  app.get('/api/my-registrations', school, async (request) =>
    listSchoolApplications(db, currentUser(request).id),
  );
  app.get('/api/school/approved-applications', school, async (request) =>
    listSchoolApplications(db, currentUser(request).id, true),
  );
  app.get('/api/school/completed-events', school, async (request) =>
    listCompletedEvents(db, currentUser(request).id),
  );
  app.delete(
    '/api/school/archive/:id',
    {
      ...schoolWrite,
      schema: {
        params: z.object({ id: idParam('Некорректный номер записи архива') }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteArchiveEntry(db, currentUser(request).id, request.params.id);
      return { message: 'Успешно удалено' };
    },
  );

  app.get(
    '/api/foundation/applications',
    {
      ...foundation,
      schema: {
        querystring: z.object({
          status: z.enum(applicationStatusFilters, { error: 'Некорректный фильтр статуса' }).default('all'),
          page: pageQuery.page.default(1),
          limit: pageQuery.limit.default(10),
        }),
      },
    },
    async (request) =>
      listFoundationApplications(db, currentUser(request).id, {
        status: request.query.status,
        page: request.query.page ?? 1,
        limit: request.query.limit ?? 10,
      }),
  );
  app.get('/api/foundation/approved-applications', foundation, async (request) =>
    listFoundationApproved(db, currentUser(request).id),
  );
  app.get(
    '/api/foundation/events/:eventId',
    { ...foundation, schema: { params: z.object({ eventId: idParam(eventQueryMessages.eventId) }) } },
    async (request) => foundationEventWithApplications(db, currentUser(request).id, request.params.eventId),
  );
};
