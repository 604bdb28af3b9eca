import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsMessages, newsPageSize, newsPreviewLength } from '../../shared/news';
import { newsItemSchema, newsListQuerySchema, newsPreviewSchema } from '../../shared/news-answers';
import { idParam } from '../../shared/pagination';
import type { Db } from '../db/client';
import { failures, pageQueryText } from '../http/api-contract';
import { cachedAnswerShows } from '../http/cache-rules';
import { withTotalCount } from '../http/pages';
import { getPublishedNews, listPublishedNews } from './service';

const tags = ['news'];

export const newsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/news',
    {
      config: { publicCache: { dependsOn: cachedAnswerShows.news } },
      schema: {
        summary: 'A page of the published news, each item a preview',
        description: `Caller: anyone; kept in the public read cache until the next write. Query:
${pageQueryText(newsPageSize)}.

200: an array of published items, newest first, each a preview: \`{ id, title, excerpt, category ('news' |
'success'), image, createdAt, foundation: { id, name, location } | null }\`, \`excerpt\` being the first
${newsPreviewLength} characters of the text (GET /api/news/{id} answers the whole of it). Header
\`X-Total-Count\`: how many items are published. Drafts never appear.

400: a malformed page or limit.`,
        tags,
        querystring: newsListQuerySchema,
        response: { 200: z.array(newsPreviewSchema) },
      },
    },
    async (request, reply) => {
      const { items, totalCount } = await listPublishedNews(db, request.query, app.publicCache);
      return withTotalCount(reply, items, totalCount);
    },
  );

  app.get(
    '/api/news/:id',
    {
      config: { publicCache: { dependsOn: cachedAnswerShows.news } },
      schema: {
        summary: 'One published news item',
        description: `Caller: anyone. 200: one published item with its whole text: \`{ id, title, content,
category, image, createdAt, foundation }\` (its page /news/{id} is drawn from it). 400 'Некорректный номер новости'; 404 'Новость не найдена' (also for a draft).`,
        tags,
        params: z.object({ id: idParam(newsMessages.newsId) }),
        response: { 200: newsItemSchema, ...failures(404) },
      },
    },
    async (request) => getPublishedNews(db, request.params.id),
  );
};
