import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foundationListQuerySchema, foundationMessages } from '../../shared/foundations';
import { idParam } from '../../shared/pagination';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { getPublicFoundation, listPublicFoundations } from './service';
import { applicationStats, foundationStats } from './stats';

export const foundationRoutes: FastifyPluginAsyncZod<{ db: Db; calendar: Calendar }> = async (
  app,
  { db, calendar },
) => {
  app.get(
    '/api/foundations',
    { config: { publicCache: {} }, schema: { querystring: foundationListQuerySchema } },
    async (request) => listPublicFoundations(db, request.query),
  );

  app.get(
    '/api/foundations/:id',
    {
      config: { publicCache: {} },
      schema: { params: z.object({ id: idParam(foundationMessages.foundationId) }) },
    },
    async (request) => getPublicFoundation(db, calendar, request.params.id),
  );

  const foundationOnly = { onRequest: requireRole('foundation') };
  app.get('/api/foundation/stats', foundationOnly, async (request) =>
    foundationStats(db, currentUser(request).id),
  );
  app.get('/api/foundation/application-stats', foundationOnly, async (request) =>
    applicationStats(db, currentUser(request).id),
  );
  app.get('/api/foundation/applications-count', foundationOnly, async (request) => ({
    count: (await applicationStats(db, currentUser(request).id)).pendingApplications,
  }));
};
