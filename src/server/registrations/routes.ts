import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/auth';
import { eventQueryMessages } from '../../shared/events';
import { idParam } from '../../shared/pagination';
import {
  applicationDecisionSchema,
  registrationInputSchema,
  registrationMessages,
} from '../../shared/registrations';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { cancelApplication, decideApplication, isOrganizer, register, registrationStatus } from './service';

const eventParams = z.object({ id: idParam(eventQueryMessages.eventId) });
const applicationParams = z.object({ id: idParam(registrationMessages.applicationId) });

export const registrationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  const schoolWrite = { preValidation: requireRole('school'), config: { rateLimit: writeRateLimit } };

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
      preValidation: requireRole('foundation'),
      config: { rateLimit: writeRateLimit },
      schema: {
        params: applicationParams,
        body: applicationDecisionSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => decideApplication(db, currentUser(request).id, request.params.id, request.body),
  );
};
