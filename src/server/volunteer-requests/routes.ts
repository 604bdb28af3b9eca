import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { idParam } from '../../shared/pagination';
import {
  volunteerRequestMessages as messages,
  schoolResponseCreatedSchema,
  schoolResponseDecisionSchema,
  schoolResponseInputSchema,
  schoolResponseUpdatedSchema,
  volunteerRequestDetailSchema,
  volunteerRequestInputSchema,
  volunteerRequestListItemSchema,
  volunteerRequestListQuerySchema,
  volunteerRequestStatusSchema,
} from '../../shared/volunteer-requests';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { pageAsked, withTotalCount } from '../http/pages';
import {
  changeRequestStatus,
  createRequest,
  editResponse,
  getRequest,
  listRequests,
  processResponse,
  respond,
  type Viewer,
  withdrawResponse,
} from './service';

const requestParams = z.object({ id: idParam(messages.requestId) });
const responseParams = z.object({ id: idParam(messages.responseId) });
const tags = ['volunteer-requests'];
/** The schema's tag and path of the routes on one request, and on one response. */
const onRequest = { tags, params: requestParams };
const onResponse = { tags, params: responseParams };

const detail = `The detail is the list item plus \`responses\`, each \`{ response: { id, volunteersOffered, message,
contactPerson, contactPhone, contactEmail, status, processingNote, createdAt, processedAt }, school: { id,
username }, profile: { avatar, fullName } }\`. The owning foundation gets every response, a school only its
own, anyone else none (the count stays public).`;

const viewerOf = (user: { id: number; role: string } | undefined): Viewer | undefined =>
  user ? { userId: user.id, role: user.role } : undefined;

export const volunteerRequestRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  const write = (role: 'foundation' | 'school') => ({
    onRequest: requireRole(role),
    config: {
      rateLimit: writeRateLimit,
      leavesAccounts: true as const,
      publicChanges: writeChanges.volunteerRequests,
    },
  });

  app.get(
    '/api/volunteer-requests',
    {
      schema: {
        summary: 'One page of the volunteer requests, optionally of one foundation',
        description: `Caller: anyone. Query: \`foundationId\`, \`page\` (from 1), \`limit\` (1–100, default 100).

200: an array of \`{ request: { id, title, description, eventDate, eventTime, location, address,
requirements, volunteersNeeded, status, createdAt }, foundation: { id, name, userId }, responsesCount }\`,
open requests first, newest first within a status; header \`X-Total-Count\`: how many there are. Requests of
foundations that are not approved are shown only to that foundation and the administrator.

400: a malformed page, limit or foundation id ('Некорректный номер фонда').`,
        tags,
        querystring: volunteerRequestListQuerySchema,
        response: { 200: z.array(volunteerRequestListItemSchema) },
      },
    },
    async (request, reply) => {
      const { items, totalCount } = await listRequests(
        db,
        viewerOf(request.user),
        { foundationId: request.query.foundationId, ...pageAsked(request.query, 100) },
        app.publicCache,
      );
      return withTotalCount(reply, items, totalCount);
    },
  );

  app.get(
    '/api/volunteer-requests/:id',
    {
      schema: {
        summary: 'One volunteer request with the responses the caller may read',
        description: `Caller: anyone. 200: the detail. ${detail}

400 'Некорректный номер заявки'; 404 'Заявка не найдена', also for a request the caller may not see.`,
        ...onRequest,
        response: { 200: volunteerRequestDetailSchema, ...failures(404) },
      },
    },
    async (request) => getRequest(db, viewerOf(request.user), request.params.id),
  );

  app.post(
    '/api/volunteer-requests',
    {
      ...write('foundation'),
      schema: {
        summary: 'An approved foundation publishes a volunteer request',
        description: `Caller: an approved foundation (401 anonymous, 403 other roles, 403 'Создавать заявки
можно после одобрения фонда модератором').

Body: \`title (5–200), description (20–5000), eventDate (yyyy-MM-dd, a real day from today to two years
ahead), eventTime (HH:MM), location (3–300), address? (the location when left out), volunteersNeeded
(integer 1–10000), requirements? (a list of up to 20 texts, stored one per line; blank ones dropped)\`.

201: the detail as GET /api/volunteer-requests/{id} answers it. 400 with the rule's message from
src/shared/volunteer-requests.ts ('Дата мероприятия не может быть в прошлом', 'Дата мероприятия — не
позже чем через два года', …).`,
        tags,
        body: volunteerRequestInputSchema,
        response: { 201: volunteerRequestDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRequest(db, calendar, currentUser(request).id, request.body)),
  );

  app.patch(
    '/api/volunteer-requests/:id',
    {
      ...write('foundation'),
      schema: {
        summary: 'The owning foundation opens, closes or fulfils its request',
        description: `Caller: the owning foundation (403 'Это заявка другого фонда'; 404 'Заявка не найдена').
Body \`{ status: 'open' | 'closed' | 'fulfilled' }\`. 200: the detail as GET /api/volunteer-requests/{id}
answers it.`,
        ...onRequest,
        body: volunteerRequestStatusSchema,
        response: { 200: volunteerRequestDetailSchema, ...failures(404) },
      },
    },
    async (request) =>
      changeRequestStatus(db, currentUser(request).id, request.params.id, request.body.status),
  );

  app.post(
    '/api/volunteer-requests/:id/respond',
    {
      ...write('school'),
      schema: {
        summary: 'An approved school responds to an open request',
        description: `Caller: an approved school (401, 403 for other roles, 403 'Дождитесь одобрения модератором
чтобы откликаться на заявки').

Body: \`volunteersOffered (integer 1–10000), message?, contactPerson?, contactPhone?, contactEmail?\` (free
text up to 2000/200/40/200). 201 \`{ id, message: 'Ваш отклик успешно отправлен фонду' }\`; the foundation is
notified.

404 'Заявка не найдена' for a missing or hidden request; 409 'Откликнуться можно только на открытую заявку';
409 'Ваша школа уже откликнулась на эту заявку' (also when two answers race: a unique index decides).`,
        ...onRequest,
        body: schoolResponseInputSchema,
        response: { 201: schoolResponseCreatedSchema, ...failures(404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await respond(db, currentUser(request).id, request.params.id, request.body)),
  );

  app.put(
    '/api/school-responses/:id',
    {
      ...write('foundation'),
      schema: {
        summary: "The owning foundation accepts or rejects a school's response",
        description: `Caller: the foundation that owns the request (403 'Это отклик на заявку другого фонда';
404 'Отклик не найден'). Body \`{ status: 'accepted' | 'rejected', processingNote? }\`. Only from pending,
else 409 'Обработать можно только отклик, который ожидает решения'. 200 \`{ message: 'Статус отклика
успешно обновлён' }\`; the school is notified with the note.`,
        ...onResponse,
        body: schoolResponseDecisionSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) => processResponse(db, currentUser(request).id, request.params.id, request.body),
  );

  app.patch(
    '/api/school-responses/:id',
    {
      ...write('school'),
      schema: {
        summary: 'The school changes its response while the foundation has not decided on it',
        description: `Caller: the school that wrote the response (401, 403 for other roles, 403 'Это отклик
другой школы', 403 'Дождитесь одобрения модератором чтобы откликаться на заявки' for a school no longer
approved; 404 'Отклик не найден').

Body: as responding, \`volunteersOffered (integer 1–10000), message?, contactPerson?, contactPhone?,
contactEmail?\`, with the same rules. The response takes the body whole: an optional field left out is
cleared, as the response form always sends every field.

200 \`{ response, message: 'Отклик изменён' }\`, \`response\` as the detail shows it. The foundation is
notified when something changed.

409 'Изменить или отозвать можно только отклик, который ещё не рассмотрен' once it is accepted or
rejected (the decision and the edit lock the same row, so they never cross); 409 'Заявка больше не
принимает отклики: изменить отклик нельзя, отозвать — можно' when the request is closed or fulfilled.`,
        ...onResponse,
        body: schoolResponseInputSchema,
        response: { 200: schoolResponseUpdatedSchema, ...failures(404, 409) },
      },
    },
    async (request) => editResponse(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/school-responses/:id',
    {
      ...write('school'),
      schema: {
        summary: 'The school withdraws its response while the foundation has not decided on it',
        description: `Caller: the school that wrote the response (401, 403 for other roles, 403 'Это отклик
другой школы'; 404 'Отклик не найден'). Allowed on a request of any status.

200 \`{ message: 'Отклик отозван' }\`: the response is deleted and the foundation notified; while the
request is open the school may respond to it again.

409 'Изменить или отозвать можно только отклик, который ещё не рассмотрен' once it is accepted or
rejected (the decision and the withdrawal lock the same row, so they never cross).`,
        ...onResponse,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) => withdrawResponse(db, currentUser(request).id, request.params.id),
  );
};
