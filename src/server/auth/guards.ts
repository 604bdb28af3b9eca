import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/auth';
import { commonErrors } from '../../shared/errors';
import type { Role } from '../../shared/roles';
import { roleLabels } from '../../shared/roles';
import { guard } from '../http/api-contract';
import { forbidden, unauthorized } from '../http/errors';

/**
 * onRequest hook: the caller must be signed in. It runs after the session plugin's own onRequest hook
 * and before the body is read, so a refused caller costs no parsing.
 */
export const requireUser = guard([401], async (request: FastifyRequest, _reply: FastifyReply) => {
  if (!request.user) throw unauthorized(commonErrors.unauthorized);
});

/** onRequest hook factory: the caller must be signed in with one of the given roles. */
export function requireRole(...allowed: Role[]) {
  return guard([401, 403], async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw unauthorized(commonErrors.unauthorized);
    if (!allowed.includes(request.user.role)) {
      const names = allowed.map((role) => roleLabels[role].toLowerCase()).join(' или ');
      throw forbidden(`Это действие доступно только для роли: ${names}`);
    }
  });
}

/** The signed-in user inside a handler behind requireUser or requireRole. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(commonErrors.unauthorized);
  return request.user;
}
