import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsMessages } from '../../shared/news';
import { newsItemSchema } from '../../shared/news-answers';
import { idParam } from '../../shared/pagination';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { cachedAnswerShows } from '../http/cache-rules';
import { getPublishedNews, listPublishedNews } from './service';

const tags = ['news'];

export const newsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/news',
    {
      config: { publicCache: { dependsOn: cachedAnswerShows.news } },
      schema: {
        summary: 'The newest published news',
        description: `Caller: anyone; kept in the public read cache until the next write. 200: the newest 100
published items, newest first: \`{ id, title, content, category ('news' | 'success'), image, createdAt,
foundation: { id, name, location } | null }\`. Drafts never appear.`,
        tags,
        response: { 200: z.array(newsItemSchema) },
      },
    },
    async () => listPublishedNews(db),
  );

  app.get(
    '/api/news/:id',
    {
      config: { publicCache: { dependsOn: cachedAnswerShows.news } },
      schema: {
        summary: 'One published news item',
        description: `Caller: anyone. 200: one published item, as in the list (its page /news/{id} is drawn
from it). 400 'Некорректный номер новости'; 404 'Новость не найдена' (also for a draft).`,
        tags,
        params: z.object({ id: idParam(newsMessages.newsId) }),
        response: { 200: newsItemSchema, ...failures(404) },
      },
    },
    async (request) => getPublishedNews(db, request.params.id),
  );
};
