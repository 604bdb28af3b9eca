import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import {
  applicationCreatedSchema,
  applicationDecisionSchema,
  applicationInputSchema,
  applicationMessages,
  applicationStateSchema,
  eventPermissionsSchema,
  participantCountChangeSchema,
} from '../../shared/applications';
import { eventQueryMessages } from '../../shared/events';
import { idParam } from '../../shared/pagination';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { ChangedTags } from '../db/change-topics';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import {
  applicationStatus,
  cancelApplication,
  changeParticipantCount,
  decideApplication,
  eventPermissions,
  register,
} from './service';

const eventParams = z.object({ id: idParam(eventQueryMessages.eventId) });
const applicationParams = z.object({ id: idParam(applicationMessages.applicationId) });

const tags = ['applications'];

/** Said once for every write below. */
const locking = `An application holds its places while pending or approved. Every writer locks the event row
first, then the application, so concurrent applications never overbook and never deadlock.`;

const waitlisting = `A waitlisted application holds no places. Whenever places free up (a cancellation, a rejection,
a partial approval, a lowered number, more places on the event) the first waitlisted applications that fit
become pending, first come first served, skipping only those too large for what is free; each school is
notified, and so is the foundation.`;

const cancelling = `Caller: the school that applied (403 'Это заявка другой школы'). Works on waitlisted, pending and
approved applications (409 'Отменить можно только заявку, которая ожидает одобрения или одобрена' otherwise):
the application is deleted, its places freed, the foundation notified. 200 \`{ message: 'Заявка отменена' }\`,
or \`{ message: 'Вы покинули лист ожидания' }\` for a waitlisted one; 404 'Заявка не найдена' when there is
none.

${waitlisting}

${locking}`;

/** A school's application: its state, applying, cancelling, changing it; the foundation's decision. */
export const applicationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  // Applications never touch accounts or sessions, so signed-in users stay remembered (announce-changes.ts).
  const config = { rateLimit: writeRateLimit, leavesAccounts: true as const };
  const schoolWrite = { onRequest: requireRole('school'), config };

  app.get(
    '/api/events/:id/application-status',
    {
      schema: {
        summary: "Whether the caller's school applied for the event",
        description: `Caller: anyone. 200 \`{ isRegistered, status, applicationId, participantCount,
waitlistPosition }\` for the caller's school: the latest application, whatever its status; \`isRegistered\`
when it is waitlisted, pending or approved; \`waitlistPosition\` 1 for the first in line while waitlisted.
All false and null otherwise.`,
        tags,
        params: eventParams,
        response: { 200: applicationStateSchema },
      },
    },
    async (request) => applicationStatus(db, request.user?.id, request.params.id),
  );

  app.get(
    '/api/events/:id/permissions',
    {
      schema: {
        summary: 'Whether the caller organises the event',
        description: `Caller: anyone. 200 \`{ isOrganizer, waitlistedSchools }\`: \`isOrganizer\` true for the
foundation that owns the event, which alone also learns how many schools wait in the event's line.`,
        tags,
        params: eventParams,
        response: { 200: eventPermissionsSchema },
      },
    },
    async (request) => eventPermissions(db, request.user?.id, request.params.id),
  );

  app.post(
    '/api/events/:id/register',
    {
      ...schoolWrite,
      config: { ...schoolWrite.config, publicChanges: writeChanges.applicationToEvent },
      schema: {
        summary: 'A school applies for an event with a group of pupils',
        description: `Caller: a school approved by the moderator (403 'Дождитесь одобрения модератором чтобы
регистрироваться на мероприятия'; other roles 403). Rate limit: 60 per minute.

Body: \`participantCount (integer 1 to 500, on any event), contactPerson (≥ 2), contactPhone? (≥ 10),
contactEmail?, contactTelegram?, contactVk?, applicationNote?, parentalConsent?, waitlist?\`; at least one of
phone, e-mail, Telegram, VK ('Заполните контактное лицо и хотя бы один способ связи').

\`parentalConsent: true\` is the school's confirmation that it holds the parents' written consent for every
pupil under 14. It is required when the event admits them (no age limit, or one below 14+): 400 'Подтвердите,
что у школы есть письменные согласия родителей…' without it. Who confirmed and when is stored with the
application; nothing about the pupils is collected.

201 \`{ id, status: 'pending', message: 'Ожидайте одобрения от фонда' }\`; the foundation is notified. When
the group does not fit and \`waitlist: true\` was sent, 201 \`{ id, status: 'waitlisted', message }\`: the
school joins the event's waitlist.

400 for each rule; 404 'Мероприятие не найдено' for a hidden or missing event; 409 'Регистрация на прошедшие
мероприятия недоступна', 'Регистрация на это мероприятие закрыта' (completed), 'Вы уже подали заявку на это
мероприятие' (also while on the waitlist), and without \`waitlist\` 'Мест нет', 'Недостаточно мест: осталось N'.

${waitlisting}

${locking}`,
        tags,
        params: eventParams,
        body: applicationInputSchema,
        response: { 201: applicationCreatedSchema, ...failures(404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await register(db, calendar, currentUser(request).id, request.params.id, request.body)),
  );

  /** A school names the application it cancels by its event or by its own id: one cancellation either way. */
  const cancellation = (
    summary: string,
    params: typeof eventParams | typeof applicationParams,
    publicChanges: (request: FastifyRequest) => ChangedTags,
  ) => ({
    ...schoolWrite,
    config: { ...config, publicChanges },
    schema: {
      summary,
      description: cancelling,
      tags,
      params,
      response: { 200: messageSchema, ...failures(404, 409) },
    },
  });

  app.post(
    '/api/events/:id/cancel-application',
    cancellation(
      'A school cancels its application for the event',
      eventParams,
      writeChanges.applicationToEvent,
    ),
    async (request) =>
      cancelApplication(db, calendar, currentUser(request).id, { eventId: request.params.id }),
  );

  app.delete(
    '/api/applications/:id',
    cancellation(
      'A school cancels its application, named by its id',
      applicationParams,
      writeChanges.application,
    ),
    async (request) =>
      cancelApplication(db, calendar, currentUser(request).id, { applicationId: request.params.id }),
  );

  app.patch(
    '/api/applications/:id',
    {
      ...schoolWrite,
      config: { ...schoolWrite.config, publicChanges: writeChanges.application },
      schema: {
        summary: 'A school changes the number of pupils of its application',
        description: `Caller: the school that applied (403 'Это заявка другой школы'; 404 'Заявка не найдена').

Body \`{ participantCount }\` (1 to 500). A waitlisted or pending application may take any number, a pending
one only so far as free places allow (409 'Недостаточно мест: осталось N'); an approved one may only be
lowered (409 'Одобренную заявку можно только уменьшить: сейчас одобрено N учеников'). Other statuses 409
'Изменить число учеников можно только в заявке…'; a past, completed or cancelled event 409 'Мероприятие уже
прошло или завершено: заявку изменить нельзя'. The foundation is notified. 200 \`{ message: 'Число учеников
изменено' }\`.

${waitlisting}

${locking}`,
        tags,
        params: applicationParams,
        body: participantCountChangeSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) =>
      changeParticipantCount(
        db,
        calendar,
        currentUser(request).id,
        request.params.id,
        request.body.participantCount,
      ),
  );

  app.patch(
    '/api/foundation/applications/:id',
    {
      onRequest: requireRole('foundation'),
      config: { ...config, publicChanges: writeChanges.application },
      schema: {
        summary: 'The foundation approves or rejects an application to its event',
        description: `Caller: the foundation that owns the event (403 'Это заявка на мероприятие другого фонда';
404 'Заявка не найдена').

Body \`{ action: 'approve' | 'reject', rejectionReason?, participantCount? }\`. Approve works from pending only
(409 'Одобрить можно только заявку, которая ожидает решения'); with \`participantCount\` below the number
asked for it approves that many and frees the other places at once (more than asked: 409 'Одобрить можно не
больше учеников, чем просила школа: N'). Reject works from waitlisted, pending or approved, and frees the
places (409 'Отклонить можно только ожидающую или одобренную заявку'). The school is notified, with the
numbers of a partial approval and the reason of a rejection. 200 \`{ message: 'Заявка одобрена' | 'Одобрено 8
из 10' | 'Заявка отклонена' }\`.

${waitlisting}

${locking}`,
        tags,
        params: applicationParams,
        body: applicationDecisionSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) =>
      decideApplication(db, calendar, currentUser(request).id, request.params.id, request.body),
  );
};
