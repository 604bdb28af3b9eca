import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformImpactSchema } from '../../shared/impact';
import type { Db } from '../db/client';
import { platformImpact } from './service';

export const impactRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/stats/impact',
    { config: { publicCache: {} }, schema: { response: { 200: platformImpactSchema } } },
    async () => platformImpact(db),
  );
};
