import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationStatsSchema,
  foundationDetailSchema,
  foundationListQuerySchema,
  foundationListSchema,
  foundationMessages,
  foundationStatsSchema,
  pendingApplicationsCountSchema,
} from '../../shared/foundations';
import { idParam } from '../../shared/pagination';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { cachedAnswerShows } from '../http/cache-rules';
import { getPublicFoundation, listPublicFoundations } from './service';
import { applicationStats, foundationStats, pendingApplicationsCount } from './stats';

const tags = ['foundations'];

export const foundationRoutes: FastifyPluginAsyncZod<{ db: Db; calendar: Calendar }> = async (
  app,
  { db, calendar },
) => {
  app.get(
    '/api/foundations',
    {
      config: { publicCache: { dependsOn: cachedAnswerShows.foundations } },
      schema: {
        summary: 'One page of the public catalogue of foundations',
        description: `Caller: anyone. Approved foundations only; kept in the public read cache until the next
write.

Query: \`search\` (name, short description, description; case-insensitive, up to 100 characters),
\`directions\` (comma-joined ids; any of them), \`ageRestriction\` (\`all\`, \`14+\`, \`16+\`, \`18+\`:
foundations with at least one event open to that age), \`page\` (from 1), \`limit\` (default 6, capped at
100).

200: \`{ foundations, pagination: { page, limit, totalCount, totalPages, hasPrev, hasNext, overallCount } }\`;
\`totalCount\` counts the matches, \`overallCount\` all approved foundations. Ordered by number of events,
then name.

400: 'Неизвестное направление деятельности фонда', 'Возрастной фильтр может быть только all, 14+, 16+ или
18+', 'Поисковый запрос слишком длинный', a malformed page or limit.`,
        tags,
        querystring: foundationListQuerySchema,
        response: { 200: foundationListSchema },
      },
    },
    async (request) => listPublicFoundations(db, request.query, app.publicCache),
  );

  app.get(
    '/api/foundations/:id',
    {
      config: { publicCache: { dependsOn: cachedAnswerShows.foundations } },
      schema: {
        summary: "One foundation's public page",
        description: `Caller: anyone; kept in the public read cache until the next write. 200: the card fields
plus \`userId, bio, address, phone, email, website, vkLink, telegramChannel, telegramUsername, contactPerson,
foundedYear, coverImage, videoPresentation, photoGallery (at most 6 URLs), moderatedAt, createdAt, events\`
(the foundation's visible events, ordered as in the event list, each \`{ id, title, date, startTime,
endTime, location, isPastEvent }\`).

400 'Некорректный номер фонда'; 404 'Фонд не найден' (also when not approved).`,
        tags,
        params: z.object({ id: idParam(foundationMessages.foundationId) }),
        response: { 200: foundationDetailSchema, ...failures(404) },
      },
    },
    async (request) => getPublicFoundation(db, calendar, request.params.id),
  );

  const foundationOnly = { onRequest: requireRole('foundation') };
  const counters = "Caller: a foundation (401, 403 otherwise); it counts the caller's own rows only.";
  app.get(
    '/api/foundation/stats',
    {
      ...foundationOnly,
      schema: {
        summary: "The foundation dashboard's events and credited hours",
        description: `${counters} 200 \`{ totalEvents, totalVolunteerHours }\` (hours credited for its events).`,
        tags,
        response: { 200: foundationStatsSchema },
      },
    },
    async (request) => foundationStats(db, currentUser(request).id, app.publicCache),
  );
  app.get(
    '/api/foundation/application-stats',
    {
      ...foundationOnly,
      schema: {
        summary: "The foundation dashboard's application counters",
        description: `${counters} 200 \`{ totalApplications, approvedApplications (approved or completed),
pendingApplications, totalEvents }\`.`,
        tags,
        response: { 200: applicationStatsSchema },
      },
    },
    async (request) => applicationStats(db, currentUser(request).id),
  );
  app.get(
    '/api/foundation/applications-count',
    {
      ...foundationOnly,
      schema: {
        summary: 'How many applications wait for the foundation',
        description: `${counters} 200 \`{ count }\` of pending applications.`,
        tags,
        response: { 200: pendingApplicationsCountSchema },
      },
    },
    async (request) => pendingApplicationsCount(db, currentUser(request).id, app.publicCache),
  );
};
