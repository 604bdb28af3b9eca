import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { idParam, pageOnlyQuerySchema } from '../../shared/pagination';
import { reportsPageSize } from '../../shared/report-lists';
import { foundationReportSchema, reportInputSchema, reportMessages } from '../../shared/reports';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures, pageQueryText } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { ownPage } from '../http/pages';
import { createReport, deleteReport, listOwnReports } from './service';

const reportParams = z.object({ id: idParam(reportMessages.reportId) });
const tags = ['reports'];

export const reportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  const foundation = { onRequest: requireRole('foundation') };
  const foundationWrite = { ...foundation, config: { rateLimit: writeRateLimit } };

  app.get(
    '/api/foundation/reports',
    {
      ...foundation,
      schema: {
        summary: "A page of the foundation's own reports",
        description: `Caller: a foundation (401 anonymous, 403 for other roles). Query:
${pageQueryText(reportsPageSize)}. 200: a page of its own reports, newest first; header \`X-Total-Count\`: how many it has. 400: a malformed page or limit.`,
        tags,
        querystring: pageOnlyQuerySchema,
        response: { 200: z.array(foundationReportSchema) },
      },
    },
    ownPage(reportsPageSize, 'reports', (userId, page) => listOwnReports(db, userId, page)),
  );

  app.post(
    '/api/foundation/reports',
    {
      ...foundationWrite,
      config: {
        ...foundationWrite.config,
        leavesAccounts: true as const,
        publicChanges: writeChanges.foundationReports,
      },
      schema: {
        summary: 'Write a report on an event',
        description: `Caller: a foundation (401 when anonymous, 403 for other roles); no moderator approval
needed. Rate limited like every write.

Body: \`eventTitle (3–200 characters, trimmed), eventDate (yyyy-MM-dd, a real day from 2000-01-01 to
2100-12-31, and from five years back to two years ahead of today), volunteersCount (integer 1–100000, a
number or its digits as text; true, '' and other types are refused), additionalInfo? (up to 2000;
empty means none)\`.

201: the report as in the list; it comes first in GET.

400: 'Название мероприятия должно содержать минимум 3 символа', 'Не более 200 символов', 'Укажите
дату мероприятия' (missing, malformed, or not a real day such as 2026-02-30), 'Дата мероприятия должна
быть между 2000 и 2100 годом', 'Дата мероприятия — не раньше чем пять лет назад', 'Дата мероприятия —
не позже чем через два года', 'Количество волонтеров должно быть больше 0' (missing, not a number,
below 1), 'Количество волонтеров должно быть целым числом', 'Количество волонтеров должно быть не
больше 100 000', 'Не более 2000 символов', 'Дополнительная информация должна быть текстом'.`,
        tags,
        body: reportInputSchema,
        response: { 201: foundationReportSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReport(db, calendar, currentUser(request).id, request.body)),
  );

  app.delete(
    '/api/foundation/reports/:id',
    {
      ...foundationWrite,
      config: {
        ...foundationWrite.config,
        leavesAccounts: true as const,
        publicChanges: writeChanges.foundationReports,
      },
      schema: {
        summary: 'Delete one of its reports',
        description: `Caller: the foundation that owns the report (401 when anonymous, 403 for other roles). Rate
limited like every write.

200 \`{ message: 'Отчет удален' }\`. 400 'Некорректный номер отчета'; 404 'Отчет не найден', also for
another foundation's report, which stays untouched (ownership is part of the delete's WHERE).`,
        tags,
        params: reportParams,
        response: { 200: messageSchema, ...failures(404) },
      },
    },
    async (request) => {
      await deleteReport(db, currentUser(request).id, request.params.id);
      return { message: reportMessages.deleted };
    },
  );
};
