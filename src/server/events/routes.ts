import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventListQuerySchema, eventQueryMessages } from '../../shared/events';
import { idParam } from '../../shared/pagination';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { getPublicEvent, listPublicEvents } from './service';

export const eventRoutes: FastifyPluginAsyncZod<{ db: Db; calendar: Calendar }> = async (
  app,
  { db, calendar },
) => {
  /** An array, as the specification's client reads it; the total is in X-Total-Count. */
  app.get('/api/events', { schema: { querystring: eventListQuerySchema } }, async (request, reply) => {
    const { events, totalCount } = await listPublicEvents(db, calendar, request.query);
    reply.header('X-Total-Count', String(totalCount));
    return events;
  });

  app.get(
    '/api/events/:id',
    { schema: { params: z.object({ id: idParam(eventQueryMessages.eventId) }) } },
    async (request) => getPublicEvent(db, calendar, request.params.id),
  );
};
