import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../shared/answers';
import { sessionUserSchema } from '../../shared/auth';
import { memberRoleLabels } from '../../shared/roles';
import {
  invitationAcceptSchema,
  invitationInputSchema,
  invitationLifetimeDays,
  invitationLinkParamsSchema,
  invitationLinkSchema,
  invitationParamsSchema,
  invitationSentSchema,
  invitationsAnswerSchema,
  memberParamsSchema,
  memberRoleChangeSchema,
  membersAnswerSchema,
  teamMessages as messages,
  ownershipTransferSchema,
} from '../../shared/team';
import { currentUser, requireOwner, requirePerson, requireRole } from '../auth/guards';
import type { PasswordHasher } from '../auth/password';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import {
  acceptInvitation,
  changeMemberRole,
  checkInvitationLink,
  invite,
  listInvitations,
  listMembers,
  removeMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
} from './service';

export interface TeamRoutesOptions {
  db: Db;
  calendar: Calendar;
  hasherFor: (client: string) => PasswordHasher;
  writeRateLimit: { max: number; timeWindow: number };
  /** Attempts per client address within the window, as for sign-in: a token could be guessed otherwise. */
  authRateLimit: { max: number; timeWindow: number };
}

const tags = ['team'];
const bodyLimit = 4 * 1024;
const roles = `${memberRoleLabels.owner} (owner), ${memberRoleLabels.coordinator} (coordinator), ${memberRoleLabels.viewer} (viewer)`;

/**
 * The team of a school or a foundation (issue 53, items 2 and 3): its members and roles, the invitations
 * that bring new people in, and the link a person accepts one with.
 */
export const teamRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (
  app,
  { db, calendar, hasherFor, writeRateLimit, authRateLimit },
) => {
  const anyMember = { onRequest: requireRole('school', 'foundation') };
  const owner = { onRequest: requireOwner('school', 'foundation'), config: { rateLimit: writeRateLimit } };
  const rateLimit = { max: authRateLimit.max, timeWindow: authRateLimit.timeWindow };

  app.get(
    '/api/organisation/members',
    {
      ...anyMember,
      schema: {
        summary: "The signed-in person's team",
        description: `Caller: any member of a school or a foundation (401 anonymous, 403 otherwise).

200 \`{ organisationName, members: [{ id, userId, username, email, role, joinedAt, isYou }] }\`: owners
first, then coordinators, then viewers. Roles: ${roles}.`,
        tags,
        response: { 200: membersAnswerSchema },
      },
    },
    async (request) => listMembers(db, currentUser(request).id),
  );

  app.patch(
    '/api/organisation/members/:id',
    {
      ...owner,
      bodyLimit,
      schema: {
        summary: "Change a member's role",
        description: `Caller: an owner (403 for coordinators, viewers and other roles).

Body \`{ role }\`: owner, coordinator or viewer. The member's open sessions take the new role at once, on
every node. Recorded in the journal.

200 \`{ message: '${messages.roleChanged}' }\`. 404 '${messages.memberNotFound}' for a member of another
organisation. 409 '${messages.lastOwner}' when the last owner would be left without one.`,
        tags,
        params: memberParamsSchema,
        body: memberRoleChangeSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) => {
      await changeMemberRole(db, currentUser(request).id, request.params.id, request.body.role);
      return { message: messages.roleChanged };
    },
  );

  app.delete(
    '/api/organisation/members/:id',
    {
      onRequest: requirePerson('school', 'foundation'),
      config: { rateLimit: writeRateLimit },
      schema: {
        summary: 'Remove a member from the team, or leave it',
        description: `Caller: an owner for anyone of the team; any member for themselves (leaving). 403
'${messages.ownerOnly}' for a coordinator or viewer removing someone else.

The person's account goes with the membership: every session of it ends at once on every node (their
next request is 401), and nobody can sign in as them. What they did stays in the journal under their
name. Recorded in the journal.

200 \`{ message }\`: '${messages.removed}' or '${messages.left}'. 404 '${messages.memberNotFound}'. 409
'${messages.lastOwner}' for the last owner.`,
        tags,
        params: memberParamsSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await removeMember(db, currentUser(request).id, request.params.id);
      if (outcome === 'left') reply.clearSessionCookie();
      return { message: outcome === 'left' ? messages.left : messages.removed };
    },
  );

  app.post(
    '/api/organisation/transfer-ownership',
    {
      ...owner,
      bodyLimit,
      schema: {
        summary: 'Make another member the owner',
        description: `Caller: an owner. Body \`{ memberId }\`: a member of the same team. They become an owner;
the caller stays on as a coordinator. Recorded in the journal.

200 \`{ message: '${messages.ownershipTransferred}' }\`. 404 '${messages.memberNotFound}'. 409
'${messages.notYourself}', '${messages.alreadyOwner}'.`,
        tags,
        body: ownershipTransferSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) => {
      await transferOwnership(db, currentUser(request).id, request.body.memberId);
      return { message: messages.ownershipTransferred };
    },
  );

  app.get(
    '/api/organisation/invitations',
    {
      ...anyMember,
      schema: {
        summary: "The team's open invitations",
        description: `Caller: any member of a school or a foundation.

200 \`{ invitations: [{ id, email, role, invitedBy, sentAt, expiresAt, expired }] }\`: those neither
accepted nor revoked, oldest first; \`expired\` past their ${invitationLifetimeDays} days.`,
        tags,
        response: { 200: invitationsAnswerSchema },
      },
    },
    async (request) => ({ invitations: await listInvitations(db, calendar.now, currentUser(request).id) }),
  );

  app.post(
    '/api/organisation/invitations',
    {
      ...owner,
      bodyLimit,
      // Writes an invitation and a letter, never an account or a session.
      config: { rateLimit: writeRateLimit, leavesAccounts: true, publicChanges: writeChanges.nothingPublic },
      schema: {
        summary: 'Invite a person into the team by e-mail',
        description: `Caller: an owner. Body \`{ email, role }\`: role coordinator or viewer.

Sends a Russian letter with a one-time link to \`/invite#<token>\`, valid ${invitationLifetimeDays} days;
only the token's SHA-256 is stored and the token is never logged. Recorded in the journal.

201 \`{ message, invitation }\`. 400 '${messages.email}', '${messages.emailInvalid}', '${messages.role}'. 409
'${messages.alreadyInvited}', '${messages.alreadyMember}'.`,
        tags,
        body: invitationInputSchema,
        response: { 201: invitationSentSchema, ...failures(409) },
      },
    },
    async (request, reply) => {
      const invitation = await invite(db, calendar.now, currentUser(request).id, request.body);
      return reply.status(201).send({ message: messages.invitationSent(invitation.email), invitation });
    },
  );

  app.delete(
    '/api/organisation/invitations/:id',
    {
      ...owner,
      config: { rateLimit: writeRateLimit, leavesAccounts: true, publicChanges: writeChanges.nothingPublic },
      schema: {
        summary: 'Revoke an invitation',
        description: `Caller: an owner. The link in the letter stops working at once. Recorded in the journal.

200 \`{ message: '${messages.invitationRevoked}' }\`. 404 '${messages.invitationNotFound}' (another
organisation's too). 409 '${messages.invitationClosed}'.`,
        tags,
        params: invitationParamsSchema,
        response: { 200: messageSchema, ...failures(404, 409) },
      },
    },
    async (request) => {
      await revokeInvitation(db, calendar.now, currentUser(request).id, request.params.id);
      return { message: messages.invitationRevoked };
    },
  );

  app.post(
    '/api/organisation/invitations/:id/resend',
    {
      ...owner,
      config: { rateLimit: writeRateLimit, leavesAccounts: true, publicChanges: writeChanges.nothingPublic },
      schema: {
        summary: 'Send an invitation again',
        description: `Caller: an owner. A new link, valid ${invitationLifetimeDays} days from now, goes to the same
address; the previous link stops working.

200 \`{ message, invitation }\`. 404 '${messages.invitationNotFound}'. 409 '${messages.invitationClosed}'.`,
        tags,
        params: invitationParamsSchema,
        response: { 200: invitationSentSchema, ...failures(404, 409) },
      },
    },
    async (request) => {
      const invitation = await resendInvitation(db, calendar.now, currentUser(request).id, request.params.id);
      return { message: messages.invitationResent(invitation.email), invitation };
    },
  );

  app.get(
    '/api/invitation-links/:token',
    {
      config: { rateLimit },
      schema: {
        summary: 'Say whether an invitation link can still be accepted',
        description: `Caller: anyone; the acceptance page asks before it shows the form. Rate limit: 10 per minute
per address. Uses nothing up; the token in the address is scrubbed from the logs.

200 \`{ organisationName, organisationKind, role, email }\`. 404 '${messages.linkInvalid}' for an unknown
link (400 the same for a token that is not one at all). 410 '${messages.linkUsed}', '${messages.linkRevoked}'
or '${messages.linkExpired}', checked in that order.`,
        tags,
        params: invitationLinkParamsSchema,
        response: { 200: invitationLinkSchema, ...failures(404, 410, 429) },
      },
    },
    async (request) => checkInvitationLink(db, calendar.now, request.params.token),
  );

  app.post(
    '/api/invitations/accept',
    {
      bodyLimit,
      // A new account, as a sign-up makes: no remembered session is anyone else's.
      config: { rateLimit, leavesAccounts: true },
      schema: {
        summary: 'Accept an invitation: create the account in the team and sign in',
        description: `Caller: anyone; the token is the proof. Rate limit: 10 per minute per address.

Body \`{ token, username, password, confirmPassword }\`: the token from the link (after '#'), the username
and password by the sign-up rules. The account joins the organisation with the invitation's role and
e-mail; the link is used up (of two acceptances at once, one wins). Recorded in the journal.

201: the user; sets the session cookie. 400 the sign-up rules' messages, 'Пароли не совпадают'. 404
'${messages.linkInvalid}'. 410 as for GET /api/invitation-links/{token}. 409 'Пользователь с таким именем
уже существует'. 429 and 503 also when the password-hashing queue is full.`,
        tags,
        body: invitationAcceptSchema,
        response: { 201: sessionUserSchema, ...failures(404, 409, 410, 429, 503) },
      },
    },
    async (request, reply) => {
      const signedIn = await acceptInvitation(db, hasherFor(request.ip), calendar.now, request.body);
      reply.setSessionCookie(signedIn.sessionId, signedIn.expiresAt);
      return reply.status(201).send(signedIn.user);
    },
  );
};
