import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/auth';
import { commonErrors } from '../../shared/errors';
import type { Role } from '../../shared/roles';
import { roleLabels } from '../../shared/roles';
import { teamMessages } from '../../shared/team';
import { guard } from '../http/api-contract';
import { forbidden, unauthorized } from '../http/errors';

/**
 * onRequest hook: the caller must be signed in. It runs after the session plugin's own onRequest hook
 * and before the body is read, so a refused caller costs no parsing.
 */
export const requireUser = guard([401], async (request: FastifyRequest, _reply: FastifyReply) => {
  if (!request.user) throw unauthorized(commonErrors.unauthorized);
});

const readMethods = new Set(['GET', 'HEAD']);

/** The signed-in caller, refused unless of one of the `allowed` kinds of account. */
function callerOf(request: FastifyRequest, allowed: readonly Role[]): SessionUser {
  if (!request.user) throw unauthorized(commonErrors.unauthorized);
  if (!allowed.includes(request.user.role)) {
    const names = allowed.map((role) => roleLabels[role].toLowerCase()).join(' или ');
    throw forbidden(`Это действие доступно только для роли: ${names}`);
  }
  return request.user;
}

/**
 * onRequest hook factory: the caller must be signed in with one of the given roles, and a viewer of a
 * school or a foundation may only read (issue 53). Deny by default: every write of an organisation's
 * routes is refused to viewers unless the route says it is the person's own (requirePerson).
 */
export function requireRole(...allowed: Role[]) {
  return guard([401, 403], async (request: FastifyRequest, _reply: FastifyReply) => {
    const caller = callerOf(request, allowed);
    if (caller.memberRole === 'viewer' && !readMethods.has(request.method)) {
      throw forbidden(teamMessages.viewerReadsOnly);
    }
  });
}

/**
 * onRequest hook factory for what belongs to the person rather than to the organisation (their
 * notification settings, their calendar feed): any member may change their own.
 */
export function requirePerson(...allowed: Role[]) {
  return guard([401, 403], async (request: FastifyRequest, _reply: FastifyReply) => {
    callerOf(request, allowed);
  });
}

/** onRequest hook factory: the caller must be an owner of their school or foundation (team, profile). */
export function requireOwner(...allowed: Role[]) {
  return guard([401, 403], async (request: FastifyRequest, _reply: FastifyReply) => {
    const caller = callerOf(request, allowed);
    if (caller.memberRole !== 'owner') throw forbidden(teamMessages.ownerOnly);
  });
}

/** The signed-in user inside a handler behind requireUser or requireRole. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(commonErrors.unauthorized);
  return request.user;
}
