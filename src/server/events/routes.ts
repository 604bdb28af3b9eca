import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/auth';
import { eventInputSchema, eventStatusChangeSchema } from '../../shared/event-form';
import { eventListQuerySchema, eventQueryMessages } from '../../shared/events';
import { idParam } from '../../shared/pagination';
import { foundationOfUser } from '../accounts/organisation';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import {
  completeEvent,
  createEvent,
  deleteEvent,
  listOwnEvents,
  setEventStatus,
  updateEvent,
} from './manage';
import { getEventForViewer, listPublicEvents } from './service';

const eventIdParams = z.object({ id: idParam(eventQueryMessages.eventId) });

export const eventRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  const foundationOnly = requireRole('foundation');
  const write = { onRequest: foundationOnly, config: { rateLimit: writeRateLimit } };
  // A foundation also sees its own events that the public does not, so its answers are never shared.
  const publicCache = { skip: (request: FastifyRequest) => request.user?.role === 'foundation' };

  /** An array, as the specification's client reads it; the total is in X-Total-Count. */
  app.get(
    '/api/events',
    {
      config: { publicCache },
      schema: {
        querystring: eventListQuerySchema.extend({ foundation: z.enum(['true', 'false']).optional() }),
      },
    },
    async (request, reply) => {
      if (request.query.foundation === 'true') {
        // The caller's own events, every status included.
        await foundationOnly(request, reply);
        const own = await listOwnEvents(db, calendar, currentUser(request).id);
        reply.header('X-Total-Count', String(own.length));
        return own;
      }
      const { events, totalCount } = await listPublicEvents(db, calendar, request.query);
      reply.header('X-Total-Count', String(totalCount));
      return events;
    },
  );

  app.get(
    '/api/events/:id',
    { config: { publicCache }, schema: { params: eventIdParams } },
    async (request) => {
      const viewer =
        request.user?.role === 'foundation' ? await foundationOfUser(db, request.user.id) : undefined;
      return getEventForViewer(db, calendar, request.params.id, viewer?.id);
    },
  );

  app.post('/api/events', { ...write, schema: { body: eventInputSchema } }, async (request, reply) =>
    reply.status(201).send(await createEvent(db, calendar, currentUser(request).id, request.body)),
  );

  app.put(
    '/api/events/:id',
    { ...write, schema: { params: eventIdParams, body: eventInputSchema } },
    async (request) => updateEvent(db, calendar, currentUser(request).id, request.params.id, request.body),
  );

  app.patch(
    '/api/events/:id',
    {
      ...write,
      schema: { params: eventIdParams, body: eventStatusChangeSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (request.body.status === 'completed') {
        const { creditedHours } = await completeEvent(db, userId, request.params.id);
        return { message: `Мероприятие завершено. Начислено волонтёрских часов: ${creditedHours}` };
      }
      await setEventStatus(db, userId, request.params.id, request.body.status);
      return { message: 'Статус обновлен' };
    },
  );

  app.delete(
    '/api/events/:id',
    { ...write, schema: { params: eventIdParams, response: { 200: messageSchema } } },
    async (request) => {
      await deleteEvent(db, currentUser(request).id, request.params.id);
      return { message: 'Мероприятие удалено' };
    },
  );
};
