import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCredentialsSchema,
  adminEventSchema,
  adminEventsQuerySchema,
  adminPageSize,
  adminRegistrationSchema,
  adminRegistrationsQuerySchema,
  adminReportSchema,
  adminReportsQuerySchema,
  adminStatsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  foundationOptionSchema,
  adminMessages as messages,
  moderationItemSchema,
  moderationListQuerySchema,
} from '../../shared/admin';
import { messageSchema } from '../../shared/answers';
import { idParam } from '../../shared/pagination';
import { currentUser, requireRole } from '../auth/guards';
import type { PasswordHasher } from '../auth/password';
import type { Db } from '../db/client';
import { updateAdminCredentials } from './credentials';
import {
  adminStats,
  deleteAnyEvent,
  deleteAnyRegistration,
  deleteUser,
  listAllEvents,
  listAllRegistrations,
  listAllReports,
  listFoundationOptions,
  listOrganisationsForModeration,
  listUsers,
  type Page,
} from './management';

export interface AdminManagementRoutesOptions {
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
  /** The same hasher and queue as sign-in, to check the current password and hash the new one. */
  hasherFor: (client: string) => PasswordHasher;
}

/** The settings form is tiny; anything bigger is refused before it is parsed. */
const credentialsBodyLimit = 4 * 1024;

const pageOf = (query: { page?: number | undefined; limit?: number | undefined }) => ({
  page: query.page ?? 1,
  limit: query.limit ?? adminPageSize,
});

/**
 * The administrator's panel: counters, every list with its total in X-Total-Count, deletions and the
 * credential change. Every route lets administrators only, before anything is read.
 */
export const adminManagementRoutes: FastifyPluginAsyncZod<AdminManagementRoutesOptions> = async (
  app,
  { db, writeRateLimit, hasherFor },
) => {
  const adminOnly = { onRequest: requireRole('admin') };
  const adminWrite = { ...adminOnly, config: { rateLimit: writeRateLimit } };
  const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema };
  const withTotal = <T>(reply: { header(name: string, value: string): unknown }, page: Page<T>) => {
    reply.header('X-Total-Count', String(page.totalCount));
    return page.items;
  };

  app.get(
    '/api/admin/stats',
    { ...adminOnly, schema: { response: { 200: adminStatsSchema, ...errors } } },
    async () => adminStats(db),
  );

  app.get(
    '/api/admin/users',
    {
      ...adminOnly,
      schema: { querystring: adminUsersQuerySchema, response: { 200: z.array(adminUserSchema), ...errors } },
    },
    async (request, reply) =>
      withTotal(reply, await listUsers(db, { ...request.query, ...pageOf(request.query) })),
  );

  app.get(
    '/api/admin/organizations/moderation',
    {
      ...adminOnly,
      schema: {
        querystring: moderationListQuerySchema,
        response: { 200: z.array(moderationItemSchema), ...errors },
      },
    },
    async (request, reply) =>
      withTotal(
        reply,
        await listOrganisationsForModeration(db, { ...request.query, ...pageOf(request.query) }),
      ),
  );

  app.get(
    '/api/admin/events',
    {
      ...adminOnly,
      schema: {
        querystring: adminEventsQuerySchema,
        response: { 200: z.array(adminEventSchema), ...errors },
      },
    },
    async (request, reply) =>
      withTotal(reply, await listAllEvents(db, { ...request.query, ...pageOf(request.query) })),
  );

  app.get(
    '/api/admin/registrations',
    {
      ...adminOnly,
      schema: {
        querystring: adminRegistrationsQuerySchema,
        response: { 200: z.array(adminRegistrationSchema), ...errors },
      },
    },
    async (request, reply) =>
      withTotal(reply, await listAllRegistrations(db, { ...request.query, ...pageOf(request.query) })),
  );

  app.get(
    '/api/admin/reports',
    {
      ...adminOnly,
      schema: {
        querystring: adminReportsQuerySchema,
        response: { 200: z.array(adminReportSchema), ...errors },
      },
    },
    async (request, reply) => withTotal(reply, await listAllReports(db, pageOf(request.query))),
  );

  app.get(
    '/api/admin/foundations',
    { ...adminOnly, schema: { response: { 200: z.array(foundationOptionSchema), ...errors } } },
    async () => listFoundationOptions(db),
  );

  const deleted = { 200: messageSchema, 404: messageSchema, ...errors };

  app.delete(
    '/api/admin/users/:id',
    {
      ...adminWrite,
      schema: { params: z.object({ id: idParam(messages.userId) }), response: deleted },
    },
    async (request) => {
      await deleteUser(db, request.params.id);
      return { message: messages.userDeleted };
    },
  );

  app.delete(
    '/api/admin/events/:id',
    {
      ...adminWrite,
      schema: { params: z.object({ id: idParam(messages.eventId) }), response: deleted },
    },
    async (request) => {
      await deleteAnyEvent(db, request.params.id);
      return { message: messages.eventDeleted };
    },
  );

  app.delete(
    '/api/admin/registrations/:id',
    {
      ...adminWrite,
      schema: { params: z.object({ id: idParam(messages.registrationId) }), response: deleted },
    },
    async (request) => {
      await deleteAnyRegistration(db, request.params.id);
      return { message: messages.registrationDeleted };
    },
  );

  app.patch(
    '/api/admin/update-credentials',
    {
      ...adminWrite,
      bodyLimit: credentialsBodyLimit,
      schema: {
        body: adminCredentialsSchema,
        response: { 200: messageSchema, 409: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await updateAdminCredentials(db, hasherFor(request.ip), currentUser(request).id, request.body);
      // Every session of the account is gone, this one included; the browser forgets its cookie too.
      reply.clearSessionCookie();
      return { message: messages.credentialsUpdated };
    },
  );
};
