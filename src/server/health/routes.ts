import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';

export const healthMessages = { unavailable: 'База данных недоступна' } as const;

/**
 * GET /api/health for load balancers and monitoring: 200 while the database answers a query, 503
 * otherwise, so a node that lost its database is taken out of rotation.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/api/health', async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database query failed');
      return reply.status(503).send({ message: healthMessages.unavailable });
    }
  });
};
