import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedSchema,
  calendarMessages,
  calendarTexts,
  calendarTokenParam,
} from '../../shared/calendars';
import { eventQueryMessages } from '../../shared/events';
import { idParam } from '../../shared/pagination';
import { foundationOfUser } from '../accounts/organisation';
import { currentUser, requirePerson } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { asDownload, contentTypes, fileAnswer } from '../http/downloads';
import { siteOrigin } from '../http/site-origin';
import { feedRefreshSeconds } from './ics';
import { calendarFeedOf, eventCalendarFile, feedCalendar, renewCalendarFeed } from './service';

const tags = ['calendars'];

/** Feed requests per client address and minute: calendar apps poll, a person's few apps stay far below. */
export const defaultCalendarFeedRateLimit = { max: 60, timeWindow: 60_000 };

const eventExplained = `One VEVENT: UID \`event-{id}@{site host}\` (the same in every file and feed), SEQUENCE raised on
every change of the event a calendar shows, DTSTART and DTEND in the app's time zone (APP_TIMEZONE) with its
VTIMEZONE, SUMMARY the title, LOCATION the place and address, DESCRIPTION the start of the description, the
contact person and the event page's address, URL the event page, STATUS CONFIRMED or CANCELLED, ORGANIZER the
foundation (to the event's contact e-mail).`;

export const calendarRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
  feedRateLimit: { max: number; timeWindow: number };
  publicUrl: string | undefined;
}> = async (app, { db, calendar, writeRateLimit, feedRateLimit, publicUrl }) => {
  const organisation = { onRequest: requirePerson('school', 'foundation') };

  app.get(
    '/api/events/:id/calendar.ics',
    {
      schema: {
        summary: 'An event as an iCalendar file, to add to any calendar',
        description: `Caller: anyone who may see the event, as GET /api/events/{id}: a public event for everyone,
a hidden one (cancelled, or of a foundation not yet approved) for its own foundation only; 404 '${eventQueryMessages.eventNotFound}'
otherwise. 400 '${eventQueryMessages.eventId}'.

200: \`text/calendar\`, an attachment named after the event. ${eventExplained}`,
        tags,
        params: z.object({ id: idParam(eventQueryMessages.eventId) }),
        response: {
          200: fileAnswer(contentTypes.ics, 'The event (text/calendar)'),
          ...failures(404),
        },
      },
    },
    async (request, reply) => {
      const viewer =
        request.user?.role === 'foundation' ? await foundationOfUser(db, request.user.id) : undefined;
      const { fileName, body } = await eventCalendarFile(
        db,
        calendar,
        request.params.id,
        siteOrigin(request, publicUrl),
        viewer?.id,
      );
      return asDownload(reply, fileName, contentTypes.ics).send(body);
    },
  );

  app.get(
    '/api/calendar/:token.ics',
    {
      config: { rateLimit: feedRateLimit },
      schema: {
        summary: "A school's or a foundation's private calendar feed",
        description: `Caller: anyone holding the address; no sign-in, since calendar apps cannot sign in. The token
(43 characters of base64url) is the secret: 400 '${calendarMessages.malformedToken}' for one of another
shape, 404 '${calendarMessages.feedNotFound}' for an unknown or replaced one. ${feedRateLimit.max} a minute
per address.

200: \`text/calendar\`, X-WR-CALNAME «${calendarTexts.feedName('{name}')}», REFRESH-INTERVAL and
X-PUBLISHED-TTL of ${feedRefreshSeconds / 60} minutes. A school's feed has the events of its approved and
completed applications, a foundation's its own events, each from a year back on; a cancelled event stays as
STATUS:CANCELLED so that calendars strike it out. Each event as in GET /api/events/{id}/calendar.ics:
${eventExplained}`,
        tags,
        params: z.object({ token: calendarTokenParam }),
        response: {
          200: fileAnswer(contentTypes.ics, 'The feed (text/calendar)'),
          ...failures(404),
        },
      },
    },
    async (request, reply) => {
      const body = await feedCalendar(db, calendar, request.params.token, siteOrigin(request, publicUrl));
      return asDownload(reply, calendarTexts.feedFileName, contentTypes.ics).send(body);
    },
  );

  app.get(
    '/api/calendar-feed',
    {
      ...organisation,
      schema: {
        summary: "The caller's private calendar feed address",
        description: `Caller: a school or a foundation (401, 403 otherwise). 200 \`{ url }\`: the absolute address of
GET /api/calendar/{token}.ics, or null before POST /api/calendar-feed made one.`,
        tags,
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => calendarFeedOf(db, currentUser(request).id, siteOrigin(request, publicUrl)),
  );

  app.post(
    '/api/calendar-feed',
    {
      ...organisation,
      config: {
        rateLimit: writeRateLimit,
        leavesAccounts: true as const,
        publicChanges: writeChanges.nothingPublic,
      },
      schema: {
        summary: 'Creates the private calendar feed address, or replaces it',
        description: `Caller: a school or a foundation (401, 403 otherwise). Rate limit: ${writeRateLimit.max} per
minute. A new secret of 32 random bytes: 200 \`{ url }\`, the new address. The previous address, if any,
answers 404 from now on, so a leaked link is cut off by replacing it.`,
        tags,
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => renewCalendarFeed(db, currentUser(request).id, siteOrigin(request, publicUrl)),
  );
};
