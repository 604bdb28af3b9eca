import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  journalKindGroups,
  journalMessages,
  journalPageSchema,
  journalQuerySchema,
} from '../../shared/journal';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { forbidden } from '../http/errors';
import { listJournal } from './service';

const tags = ['team'];
const filters = `Query: \`from\`, \`to\` (days, YYYY-MM-DD, in the app's time zone; either may be left out),
\`kind\` (${Object.keys(journalKindGroups).join(', ')}: the group an entry's kind begins with), \`page\`,
\`limit\` (20 by default, at most 100).

200 \`{ entries: [{ id, at, kind, actor: { name, role, organisationName } | null, eventId, eventTitle,
applicationId, before, after }], pagination }\`, newest first.`;

/** The journal of who did what (issue 53, item 4): an organisation's, and the administrator's of all. */
export const journalRoutes: FastifyPluginAsyncZod<{ db: Db; calendar: Calendar }> = async (
  app,
  { db, calendar },
) => {
  app.get(
    '/api/organisation/journal',
    {
      onRequest: requireRole('school', 'foundation'),
      schema: {
        summary: "The organisation's journal of who did what",
        description: `Caller: an owner or a viewer of a school or a foundation; 403 '${journalMessages.onlyOwnersAndViewers}'
for a coordinator. A foundation reads the entries of its events and its team, a school those of its
applications, hours and team. A person of the other side is shown by organisation and role only
(\`actor.name\` null).

${filters}`,
        tags,
        querystring: journalQuerySchema,
        response: { 200: journalPageSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.memberRole === 'coordinator' || user.organisationId === null) {
        throw forbidden(journalMessages.onlyOwnersAndViewers);
      }
      const kind = user.role === 'school' ? 'school' : 'foundation';
      return listJournal(db, calendar, { kind, organisationId: user.organisationId }, request.query);
    },
  );

  app.get(
    '/api/admin/journal',
    {
      onRequest: requireRole('admin'),
      schema: {
        summary: 'Every journal entry, for the administrator',
        description: `Caller: an administrator. Every entry of every organisation, every name shown.

${filters}`,
        tags,
        querystring: journalQuerySchema,
        response: { 200: journalPageSchema },
      },
    },
    async (request) => listJournal(db, calendar, { kind: 'admin' }, request.query),
  );
};
