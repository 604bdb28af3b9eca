import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminApplicationSchema,
  adminApplicationsQuerySchema,
  adminCredentialsSchema,
  adminEventSchema,
  adminEventsQuerySchema,
  adminPageSize,
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
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { type PageQuery, pageAsked, withTotalCount } from '../http/pages';
import { updateAdminCredentials } from './credentials';
import { deleteAnyApplication, deleteAnyEvent, deleteUser } from './deletions';
import {
  adminStats,
  listAllApplications,
  listAllEvents,
  listAllReports,
  listFoundationOptions,
  listOrganisationsForModeration,
  listUsers,
  type Page,
  type PageRequest,
} from './lists';

export interface AdminManagementRoutesOptions {
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
  /** The same hasher and queue as sign-in, to check the current password and hash the new one. */
  hasherFor: (client: string) => PasswordHasher;
}

/** The settings form is tiny; anything bigger is refused before it is parsed. */
const credentialsBodyLimit = 4 * 1024;

/** A list's query with the page it asks for, of the administrator's page size where it names none. */
const adminPage = <Q extends PageQuery>(query: Q) => ({
  ...query,
  ...pageAsked(query, adminPageSize),
});

/**
 * The administrator's panel: counters, every list with its total in X-Total-Count, deletions and the
 * credential change. Every route lets administrators only, before anything is read.
 */
export const adminManagementRoutes: FastifyPluginAsyncZod<AdminManagementRoutesOptions> = async (
  app,
  { db, calendar, writeRateLimit, hasherFor },
) => {
  const adminOnly = { onRequest: requireRole('admin') };
  const adminWrite = { ...adminOnly, config: { rateLimit: writeRateLimit } };
  const tags = ['administration'];
  const caller = `Caller: an administrator (401 'Необходима авторизация' when anonymous, 403 for any other
role, both before anything is read).`;
  const paging = `\`page\` (from 1) and \`limit\` (default 20, capped at 100); a malformed page or limit is a 400.
The answer is an array of one page; the \`X-Total-Count\` header gives the number of matches.`;
  const withTotal = <T>(reply: { header(name: string, value: string): unknown }, page: Page<T>) =>
    withTotalCount(reply, page.items, page.totalCount);

  app.get(
    '/api/admin/stats',
    {
      ...adminOnly,
      schema: {
        summary: "The panel's counters",
        description: `${caller}

200 \`{ users: { total, foundations, schools, volunteers, admins }, foundations (foundation profiles),
events, registrations (every application, whatever its status) }\`.`,
        tags,
        response: { 200: adminStatsSchema },
      },
    },
    async () => adminStats(db, app.publicCache),
  );

  /** One of the panel's lists: a page of it as the answer, the number of matches in X-Total-Count. */
  const pagedList = <Query extends z.ZodType<PageQuery>, Item extends z.ZodType>(
    url: string,
    declared: { summary: string; description: string; querystring: Query; item: Item },
    list: (query: z.output<Query> & PageRequest) => Promise<Page<z.output<Item>>>,
  ) =>
    app.get(
      url,
      {
        ...adminOnly,
        schema: {
          summary: declared.summary,
          description: `${caller}\n\n${declared.description}`,
          tags,
          querystring: declared.querystring,
          response: { 200: z.array(declared.item) },
        },
      },
      // The type provider cannot resolve a query schema that is a type parameter: the cast names it.
      async (request, reply) => withTotal(reply, await list(adminPage(request.query as z.output<Query>))),
    );

  pagedList(
    '/api/admin/users',
    {
      summary: 'Every account',
      description: `Query: \`search\` (account name or organisation name, case-insensitive, \`%\` and \`_\` taken literally,
up to 100 characters), \`role\` (\`all\` (default), \`admin\`, \`foundation\`, \`school\`, \`volunteer\`),
${paging}

200: the accounts, newest first; the organisation fields are null for accounts without an organisation.

400: 'Роль может быть только: all, admin, foundation, school или volunteer', 'Поисковый запрос слишком
длинный'.`,
      querystring: adminUsersQuerySchema,
      item: adminUserSchema,
    },
    (query) => listUsers(db, query, app.publicCache),
  );

  pagedList(
    '/api/admin/organizations/moderation',
    {
      summary: 'Organisations for moderation',
      description: `Query: \`status\` (\`all\` (default), \`pending\`, \`approved\`, \`rejected\`, \`needs_changes\`), \`type\`
(\`all\` (default), \`foundation\`, \`school\`), ${paging}

200: foundations and schools, pending first, then the newest. Each item's \`id\` is its account's, the
id PATCH /api/admin/organizations/{id}/moderate takes; \`organisationId\` is the organisation's own
number. \`directions\` are a foundation's fields of work (\`[]\` for a school).

400: 'Статус модерации может быть только: all, pending, approved, rejected или needs_changes', 'Тип
организации может быть только: all, foundation или school'.`,
      querystring: moderationListQuerySchema,
      item: moderationItemSchema,
    },
    (query) => listOrganisationsForModeration(db, query, app.publicCache),
  );

  pagedList(
    '/api/admin/events',
    {
      summary: 'Every event',
      description: `Query: \`search\` (title or foundation name, up to 100 characters), ${paging}

200: every event of every foundation, whatever its status, the latest day first. \`totalSlots\` null
means unlimited places.`,
      querystring: adminEventsQuerySchema,
      item: adminEventSchema,
    },
    (query) => listAllEvents(db, query, app.publicCache),
  );

  pagedList(
    '/api/admin/applications',
    {
      summary: 'Every application',
      description: `Query: \`status\` (\`all\` (default), \`pending\`, \`approved\`, \`rejected\`, \`completed\`), ${paging}

200: the applications, newest first. 400: 'Статус заявки может быть только: all, pending, approved,
rejected или completed'.`,
      querystring: adminApplicationsQuerySchema,
      item: adminApplicationSchema,
    },
    (query) => listAllApplications(db, query, app.publicCache),
  );

  pagedList(
    '/api/admin/reports',
    {
      summary: "Every foundation's reports",
      description: `Query: ${paging}

200: the reports, newest first, with their foundation's name and account name.`,
      querystring: adminReportsQuerySchema,
      item: adminReportSchema,
    },
    (query) => listAllReports(db, query),
  );

  app.get(
    '/api/admin/foundations',
    {
      ...adminOnly,
      schema: {
        summary: "Foundations for the news form's selector",
        description: `${caller}

200: every foundation by name (at most 500); the account name stands in for a name not filled in.`,
        tags,
        response: { 200: z.array(foundationOptionSchema) },
      },
    },
    async () => listFoundationOptions(db),
  );

  const deleted = { 200: messageSchema, ...failures(404) };

  app.delete(
    '/api/admin/users/:id',
    {
      ...adminWrite,
      schema: {
        summary: 'Delete an account, and its organisation with its last member',
        description: `${caller} Rate limited like every write.

Deletes the account; every session of it ends. A member of a team of several goes alone: the
organisation stays, and if they were its only owner the member who joined first becomes the owner.
The organisation's last member takes it with them, with everything that belongs to it. A school:
its pending and approved applications give their places back, the foundations are notified, its
credited hours go too. A foundation: its events with their applications, reports and volunteer
requests go; schools with active applications are notified; hours already credited stay.

200 \`{ message: 'Пользователь удален' }\`. 400 'Некорректный номер пользователя'; 403 'Администратора
удалить нельзя'; 404 'Пользователь не найден'.`,
        tags,
        params: z.object({ id: idParam(messages.userId) }),
        response: deleted,
      },
    },
    async (request) => {
      await deleteUser(db, calendar, request.params.id, currentUser(request).id);
      return { message: messages.userDeleted };
    },
  );

  app.delete(
    '/api/admin/events/:id',
    {
      ...adminWrite,
      config: { ...adminWrite.config, leavesAccounts: true as const, publicChanges: writeChanges.event },
      schema: {
        summary: 'Delete any event',
        description: `${caller} Rate limited like every write.

Any event, any status, with its applications; schools with active applications and the owning
foundation are notified; credited hours stay.

200 \`{ message: 'Мероприятие удалено' }\`. 400 'Некорректный номер мероприятия'; 404 'Мероприятие не
найдено'.`,
        tags,
        params: z.object({ id: idParam(messages.eventId) }),
        response: deleted,
      },
    },
    async (request) => {
      await deleteAnyEvent(db, request.params.id, currentUser(request).id);
      return { message: messages.eventDeleted };
    },
  );

  app.delete(
    '/api/admin/applications/:id',
    {
      ...adminWrite,
      config: {
        ...adminWrite.config,
        leavesAccounts: true as const,
        publicChanges: writeChanges.application,
      },
      schema: {
        summary: 'Delete any application',
        description: `${caller} Rate limited like every write.

Any application; a pending or approved one gives its places back under the event's row lock; the school
is notified.

200 \`{ message: 'Заявка удалена' }\`. 400 'Некорректный номер заявки'; 404 'Заявка не найдена'.`,
        tags,
        params: z.object({ id: idParam(messages.applicationId) }),
        response: deleted,
      },
    },
    async (request) => {
      await deleteAnyApplication(db, calendar, request.params.id, currentUser(request).id);
      return { message: messages.applicationDeleted };
    },
  );

  app.patch(
    '/api/admin/update-credentials',
    {
      ...adminWrite,
      bodyLimit: credentialsBodyLimit,
      schema: {
        summary: "Change the administrator's name or password",
        description: `${caller} Rate limited like every write. At most 4 KB.

Body \`{ currentPassword, newUsername?, newPassword? }\`; a blank new field means "leave it as it is".

200 \`{ message: 'Данные администратора обновлены' }\`: every session of the account ends, the current
one included, and the cookie is cleared; sign in again at POST /api/admin/login.

400: 'Введите текущий пароль', 'Неверный текущий пароль', 'Пароль должен содержать минимум 6 символов',
'Имя пользователя должно содержать минимум 3 символа', 'Укажите новое имя пользователя или новый
пароль'. 409 'Пользователь с таким именем уже существует'.`,
        tags,
        body: adminCredentialsSchema,
        response: { 200: messageSchema, ...failures(409) },
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
