import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminHoursReportSchema,
  foundationHoursReportSchema,
  hourReportMessages,
  hourReportQuerySchema,
  hoursGoalAnswerSchema,
  hoursGoalSchema,
  schoolHoursReportSchema,
} from '../../shared/hour-reports';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { writeChanges } from '../http/cache-rules';
import { adminHoursReport, foundationHoursReport, schoolHoursReport, setHoursGoal } from './service';

const tags = ['hour-reports'];
const yearRule = `\`?year=2025\` is the school year 1 September 2025 – 31 August 2026, by the day of the event;
without it, the school year of today in APP_TIMEZONE. 400 '${hourReportMessages.year}'.`;
const yearFields = `\`year\` (the one shown), \`years\` (from the first school year with figures to the current
one, newest first), \`months\` (twelve, September first, \`month\` as yyyy-MM)`;

export const hourReportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, calendar, writeRateLimit }) => {
  app.get(
    '/api/school/hours-report',
    {
      onRequest: requireRole('school'),
      schema: {
        summary: "The school's hours per month of a school year, by activity type, and its yearly goal",
        description: `Caller: a school (401 anonymous, 403 for other roles); only its own credits. ${yearRule}

200: ${yearFields}, each with \`hours\`, \`pupils\` (who came), \`events\` and \`byActivity\` (hours per activity
type; \`other\` for credits whose type is unknown), the year's \`totals\` and \`goal\` (hours a year, or null).
Entries the school removed from its archive do not count.`,
        tags,
        querystring: hourReportQuerySchema,
        response: { 200: schoolHoursReportSchema },
      },
    },
    async (request) => schoolHoursReport(db, calendar, currentUser(request).id, request.query.year),
  );

  app.put(
    '/api/school/hours-goal',
    {
      onRequest: requireRole('school'),
      config: {
        rateLimit: writeRateLimit,
        leavesAccounts: true as const,
        publicChanges: writeChanges.nothingPublic,
      },
      schema: {
        summary: 'The school sets or clears its yearly goal of hours',
        description: `Caller: a school (401 anonymous, 403 for other roles). Rate limited like every write.

Body \`{ goal }\`: whole hours from 1 to 100 000 (a number or its digits as text), or null to clear the goal.
The goal holds for every school year. 200 \`{ goal, message }\`: '${hourReportMessages.goalSaved}' or
'${hourReportMessages.goalCleared}'. 400 '${hourReportMessages.goal}'.`,
        tags,
        body: hoursGoalSchema,
        response: { 200: hoursGoalAnswerSchema },
      },
    },
    async (request) => setHoursGoal(db, currentUser(request).id, request.body.goal),
  );

  app.get(
    '/api/foundation/hours-report',
    {
      onRequest: requireRole('foundation'),
      schema: {
        summary:
          "The foundation's pupils and hours per month of a school year, and the schools it worked with",
        description: `Caller: a foundation (401 anonymous, 403 for other roles); only the credits it made. ${yearRule}

200: ${yearFields}, each with \`hours\`, \`pupils\` (who came) and \`events\`; \`schools\` it credited in the
year (\`name, events, pupils, hours\`, most hours first) and the year's \`totals\`. A school removing an entry
from its archive does not take it off here: the work was done.`,
        tags,
        querystring: hourReportQuerySchema,
        response: { 200: foundationHoursReportSchema },
      },
    },
    async (request) => foundationHoursReport(db, calendar, currentUser(request).id, request.query.year),
  );

  app.get(
    '/api/admin/hours-report',
    {
      onRequest: requireRole('admin'),
      schema: {
        summary: "The platform's completed events, pupils and hours per month of a school year",
        description: `Caller: the administrator (401 anonymous, 403 for other roles). ${yearRule}

200: ${yearFields}, each with \`completedEvents\` (events marked completed, by their day), \`pupils\` (who
came) and \`hours\` (every credit, as the home page counts them), and the year's \`totals\`.`,
        tags,
        querystring: hourReportQuerySchema,
        response: { 200: adminHoursReportSchema },
      },
    },
    async (request) => adminHoursReport(db, calendar, request.query.year),
  );
};
