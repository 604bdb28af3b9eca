import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { idParam } from '../../shared/pagination';
import { foundationReportSchema, reportInputSchema, reportMessages } from '../../shared/reports';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { createReport, deleteReport, listOwnReports } from './service';

const reportParams = z.object({ id: idParam(reportMessages.reportId) });

export const reportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  const foundation = { onRequest: requireRole('foundation') };
  const foundationWrite = { ...foundation, config: { rateLimit: writeRateLimit } };

  app.get(
    '/api/foundation/reports',
    { ...foundation, schema: { response: { 200: z.array(foundationReportSchema) } } },
    async (request) => listOwnReports(db, currentUser(request).id),
  );

  app.post(
    '/api/foundation/reports',
    { ...foundationWrite, schema: { body: reportInputSchema, response: { 201: foundationReportSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createReport(db, calendar, currentUser(request).id, request.body)),
  );

  app.delete(
    '/api/foundation/reports/:id',
    { ...foundationWrite, schema: { params: reportParams, response: { 200: messageSchema } } },
    async (request) => {
      await deleteReport(db, currentUser(request).id, request.params.id);
      return { message: reportMessages.deleted };
    },
  );
};
