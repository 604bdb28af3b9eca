import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsMessages } from '../../shared/news';
import { idParam } from '../../shared/pagination';
import type { Db } from '../db/client';
import { getPublishedNews, listPublishedNews } from './service';

export const newsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/news', { config: { publicCache: {} } }, async () => listPublishedNews(db));

  app.get(
    '/api/news/:id',
    { config: { publicCache: {} }, schema: { params: z.object({ id: idParam(newsMessages.newsId) }) } },
    async (request) => getPublishedNews(db, request.params.id),
  );
};
