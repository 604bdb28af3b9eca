import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../auth/guards';
import type { Db } from '../db/client';
import { listOwnReports } from './service';

export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/foundation/reports', { preValidation: requireRole('foundation') }, async (request) =>
    listOwnReports(db, currentUser(request).id),
  );
};
