import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationMessages } from '../../shared/applications';
import { eventQueryMessages } from '../../shared/events';
import { idParam } from '../../shared/pagination';
import { printoutTexts } from '../../shared/printouts';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { type PdfPool, pdfBusyText } from '../documents/pdf-pool';
import { failures } from '../http/api-contract';
import { asDownload, contentTypes, fileAnswer } from '../http/downloads';
import { participantList, tripSheet } from './service';

const tags = ['applications'];

export const printoutRoutes: FastifyPluginAsyncZod<{ db: Db; calendar: Calendar; pdfs: PdfPool }> = async (
  app,
  { db, calendar, pdfs },
) => {
  app.get(
    '/api/foundation/events/:id/participants.pdf',
    {
      onRequest: requireRole('foundation'),
      schema: {
        summary: "A printable list of an event's participants, for the foundation that owns it",
        description: `Caller: a foundation (401, 403 otherwise); 404 'Мероприятие не найдено' for a missing or
another foundation's event, as on GET /api/foundation/events/{eventId}.

200: an A4 PDF «Список участников» (attachment): the event's title, date, time, place, address and activity
type; a table with one row per approved or completed application, alphabetical by school (№, school, pupils
approved, an empty «Пришли» column to fill in by hand at the entrance, the application's contact person and
phone), repeated column names on each further page; the totals of schools and pupils, how many
applications still wait for a decision or on the waitlist (they are not listed), and lines for the
signature of the foundation's responsible person and the date. ${pdfBusyText}.`,
        tags,
        params: z.object({ id: idParam(eventQueryMessages.eventId) }),
        response: {
          200: fileAnswer(contentTypes.pdf, 'The participant list, A4 PDF'),
          ...failures(404, 503),
        },
      },
    },
    async (request, reply) => {
      const list = await participantList(db, currentUser(request).id, request.params.id);
      const file = await pdfs.render('participantList', list, calendar.today());
      return asDownload(
        reply,
        printoutTexts.participantList.fileName(list.event.date),
        contentTypes.pdf,
      ).send(file);
    },
  );

  app.get(
    '/api/applications/:id/trip-sheet.pdf',
    {
      onRequest: requireRole('school'),
      schema: {
        summary: "A printable trip sheet of the caller school's approved application",
        description: `Caller: a school (401, 403 otherwise); 404 'Заявка не найдена' for a missing or another
school's application. 409 'Лист поездки доступен только для одобренной заявки' unless it is approved or
completed (the foundation's contacts reach a school only then); 409 'Мероприятие отменено: лист поездки не
нужен' for a cancelled event.

200: an A4 PDF «Лист поездки» (attachment): the event's title, date, start and end time, place, address and
activity type; the foundation and the event's contact person, phone and e-mail (the foundation's own where
the event names none); what to bring, skills and further information when the event has them; the school,
its contact person and phone; the number of pupils approved and as many numbered blank lines for the
accompanying teacher to write the pupils' names by hand: the platform never stores them. ${pdfBusyText}.`,
        tags,
        params: z.object({ id: idParam(applicationMessages.applicationId) }),
        response: { 200: fileAnswer(contentTypes.pdf, 'The trip sheet, A4 PDF'), ...failures(404, 409, 503) },
      },
    },
    async (request, reply) => {
      const sheet = await tripSheet(db, currentUser(request).id, request.params.id);
      const file = await pdfs.render('tripSheet', sheet, calendar.today());
      return asDownload(reply, printoutTexts.tripSheet.fileName(sheet.event.date), contentTypes.pdf).send(
        file,
      );
    },
  );
};
