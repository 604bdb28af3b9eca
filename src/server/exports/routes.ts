import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventQueryMessages } from '../../shared/events';
import {
  adminApplicationsExportQuerySchema,
  adminEventsExportQuerySchema,
  adminUsersExportQuerySchema,
  type ExportFormat,
  exportFormats,
  exportPeriodQuerySchema,
  foundationApplicationsExportQuerySchema,
  journalExportQuerySchema,
} from '../../shared/exports';
import { journalKindGroups, journalMessages } from '../../shared/journal';
import { idParam } from '../../shared/pagination';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { contentTypes, fileAnswer } from '../http/downloads';
import { forbidden } from '../http/errors';
import { journalExport } from '../journal/export';
import {
  applicationsExport,
  eventsExport,
  foundationApplicationsExport,
  hoursExport,
  participantsExport,
  schoolApplicationsExport,
  schoolHoursExport,
  usersExport,
} from './service';
import { type ExportSpec, sendExport } from './stream';

/** What every export's description says about the file. */
const fileFormats: Record<ExportFormat, { mediaType: string; description: string }> = {
  csv: {
    mediaType: contentTypes.csv,
    description: `CSV: UTF-8 with a BOM, \`;\` between cells, CRLF line ends and a header row, so that Russian
Excel opens it as it is; days as 26.11.2026, moments as 26.11.2026 14:30 in the app's time zone.`,
  },
  xlsx: {
    mediaType: contentTypes.xlsx,
    description: `XLSX: one sheet, a bold and frozen header row, days and moments as dates of the app's time
zone, numbers as numbers.`,
  },
};

const common = `Streamed: the rows are read from the database a thousand at a time and written as they come, so
any number of rows fits in little memory; a client that disconnects stops the reading. Statuses and activity
types are Russian words. A cell whose text starts with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return
gets a leading apostrophe (spreadsheet formula injection). The file name is Russian, dated today
(\`Content-Disposition\` with \`filename*\`); \`Cache-Control: private, no-store\`.`;

export const exportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  rateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, rateLimit }) => {
  // A large export keeps the database busy for seconds; the count per address stops a loop of them.
  const config = { rateLimit };
  const send = async <Row>(
    reply: FastifyReply,
    format: ExportFormat,
    spec: Omit<ExportSpec<Row>, 'timeZone'> | Promise<Omit<ExportSpec<Row>, 'timeZone'>>,
  ) => sendExport(reply, format, { ...(await spec), timeZone: calendar.timeZone }, calendar.today());

  for (const format of exportFormats) {
    const upper = format.toUpperCase();
    const file = `${fileFormats[format].description}\n\n${common}`;

    app.get(
      `/api/foundation/applications/export.${format}`,
      {
        onRequest: requireRole('foundation'),
        config,
        schema: {
          summary: `The applications to the caller foundation's events as ${upper}`,
          description: `Caller: a foundation (401, 403 otherwise). Query: \`status\` as in GET
/api/foundation/applications (\`all\` by default). Every matching application to the caller's events, newest
first: number, when it came, event and its day, school, status, pupils asked, approved and who came, hours
credited, the application's contacts and note, the reason of a rejection, when parents' consent was
confirmed. 400 'Некорректный фильтр статуса'. Rate limit: 60 per minute.

${file}`,
          tags: ['applications'],
          querystring: foundationApplicationsExportQuerySchema,
          response: { 200: fileAnswer(fileFormats[format].mediaType, fileFormats[format].description) },
        },
      },
      async (request, reply) =>
        send(reply, format, foundationApplicationsExport(db, currentUser(request).id, request.query)),
    );

    app.get(
      `/api/foundation/events/:id/participants.${format}`,
      {
        onRequest: requireRole('foundation'),
        config,
        schema: {
          summary: `The participants of one of the caller foundation's events as ${upper}`,
          description: `Caller: a foundation (401, 403 otherwise). The event's approved and completed applications
in the order the schools applied: school, its address, pupils approved, pupils who came, the application's
contact person, phone and e-mail, status. 400 '${eventQueryMessages.eventId}'; 404 'Мероприятие не найдено'
for a missing event or another foundation's. Rate limit: 60 per minute.

${file}`,
          tags: ['applications'],
          params: z.object({ id: idParam(eventQueryMessages.eventId) }),
          response: {
            200: fileAnswer(fileFormats[format].mediaType, fileFormats[format].description),
            ...failures(404),
          },
        },
      },
      async (request, reply) =>
        send(reply, format, participantsExport(db, currentUser(request).id, request.params.id)),
    );

    app.get(
      `/api/school/applications/export.${format}`,
      {
        onRequest: requireRole('school'),
        config,
        schema: {
          summary: `Every application of the caller's school as ${upper}`,
          description: `Caller: a school (401, 403 otherwise). Every application of the caller's school, newest
first: event, its day, foundation, status, pupils asked, approved and who came, hours in the school's
ledger, when it was sent. Rate limit: 60 per minute.

${file}`,
          tags: ['applications'],
          response: { 200: fileAnswer(fileFormats[format].mediaType, fileFormats[format].description) },
        },
      },
      async (request, reply) => send(reply, format, schoolApplicationsExport(db, currentUser(request).id)),
    );

    app.get(
      `/api/school/hours.${format}`,
      {
        onRequest: requireRole('school'),
        config,
        schema: {
          summary: `The caller school's volunteer hours in a period as ${upper}`,
          description: `Caller: a school (401, 403 otherwise). Query: \`from\` and \`to\` (YYYY-MM-DD, both or
neither; neither: the current school year, 1 September to 31 August). The school's ledger of hours by the
event's day within the period, oldest first, without the entries it removed from its archive: day, event,
foundation, activity type, pupils who came, hours per pupil and in all. 400 for a malformed day, an end
before the start, a period over ten years or only one end. Rate limit: 60 per minute.

${file}`,
          tags: ['applications'],
          querystring: exportPeriodQuerySchema,
          response: { 200: fileAnswer(fileFormats[format].mediaType, fileFormats[format].description) },
        },
      },
      async (request, reply) =>
        send(reply, format, schoolHoursExport(db, calendar, currentUser(request).id, request.query)),
    );

    const adminOnly = { onRequest: requireRole('admin'), config };
    const admin = (what: string, filters: string) => ({
      summary: `${what} as ${upper}`,
      description: `Caller: an administrator (401, 403 otherwise). ${filters} Rate limit: 60 per minute.

${file}`,
      tags: ['administration'],
      response: { 200: fileAnswer(fileFormats[format].mediaType, fileFormats[format].description) },
    });

    const users = admin(
      'Every account of the platform',
      `Query: \`search\` and \`role\` as in GET /api/admin/users. Every matching account, newest first: number,
name, role, organisation, its e-mail, phone and address, moderation, when created. Never a password hash or a
session.`,
    );
    app.get(
      `/api/admin/users/export.${format}`,
      { ...adminOnly, schema: { ...users, querystring: adminUsersExportQuerySchema } },
      async (request, reply) => send(reply, format, usersExport(request.query, db)),
    );

    const allEvents = admin(
      'Every event of every foundation',
      `Query: \`search\` as in GET /api/admin/events. Every matching event, newest first: number, title,
foundation, activity type, status, day and time, place, hours, places and applications, when created.`,
    );
    app.get(
      `/api/admin/events/export.${format}`,
      { ...adminOnly, schema: { ...allEvents, querystring: adminEventsExportQuerySchema } },
      async (request, reply) => send(reply, format, eventsExport(request.query, db)),
    );

    const allApplications = admin(
      'Every application',
      `Query: \`status\` as in GET /api/admin/applications. Every matching application, newest first:
number, when it came, event and its day, foundation, school, status, pupils asked, approved and who came,
hours credited.`,
    );
    app.get(
      `/api/admin/applications/export.${format}`,
      { ...adminOnly, schema: { ...allApplications, querystring: adminApplicationsExportQuerySchema } },
      async (request, reply) => send(reply, format, applicationsExport(request.query, db)),
    );

    const allHours = admin(
      'Every credit of volunteer hours in a period',
      `Query: \`from\` and \`to\` as in GET /api/school/hours.${format}. Every school's credits of hours by
the event's day, oldest first: day, event, foundation, school, activity type, pupils who came, hours per
pupil and in all, when credited, and when the school removed the entry from its archive, if it did.`,
    );
    app.get(
      `/api/admin/hours/export.${format}`,
      { ...adminOnly, schema: { ...allHours, querystring: exportPeriodQuerySchema } },
      async (request, reply) => send(reply, format, hoursExport(request.query, calendar, db)),
    );

    // The journal of who did what (issue 53, item 4): its list's filters, every entry, the list's names.
    const journalFilters = `Query: \`from\`, \`to\` (days, YYYY-MM-DD, in the app's time zone; either may be
left out) and \`kind\` (${Object.keys(journalKindGroups).join(', ')}) as in the journal's list, without the
paging; 400 for a malformed day, an end before the start or an unknown kind. Every matching entry, newest
first: when, what happened, who, their role (a member role or «Администратор»), their organisation, the
event, the application's number, and what was before and after as «поле: значение». Who is empty for
what the platform did on its own.`;
    app.get(
      `/api/organisation/journal/export.${format}`,
      {
        onRequest: requireRole('school', 'foundation'),
        config,
        schema: {
          summary: `The organisation's journal of who did what as ${upper}`,
          description: `Caller: an owner or a viewer of a school or a foundation (401, 403 otherwise); 403
'${journalMessages.onlyOwnersAndViewers}' for a coordinator. A foundation's entries of its events and its
team, a school's of its applications, hours and team, as GET /api/organisation/journal shows them.
${journalFilters} A person of the other side is shown by organisation and role only (who is empty).
Rate limit: 60 per minute.

${file}`,
          tags: ['team'],
          querystring: journalExportQuerySchema,
          response: { 200: fileAnswer(fileFormats[format].mediaType, fileFormats[format].description) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        // The list's rule: coordinators do the work, the owners and viewers read the audit of it.
        if (user.memberRole === 'coordinator' || user.organisationId === null) {
          throw forbidden(journalMessages.onlyOwnersAndViewers);
        }
        const kind = user.role === 'school' ? 'school' : 'foundation';
        return send(
          reply,
          format,
          journalExport(db, calendar, { kind, organisationId: user.organisationId }, request.query),
        );
      },
    );

    const journal = admin(
      'Every journal entry',
      `${journalFilters} Every organisation's entries, every name shown.`,
    );
    app.get(
      `/api/admin/journal/export.${format}`,
      { ...adminOnly, schema: { ...journal, tags: ['team'], querystring: journalExportQuerySchema } },
      async (request, reply) =>
        send(reply, format, journalExport(db, calendar, { kind: 'admin' }, request.query)),
    );
  }
};
