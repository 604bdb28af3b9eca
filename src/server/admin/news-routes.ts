import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminNewsInputSchema,
  adminNewsItemSchema,
  adminNewsQuerySchema,
  adminNewsMessages as messages,
} from '../../shared/admin-news';
import { messageSchema } from '../../shared/answers';
import { idParam } from '../../shared/pagination';
import { requireRole } from '../auth/guards';
import type { Db } from '../db/client';
import { createAdminNews, deleteAdminNews, listAdminNews, updateAdminNews } from './news';

const newsParams = z.object({ id: idParam(messages.newsId) });
const defaultPageSize = 20;

/** The administrator's news (working-areas.md sections 2 and 7): drafts and published items alike. */
export const adminNewsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, writeRateLimit }) => {
  const adminOnly = { onRequest: requireRole('admin') };
  const adminWrite = { ...adminOnly, config: { rateLimit: writeRateLimit } };

  app.get(
    '/api/admin/news',
    {
      ...adminOnly,
      schema: { querystring: adminNewsQuerySchema, response: { 200: z.array(adminNewsItemSchema) } },
    },
    async (request, reply) => {
      const { category, search, page, limit } = request.query;
      const { items, totalCount } = await listAdminNews(db, {
        category,
        search,
        page: page ?? 1,
        limit: limit ?? defaultPageSize,
      });
      return reply.header('X-Total-Count', String(totalCount)).send(items);
    },
  );

  app.post(
    '/api/admin/news',
    {
      ...adminWrite,
      schema: { body: adminNewsInputSchema, response: { 201: adminNewsItemSchema } },
    },
    async (request, reply) => reply.status(201).send(await createAdminNews(db, request.body)),
  );

  app.put(
    '/api/admin/news/:id',
    {
      ...adminWrite,
      schema: { params: newsParams, body: adminNewsInputSchema, response: { 200: adminNewsItemSchema } },
    },
    async (request) => updateAdminNews(db, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/news/:id',
    { ...adminWrite, schema: { params: newsParams, response: { 200: messageSchema } } },
    async (request) => {
      await deleteAdminNews(db, request.params.id);
      return { message: messages.deleted };
    },
  );
};
