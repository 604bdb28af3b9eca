import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { attendanceCorrectionDays, attendanceCorrectionSchema } from '../../shared/attendance-corrections';
import { eventInputSchema, eventStatusChangeSchema } from '../../shared/event-form';
import {
  eventCitiesSchema,
  eventDetailSchema,
  eventListQuerySchema,
  eventQueryMessages,
  eventSummarySchema,
} from '../../shared/events';
import { idParam, maxPageSize } from '../../shared/pagination';
import { foundationOfUser } from '../accounts/organisation';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures, pageQueryText } from '../http/api-contract';
import { cachedAnswerShows, writeChanges } from '../http/cache-rules';
import { pageAsked, withTotalCount } from '../http/pages';
import { correctAttendance } from './attendance';
import {
  completeEvent,
  createEvent,
  deleteEvent,
  listOwnEvents,
  setEventStatus,
  updateEvent,
} from './manage';
import { getEventForViewer, listEventCities, listPublicEvents } from './service';

const eventIdParams = z.object({ id: idParam(eventQueryMessages.eventId) });

const tags = ['events'];

const eventInList = `An event in a list is computed in one query: places left (\`totalSlots\` null = unlimited),
\`availability\`, the participants of approved and completed applications, the age label, whether its day has
passed. Visitors see events of approved foundations only, never cancelled ones.`;

const eventBody = `Body: \`title (≥ 5), description (≥ 20), date (yyyy-MM-dd, today or later), startTime, endTime (HH:MM,
end after start), location (≥ 5), address?, activityType, minParticipants (1–200), totalSlots (1–500,
'unlimited', null or 999999 for unlimited; not below minParticipants), hours (1–24, and at most the event's
length in whole hours rounded up: 10:00–12:30 allows 3), ageRestriction?
('3+'–'18+'), contactPersonName (≥ 2), contactPersonPhone and contactPersonEmail (both required),
contactPersonTelegram?, contactPersonVk?, requirements?, skills?, additionalInfo?, imageId?\`. A failed rule
is a 400 with its Russian message; 'Некорректное изображение' for an imageId that is not a stored picture.`;

export const eventRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  const foundationOnly = requireRole('foundation');
  const write = {
    onRequest: foundationOnly,
    config: { rateLimit: writeRateLimit, leavesAccounts: true as const },
  };
  // A foundation also sees its own events that the public does not, so its answers are never shared.
  const skip = (request: FastifyRequest) => request.user?.role === 'foundation';

  /** An array, as the specification's client reads it; the total is in X-Total-Count. */
  app.get(
    '/api/events',
    {
      config: { publicCache: { skip, dependsOn: cachedAnswerShows.eventList } },
      schema: {
        summary: "Events, one page of the public list or of the caller foundation's own",
        description: `Caller: anyone; with \`foundation=true\` a foundation only (401, 403 otherwise).

${eventInList}

Query: \`date\` (\`today\`, \`week\` (Monday–Sunday), \`month\`, or \`yyyy-MM-dd\`; "today" is the day in
APP_TIMEZONE), \`dateFrom\`, \`dateTo\` (\`yyyy-MM-dd\`, inclusive), \`ageRange\` (\`14+\`, \`16+\`, \`18+\`: events
whose age limit is at most that age, and those without one), \`activityType\` (repeated, any of them),
\`search\` (up to 100 characters: every word in the title, description, place, address or the foundation's
name, in any of its Russian forms, ё as е, the last word also as a beginning: «Моск» finds Москва; the
best matches first, a title match before a description match), \`city\` (a name of
\`GET /api/events/cities\`: events whose address is in that city or region), \`foundationId\`,
\`upcoming=true\` (only events from today on that are not completed: what a school can still apply
for), ${pageQueryText(maxPageSize)}.

200: an array of events, upcoming first by date ascending, then past by date descending (with \`search\`,
by relevance first). Header
\`X-Total-Count\`: how many match the filters. Kept in the public read cache, except for a foundation.

With \`foundation=true\`: the caller foundation's events of every status, in list order, one page of them
(\`page\`, \`limit\` as above; the other filters do not apply); \`X-Total-Count\` is their number.

400: a malformed page, limit, date, range (start after end: 'Дата начала периода позже даты его
окончания'), age, activity type, city or \`upcoming\`, each with its Russian message.`,
        tags,
        querystring: eventListQuerySchema.extend({ foundation: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(eventSummarySchema), ...failures(401, 403) },
      },
    },
    async (request, reply) => {
      if (request.query.foundation === 'true') {
        // The caller's own events, every status included.
        await foundationOnly(request, reply);
        const own = await listOwnEvents(
          db,
          calendar,
          currentUser(request).id,
          pageAsked(request.query, maxPageSize),
        );
        return withTotalCount(reply, own.events, own.totalCount);
      }
      const { events, totalCount } = await listPublicEvents(db, calendar, request.query, app.publicCache);
      return withTotalCount(reply, events, totalCount);
    },
  );

  app.get(
    '/api/events/cities',
    {
      config: { publicCache: {} },
      schema: {
        summary: 'The cities and regions of the events visitors can see, for the city filter',
        description: `Caller: anyone. 200: \`{ cities }\`, the names \`city\` of \`GET /api/events\` takes, in
alphabetical order: the first part of each visible event's address ("Москва, ул. Лесная, д. 12" is in
Москва), for events whose address names one.`,
        tags,
        response: { 200: eventCitiesSchema },
      },
    },
    async () => ({ cities: await listEventCities(db) }),
  );

  app.get(
    '/api/events/:id',
    {
      config: { publicCache: { skip, dependsOn: cachedAnswerShows.eventDetail } },
      schema: {
        summary: 'One event with its details',
        description: `Caller: anyone. 200: the event as in a list plus \`requirements, skills, additionalInfo,
minParticipants, contactPersonName, contactPersonPhone, contactPersonEmail, contactPersonTelegram,
contactPersonVk\`. The owning foundation also gets its event while it is hidden from visitors (foundation
not yet approved, event cancelled).

400 'Некорректный номер мероприятия' for an id that is not a positive integer; 404 'Мероприятие не найдено'
(also for a hidden event).`,
        tags,
        params: eventIdParams,
        response: { 200: eventDetailSchema, ...failures(404) },
      },
    },
    async (request) => {
      const viewer =
        request.user?.role === 'foundation' ? await foundationOfUser(db, request.user.id) : undefined;
      return getEventForViewer(db, calendar, request.params.id, viewer?.id);
    },
  );

  app.post(
    '/api/events',
    {
      ...write,
      config: { ...write.config, publicChanges: writeChanges.newEvent },
      schema: {
        summary: 'A foundation publishes an event',
        description: `Caller: an approved foundation (403 'Создание мероприятий доступно после одобрения
модератором'; 403 for other roles).

${eventBody}

201: the event as GET /api/events/{id} returns it.`,
        tags,
        body: eventInputSchema,
        response: { 201: eventDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEvent(db, calendar, currentUser(request).id, request.body)),
  );

  app.put(
    '/api/events/:id',
    {
      ...write,
      config: { ...write.config, publicChanges: writeChanges.event },
      schema: {
        summary: 'The owning foundation edits its event',
        description: `Caller: the owning foundation (403 'Это мероприятие другого фонда'; 404 'Мероприятие не
найдено' when missing). Same body as POST /api/events.

${eventBody}

200: the event as GET /api/events/{id} returns it. 409 'Завершённое мероприятие нельзя изменить' when the
event is completed, and 'Мест не может быть меньше, чем уже занято заявками: N' when the places would drop
below those held by applications.`,
        tags,
        params: eventIdParams,
        body: eventInputSchema,
        response: { 200: eventDetailSchema, ...failures(404, 409) },
      },
    },
    async (request) => updateEvent(db, calendar, currentUser(request).id, request.params.id, request.body),
  );

  app.patch(
    '/api/events/:id',
    {
      ...write,
      config: { ...write.config, publicChanges: writeChanges.event },
      schema: {
        summary: "The owning foundation changes its event's status, or completes it",
        description: `Caller: the owning foundation (403 'Это мероприятие другого фонда', 404 'Мероприятие не
найдено'). Body \`{ status: 'upcoming' | 'active' | 'completed' | 'canceled', attendance?: [{ applicationId,
attended }] }\`.

Completing is irreversible and possible from the event's day on (in the app's time zone): before it, 409
'Мероприятие ещё не состоялось' and nothing changes. \`attendance\` (with \`completed\` only, else 400) says
how many pupils of each approved application came, 0 to its approved number; an approved application
left out, or a body without \`attendance\`, counts all its pupils. Each approved application becomes
completed with \`attendedCount\` and \`hoursEarned = hours × attended\`; the school's ledger gets a credit
for every application where someone came (none for 0: 'не пришли'); pending and waitlisted applications
are closed as rejected; the schools are notified ('пришли 8 из 10' and the hours). 200 \`{ message }\`:
'Мероприятие завершено. Начислено волонтёрских часов: N', or 'Статус обновлен' for any other status.

400 'Заявка N не относится к этому мероприятию или не одобрена', 'Пришло не больше, чем одобрено: N',
'Заявка N указана дважды'. 409 'Мероприятие уже завершено' the second time, 'Отменённое мероприятие
нельзя завершить', and 'Завершённое мероприятие нельзя изменить' for any status change of a completed
event.`,
        tags,
        params: eventIdParams,
        body: eventStatusChangeSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (request.body.status === 'completed') {
        const { creditedHours } = await completeEvent(
          db,
          calendar,
          userId,
          request.params.id,
          request.body.attendance,
        );
        return { message: `Мероприятие завершено. Начислено волонтёрских часов: ${creditedHours}` };
      }
      await setEventStatus(db, userId, request.params.id, request.body.status);
      return { message: 'Статус обновлен' };
    },
  );

  app.put(
    '/api/events/:id/attendance',
    {
      ...write,
      config: { ...write.config, publicChanges: writeChanges.event },
      schema: {
        summary: 'The owning foundation corrects who came to its completed event',
        description: `Caller: the owning foundation (403 'Это мероприятие другого фонда', 404 'Мероприятие не
найдено'). Body \`{ attendance: [{ applicationId, attended }] }\`: how many pupils of each completed
application came, 0 to its approved number; an application left out keeps its attendance.

Accepted until ${attendanceCorrectionDays} days after the day the event was completed (in the app's time zone),
that day included; later 409 'Срок исправления посещаемости прошёл: исправить можно было до D включительно…'.
409 'Исправить посещаемость можно только у завершённого мероприятия' before completion.

In one transaction, for each application whose number changes: \`attendedCount\` and \`hoursEarned\`, the
school's credit of hours (its totals, reports and certificates follow; a certificate issued before says at
/verify what changed), and the pupils' codes: codes of pupils who did not come are revoked (unclaimed ones
first), their verification says 'фонд исправил посещаемость'; pupils added get new codes. Each change is
kept with who made it, when, before and after; the school gets a notice and a letter (kind \`decisions\`).
200 \`{ message }\`: 'Посещаемость исправлена. Начислено за мероприятие: N …', or 'Посещаемость не
изменилась'.

400 'Заявка N не относится к этому мероприятию или не была одобрена к его завершению', 'Пришло не больше,
чем одобрено: N', 'Заявка N указана дважды'.`,
        tags,
        params: eventIdParams,
        body: attendanceCorrectionSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) =>
      correctAttendance(db, calendar, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/events/:id',
    {
      ...write,
      config: { ...write.config, publicChanges: writeChanges.event },
      schema: {
        summary: 'The owning foundation deletes its event',
        description: `Caller: the owning foundation (403 'Это мероприятие другого фонда', 404 'Мероприятие не
найдено'). Removes the event and its applications (schools with active ones are notified); credited
hours stay in the schools' ledgers. 200 \`{ message: 'Мероприятие удалено' }\`.`,
        tags,
        params: eventIdParams,
        response: { 200: messageSchema, ...failures(404) },
      },
    },
    async (request) => {
      await deleteEvent(db, currentUser(request).id, request.params.id);
      return { message: 'Мероприятие удалено' };
    },
  );
};
