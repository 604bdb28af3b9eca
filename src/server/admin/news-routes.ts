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
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { pageAsked, withTotalCount } from '../http/pages';
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
  const tags = ['administration'];
  const caller = `Caller: an administrator (401 'Необходима авторизация' when anonymous, 403 for any other
role, both before anything is read).`;
  const refusals = `400: 'Заголовок и содержание обязательны', 'Не более 200 символов', 'Не более 20000
символов', 'Категория может быть только «Новость» или «История волонтерства»', 'Для истории
волонтерства выберите фонд' (success without foundationId), 'Фонд не найден', 'Некорректный номер
фонда', 'Изображение должно быть ссылкой (URL) или загруженной картинкой' (javascript:, data:, ftp:,
text that is not an address), 'Изображение не найдено', 'Некорректный номер изображения', 'Укажите,
публиковать ли новость сразу' (isPublished not a boolean). Nothing is stored.`;

  app.get(
    '/api/admin/news',
    {
      ...adminOnly,
      schema: {
        summary: 'Every news item, drafts included',
        description: `${caller}

Query: \`category\` (\`news\` | \`success\`; omitted = all), \`search\` (title or content,
case-insensitive, \`%\` and \`_\` taken literally, up to 100 characters), \`page\` (from 1), \`limit\`
(default 20, capped at 100).

200: an array, drafts and published alike, newest first. \`preview\` is the first 100 characters of
the content; \`image\` the address to show (the given URL, else /api/images/{imageId}, else null).
Header \`X-Total-Count\`: how many match.

400: a malformed page or limit, 'Категория может быть только «Новость» или «История волонтерства»',
'Поисковый запрос слишком длинный'.`,
        tags,
        querystring: adminNewsQuerySchema,
        response: { 200: z.array(adminNewsItemSchema) },
      },
    },
    async (request, reply) => {
      const { category, search } = request.query;
      const { items, totalCount } = await listAdminNews(db, {
        category,
        search,
        ...pageAsked(request.query, defaultPageSize),
      });
      return withTotalCount(reply, items, totalCount);
    },
  );

  app.post(
    '/api/admin/news',
    {
      ...adminWrite,
      config: { ...adminWrite.config, leavesAccounts: true as const, publicChanges: writeChanges.news },
      schema: {
        summary: 'Create a news item or a success story',
        description: `${caller} Rate limited like every write.

Body: \`{ title (1–200, trimmed), content (1–20000), category ('news' | 'success'), foundationId?,
image? (an http(s) address or /api/images/{id}), imageId? (from POST /api/images), isPublished?
(default true) }\`.

201: the item as in the list. A draft (\`isPublished: false\`) never appears in GET /api/news.

${refusals}`,
        tags,
        body: adminNewsInputSchema,
        response: { 201: adminNewsItemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createAdminNews(db, request.body)),
  );

  app.put(
    '/api/admin/news/:id',
    {
      ...adminWrite,
      config: { ...adminWrite.config, leavesAccounts: true as const, publicChanges: writeChanges.news },
      schema: {
        summary: 'Change a news item',
        description: `${caller} Rate limited like every write.

The same body as POST /api/admin/news. Title, content and category are replaced; foundationId, the
picture and isPublished are kept when left out, and null removes foundationId or the picture.
Publishing a draft makes it appear in GET /api/news; \`isPublished: false\` hides it again.

200: the item. ${refusals} Also 400 'Некорректный номер новости'; 404 'Новость не найдена'.`,
        tags,
        params: newsParams,
        body: adminNewsInputSchema,
        response: { 200: adminNewsItemSchema, ...failures(404) },
      },
    },
    async (request) => updateAdminNews(db, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/news/:id',
    {
      ...adminWrite,
      config: { ...adminWrite.config, leavesAccounts: true as const, publicChanges: writeChanges.news },
      schema: {
        summary: 'Delete a news item',
        description: `${caller} Rate limited like every write.

200 \`{ message: 'Новость удалена' }\`. 400 'Некорректный номер новости'; 404 'Новость не найдена'.`,
        tags,
        params: newsParams,
        response: { 200: messageSchema, ...failures(404) },
      },
    },
    async (request) => {
      await deleteAdminNews(db, request.params.id);
      return { message: messages.deleted };
    },
  );
};
