import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { idParam } from '../../shared/pagination';
import { membersAnswerSchema, teamMessages as messages, ownershipTransferSchema } from '../../shared/team';
import { currentUser, requireRole } from '../auth/guards';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { listMembersForAdmin, makeOwnerAsAdmin, removeMemberAsAdmin } from './service';

const tags = ['team'];
const organisationParams = z.object({ id: idParam(messages.organisationNotFound) });
const memberParams = organisationParams.extend({ memberId: idParam(messages.memberNotFound) });

/**
 * The administrator's hand in a team (issue 53, item 6): seeing an organisation's people, removing one,
 * making one the owner when the only owner has left. An organisation is named by one of its members' user
 * ids, as in the moderation routes.
 */
export const adminTeamRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, writeRateLimit }) => {
  const adminOnly = requireRole('admin');

  app.get(
    '/api/admin/organizations/:id/members',
    {
      onRequest: adminOnly,
      schema: {
        summary: "An organisation's team, for the administrator",
        description: `Caller: an administrator. \`id\`: the user id of any member (as the moderation list gives it).

200 as GET /api/organisation/members. 404 '${messages.organisationNotFound}'.`,
        tags,
        params: organisationParams,
        response: { 200: membersAnswerSchema, ...failures(404) },
      },
    },
    async (request) => listMembersForAdmin(db, currentUser(request), request.params.id),
  );

  app.delete(
    '/api/admin/organizations/:id/members/:memberId',
    {
      onRequest: adminOnly,
      config: { rateLimit: writeRateLimit },
      schema: {
        summary: 'Remove a member of an organisation, as the administrator',
        description: `Caller: an administrator. The person's account and sessions end, as when the team removes
them; recorded in the organisation's journal.

200 \`{ message: '${messages.removed}' }\`. 404 '${messages.organisationNotFound}', '${messages.memberNotFound}'.
409 '${messages.lastOwner}': make another member the owner first.`,
        tags,
        params: memberParams,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) => {
      await removeMemberAsAdmin(db, currentUser(request), request.params.id, request.params.memberId);
      return { message: messages.removed };
    },
  );

  app.post(
    '/api/admin/organizations/:id/owner',
    {
      onRequest: adminOnly,
      config: { rateLimit: writeRateLimit },
      schema: {
        summary: 'Make a member the owner of an organisation, as the administrator',
        description: `Caller: an administrator. Body \`{ memberId }\`. For a school or foundation whose only owner
left: nobody is demoted. Recorded in the organisation's journal.

200 \`{ message: '${messages.madeOwner}' }\`. 404 '${messages.organisationNotFound}', '${messages.memberNotFound}'.
409 '${messages.alreadyOwner}'.`,
        tags,
        params: organisationParams,
        body: ownershipTransferSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) => {
      await makeOwnerAsAdmin(db, currentUser(request), request.params.id, request.body.memberId);
      return { message: messages.madeOwner };
    },
  );
};
