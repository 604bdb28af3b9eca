import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventMessageInputSchema,
  eventMessageLength,
  eventMessageLimits,
  eventMessageSchema,
  eventMessageTexts,
  foundationEventMessagesSchema,
  sentEventMessageSchema,
} from '../../shared/event-messages';
import { eventQueryMessages } from '../../shared/events';
import { idParam } from '../../shared/pagination';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { manageMessages } from '../events/manage';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { foundationEventMessages, schoolEventMessages, sendEventMessage } from './service';

const tags = ['events'];
const eventParams = z.object({ id: idParam(eventQueryMessages.eventId) });

const ownEvent = `Caller: the event's foundation (401; 403 for other roles and '${manageMessages.notOwner}'; 404
'${eventQueryMessages.eventNotFound}').`;

export const eventMessageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  const foundation = { onRequest: requireRole('foundation') };

  app.post(
    '/api/foundation/events/:id/messages',
    {
      ...foundation,
      config: {
        rateLimit: writeRateLimit,
        leavesAccounts: true as const,
        publicChanges: writeChanges.nothingPublic,
      },
      schema: {
        summary: 'The foundation writes to every school of its event',
        description: `${ownEvent} Rate limit: ${writeRateLimit.max} per minute.

Body \`{ text }\`: 1 to ${eventMessageLength.max} characters after trimming, something visible in it (400
'${eventMessageTexts.textRequired}', '${eventMessageTexts.textTooLong}'). Every school with a pending or
approved application gets a notification linking to the event page and a letter (kind \`eventMessages\`,
unless it turned that kind off) with the text, the event's day, time, place and contact. A cancelled event
may still be written about; a completed one may not (409 '${eventMessageTexts.completed}'), nor an event
without such applications (409 '${eventMessageTexts.nobodyToTell}').

Limits, counted in the database whatever the caller's address (every app process sees the same
count), over the hour or day before the moment of sending: a foundation sends at most
${eventMessageLimits.perFoundationHour} messages an hour over all its events, and at most
${eventMessageLimits.perEventDay} go about one event in 24 hours. Beyond them nothing is stored or
sent: 429 '${eventMessageTexts.foundationLimit({ time: '14:35', tomorrow: false })}', or
'${eventMessageTexts.eventLimit({ time: '09:10', tomorrow: true })}' — the time (in APP_TIMEZONE,
rounded up to the minute) is when the oldest counted message leaves its window.

201 \`{ message: 'Сообщение отправлено 3 школам', sent: { id, text, createdAt }, recipients }\`.`,
        tags,
        params: eventParams,
        body: eventMessageInputSchema,
        response: { 201: sentEventMessageSchema, ...failures(404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sendEventMessage(db, calendar, currentUser(request).id, request.params.id, request.body.text),
        ),
  );

  app.get(
    '/api/foundation/events/:id/messages',
    {
      ...foundation,
      schema: {
        summary: 'The messages the foundation sent about its event, and whom a new one reaches',
        description: `${ownEvent}

200 \`{ recipients, messages: [{ id, text, createdAt }] }\`: the schools with a pending or approved
application now, and the messages sent, newest first (at most 200).`,
        tags,
        params: eventParams,
        response: { 200: foundationEventMessagesSchema, ...failures(404) },
      },
    },
    async (request) => foundationEventMessages(db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/events/:id/messages',
    {
      onRequest: requireRole('school'),
      schema: {
        summary: "The organiser's messages about an event, for a school that applied",
        description: `Caller: a school with an application to the event that is pending, waitlisted, approved or
completed (401; 403 for other roles). A school whose applications to it were all rejected is 403
'${eventMessageTexts.applicationNotLive}'; any other event, or one that does not exist (a cancelled
application is deleted), is 404 '${eventMessageTexts.noApplication}'.

200: the messages, newest first (at most 200), \`[{ id, text, createdAt }]\`.`,
        tags,
        params: eventParams,
        response: { 200: z.array(eventMessageSchema), ...failures(404) },
      },
    },
    async (request) => schoolEventMessages(db, currentUser(request).id, request.params.id),
  );
};
