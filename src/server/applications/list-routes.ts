import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import {
  applicationStatusFilters,
  approvedApplicationsPageSize,
  archiveEntrySchema,
  archivePageSize,
  foundationApplicationPageSchema,
  foundationApplicationSchema,
  foundationEventApplicationsSchema,
  schoolApplicationCountsSchema,
  schoolApplicationSchema,
  schoolApplicationsPageSize,
  schoolApplicationsQuerySchema,
  schoolApprovedApplicationSchema,
} from '../../shared/applications';
import { eventQueryMessages } from '../../shared/events';
import { idParam, pageOnlyQuerySchema, pageQuery } from '../../shared/pagination';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures, pageQueryText } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { ownPage, pageAsked, withTotalCount } from '../http/pages';
import {
  countSchoolApplications,
  deleteArchiveEntry,
  foundationEventWithApplications,
  listCompletedEvents,
  listFoundationApplications,
  listSchoolApplications,
  listSchoolApprovedApplications,
} from './lists';

const tags = ['applications'];

/** The query of a list that takes only its page. */
const paging = (pageSize: number) => `${pageQueryText(pageSize)}. 400: a malformed page or limit.`;

const schoolList = `Each application comes with \`event { id, title, description, date, startTime, endTime, location,
hours, status }\` and \`foundation { id, name, description, address, website, contactPerson, phone, email }\`; the
foundation's contact person, phone and e-mail are filled only once the application is approved.`;

/** The lists of applications a school and a foundation read, and a school's archive of hours. */
export const applicationListRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  // Removing an archive entry never touches accounts or sessions (announce-changes.ts).
  const config = { rateLimit: writeRateLimit, leavesAccounts: true as const };
  const schoolWrite = { onRequest: requireRole('school'), config };
  const school = { onRequest: requireRole('school') };
  const foundation = { onRequest: requireRole('foundation') };

  app.get(
    '/api/my-applications',
    {
      ...school,
      schema: {
        summary: "A page of the caller school's applications",
        description: `Caller: a school (401, 403 otherwise). Query: \`status\` (one of \`waitlisted\`, \`pending\`,
\`approved\`, \`rejected\`, \`completed\`; all when absent), \`eventId\` (repeated, up to 100: only the
applications to these events), ${pageQueryText(schoolApplicationsPageSize)}.

200: an array of the school's applications, newest first; header \`X-Total-Count\`: how many match the
filters. ${schoolList}

400: a malformed status ('Некорректный фильтр статуса'), event id, page or limit.`,
        tags,
        querystring: schoolApplicationsQuerySchema,
        response: { 200: z.array(schoolApplicationSchema) },
      },
    },
    async (request, reply) => {
      const { applications, totalCount } = await listSchoolApplications(db, currentUser(request).id, {
        status: request.query.status,
        eventIds: request.query.eventId,
        ...pageAsked(request.query, schoolApplicationsPageSize),
      });
      return withTotalCount(reply, applications, totalCount);
    },
  );
  app.get(
    '/api/my-applications/counts',
    {
      ...school,
      schema: {
        summary: 'How many applications the caller school has in each status',
        description: `Caller: a school (401, 403 otherwise). 200 \`{ waitlisted, pending, approved, rejected,
completed }\`: the number of the school's applications in each status, for the tabs of its list.`,
        tags,
        response: { 200: schoolApplicationCountsSchema },
      },
    },
    async (request) => countSchoolApplications(db, currentUser(request).id),
  );
  app.get(
    '/api/school/approved-applications',
    {
      ...school,
      schema: {
        summary: "A page of the approved applications of the caller's school",
        description: `Caller: a school (401, 403 otherwise). Query: ${paging(approvedApplicationsPageSize)}

200: the school's approved applications, newest first; header \`X-Total-Count\`: how many it has. ${schoolList}`,
        tags,
        querystring: pageOnlyQuerySchema,
        response: { 200: z.array(schoolApprovedApplicationSchema) },
      },
    },
    ownPage(approvedApplicationsPageSize, 'applications', (userId, page) =>
      listSchoolApprovedApplications(db, userId, page),
    ),
  );
  app.get(
    '/api/school/completed-events',
    {
      ...school,
      schema: {
        summary: "A page of the school's archive: one entry per credit of volunteer hours",
        description: `Caller: a school (401, 403 otherwise). Query: ${paging(archivePageSize)}

200: a page of the archive, one entry per credit of hours, latest event day first; header
\`X-Total-Count\`: how many entries it keeps. Each entry is \`{ id, registrationId, eventId, eventTitle,
eventDate, foundationName, activityType, participantCount, approvedCount, hoursEarned, creditedAt }\`:
participantCount is the pupils who came, approvedCount those approved (null once the application is gone),
so 'пришли 8 из 10'; entries survive the deletion of their event (its ids become null); entries the school
removed are not listed.`,
        tags,
        querystring: pageOnlyQuerySchema,
        response: { 200: z.array(archiveEntrySchema) },
      },
    },
    ownPage(archivePageSize, 'entries', (userId, page) => listCompletedEvents(db, userId, page)),
  );
  app.delete(
    '/api/school/archive/:id',
    {
      ...schoolWrite,
      config: { ...schoolWrite.config, publicChanges: writeChanges.hours },
      schema: {
        summary: 'A school removes an entry of its archive, and its hours',
        description: `Caller: a school (401, 403 otherwise). Removes the archive entry \`id\` and its hours from
the school's total and lists; the foundation that credited them keeps them in its statistics. 200 \`{ message: 'Успешно удалено' }\`. 400 'Некорректный номер записи архива'; 404
'Запись архива не найдена', also for another school's entry.`,
        tags,
        params: z.object({ id: idParam('Некорректный номер записи архива') }),
        response: { 200: messageSchema, ...failures(404) },
      },
    },
    async (request) => {
      await deleteArchiveEntry(db, currentUser(request).id, request.params.id);
      return { message: 'Успешно удалено' };
    },
  );

  app.get(
    '/api/foundation/applications',
    {
      ...foundation,
      schema: {
        summary: "A page of the applications to the caller foundation's events",
        description: `Caller: a foundation (401, 403 otherwise). Query: \`status\` (\`waitlisted\`, \`pending\`,
\`approved\`, \`rejected\`, \`completed\`, \`all\` (default)), \`page\` (from 1), \`limit\` (default 10, capped at 100).

200 \`{ applications, total, totalPages, page, pendingCount }\`, newest first, each application with its
event and \`school { id, username, fullName, schoolType, address, email, phone, contactPerson }\`
(contactPerson is the one in the school's profile; the application has its own). 400 'Некорректный фильтр
статуса', a malformed page or limit.`,
        tags,
        querystring: z.object({
          status: z.enum(applicationStatusFilters, { error: 'Некорректный фильтр статуса' }).default('all'),
          page: pageQuery.page.default(1),
          limit: pageQuery.limit.default(10),
        }),
        response: { 200: foundationApplicationPageSchema },
      },
    },
    async (request) =>
      listFoundationApplications(
        db,
        currentUser(request).id,
        { status: request.query.status, page: request.query.page ?? 1, limit: request.query.limit ?? 10 },
        app.publicCache,
      ),
  );
  app.get(
    '/api/foundation/approved-applications',
    {
      ...foundation,
      schema: {
        summary: "A page of the approved applications to the caller foundation's events",
        description: `Caller: a foundation (401, 403 otherwise). Query: ${paging(approvedApplicationsPageSize)}

200: approved applications, newest first, each as in GET /api/foundation/applications; header
\`X-Total-Count\`: how many there are.`,
        tags,
        querystring: pageOnlyQuerySchema,
        response: { 200: z.array(foundationApplicationSchema) },
      },
    },
    async (request, reply) => {
      const { applications, total } = await listFoundationApplications(
        db,
        currentUser(request).id,
        { status: 'approved', ...pageAsked(request.query, approvedApplicationsPageSize) },
        app.publicCache,
      );
      return withTotalCount(reply, applications, total);
    },
  );
  app.get(
    '/api/foundation/events/:eventId',
    {
      ...foundation,
      schema: {
        summary: "One of the caller foundation's events with every application to it",
        description: `Caller: a foundation (401, 403 otherwise). 200: the caller's event with \`confirmedCount\`
(participants of approved and completed applications), \`pending\` and \`participants\` (approved or
completed applications with contacts) and \`waitlist\` (first in line first). Once completed,
\`attendanceCorrectableUntil\` is the last day attendance may be corrected (PUT /api/events/{id}/attendance)
and \`attendanceCorrectable\` whether today is still on or before it. 400 'Некорректный номер мероприятия'; 404 'Мероприятие не найдено'
for a missing or another foundation's event.`,
        tags,
        params: z.object({ eventId: idParam(eventQueryMessages.eventId) }),
        response: { 200: foundationEventApplicationsSchema, ...failures(404) },
      },
    },
    async (request) =>
      foundationEventWithApplications(db, calendar, currentUser(request).id, request.params.eventId),
  );
};
