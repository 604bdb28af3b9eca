import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { failureSchema } from '../../shared/answers';
import { maxPageSize } from '../../shared/pagination';
import { sessionCookieName } from '../auth/sessions';

/**
 * The API's contract lives in its routes: each declares its querystring, params, body and one response
 * schema per status it can answer, all zod schemas from src/shared. This module turns those
 * declarations into the OpenAPI document (GET /api/openapi.json) and its reference (/api/docs), adds the
 * answers every route shares, and, in tests, refuses any answer a route did not declare.
 */

/** How a route's description states the `page` and `limit` of its query (shared/pagination.ts). */
export const pageQueryText = (defaultLimit: number) =>
  `\`page\` (from 1), \`limit\` (1–${maxPageSize}; larger values are capped at ${maxPageSize}; default ${defaultLimit})`;

export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 503;

/** What each failure means, as the reference shows it beside the status. */
const failureMeanings: Record<FailureStatus, string> = {
  400: 'Invalid input: the message names the field and the rule',
  401: 'Not signed in',
  403: 'Wrong role, or a state-changing request sent by another site',
  404: 'Not found',
  409: 'Not allowed in the current state',
  410: 'A one-time link that was used, revoked or has expired',
  413: 'Body too large',
  415: 'Body is not JSON',
  429: 'Too many requests; try again in a minute',
  500: 'Unexpected fault; details are only in the server log',
  503: 'Temporarily unavailable',
};

const failureAnswer = (status: FailureStatus) => ({
  description: failureMeanings[status],
  content: { 'application/json': { schema: failureSchema } },
});
type FailureAnswer = ReturnType<typeof failureAnswer>;

/** The route's own failures (404, 409…) with their meaning, spread into its `response`. */
export function failures<S extends FailureStatus>(...statuses: S[]): Record<S, FailureAnswer> {
  return Object.fromEntries(statuses.map((status) => [status, failureAnswer(status)])) as Record<
    S,
    FailureAnswer
  >;
}

type OnRequestHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const guardAnswers = new WeakMap<OnRequestHook, readonly FailureStatus[]>();

/**
 * Marks an onRequest guard with the failures it answers (401, 403…): every route it guards declares
 * them without repeating them.
 */
export function guard<T extends OnRequestHook>(statuses: readonly FailureStatus[], hook: T): T {
  guardAnswers.set(hook, statuses);
  return hook;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The failures a route can answer because of how it is configured rather than of what it does: invalid
 * input when it validates any (400), an unreadable, oversized or non-JSON body or another site's origin
 * when it changes something (400, 413, 415, 403), the rate limit (429), its guards (401, 403) and an
 * unexpected fault (500).
 */
function sharedFailures(route: RouteOptions): FailureStatus[] {
  const statuses = new Set<FailureStatus>([500]);
  const { schema } = route;
  if (schema?.body || schema?.querystring || schema?.params) statuses.add(400);
  if ([route.method].flat().some((method) => bodyMethods.has(method))) {
    // 403: origin-check.ts refuses a state-changing request sent by another site.
    for (const status of [400, 403, 413, 415] as const) statuses.add(status);
  }
  if (route.config && 'rateLimit' in route.config && route.config.rateLimit != null) statuses.add(429);
  for (const hook of [route.onRequest ?? []].flat()) {
    for (const status of guardAnswers.get(hook as OnRequestHook) ?? []) statuses.add(status);
  }
  return [...statuses];
}

const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith(docsPrefix);

/** The reference's own files are not part of the API. */
const docsPrefix = '/api/docs';

/** Whether `status` is among the route's declared answers, exactly or by its class ('2xx'). */
export function declaresAnswer(response: object | undefined, status: number): boolean {
  if (!response) return false;
  return String(status) in response || `${String(status)[0]}xx` in response || 'default' in response;
}

const description = `JSON over HTTP under \`/api\`. Every failure answers \`{ "message": "<Russian text>" }\` with
its status: 400 invalid input, 401 not signed in, 403 wrong role or another site's request, 404, 409 wrong
state, 413 body too large, 415 not JSON, 429 too many attempts, 500 an unexpected fault.

State-changing requests whose \`Origin\` is not this site are refused with 403. A JSON body may be at most
256 KB (the sign-in forms 4 KB; only POST /api/images takes up to 5 MB of raw image bytes); larger is a 413
before it is read; JSON nested deeper than 64 levels is a 400. Routes for signed-in callers answer 401/403
before the body is read, whatever it holds. Every POST, PUT, PATCH and DELETE is rate limited: 60 per
minute per address and route unless its operation says otherwise.

The session is the \`${sessionCookieName}\` cookie (HttpOnly, SameSite=Lax, Secure when \`SESSION_SECURE=1\`),
valid 30 days and extended when used after half of that. Lists that page answer an array and give the
total in the \`X-Total-Count\` header.`;

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The generated document without what only gets in a reader's way: the bounds zod puts on every integer
 * (JavaScript's safe range) and the components nothing refers to (the generator adds an input twin of
 * every named answer, `EventSummaryInput` beside `EventSummary`).
 */
function readableDocument<T extends object>(document: T): T {
  const withoutSafeBounds = (value: JsonValue): JsonValue => {
    if (Array.isArray(value)) return value.map(withoutSafeBounds);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value).filter(
      ([key, item]) =>
        !(key === 'minimum' && item === Number.MIN_SAFE_INTEGER) &&
        !(key === 'maximum' && item === Number.MAX_SAFE_INTEGER),
    );
    return Object.fromEntries(entries.map(([key, item]) => [key, withoutSafeBounds(item)]));
  };
  const cleaned = withoutSafeBounds(document as unknown as JsonValue) as {
    components?: { schemas?: Record<string, JsonValue> };
  };
  const schemas = cleaned.components?.schemas;
  if (!schemas) return cleaned as T;
  const referenced = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1] ?? '');
  const { components, ...rest } = cleaned;
  const kept = new Set(referenced(rest));
  for (const name of kept) for (const inner of referenced(schemas[name])) kept.add(inner);
  const keptSchemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
  return { ...cleaned, components: { ...components, schemas: keptSchemas } } as T;
}

/** The groups of the reference, in the order a reader meets them, with what holds for a whole group. */
const operationGroups = [
  {
    name: 'accounts',
    description: 'Signing up, in and out; the session; changing and resetting a password.',
  },
  {
    name: 'team',
    description:
      'The people of a school or a foundation (issue 53): owners manage the team and the profile, coordinators do the work, viewers read. Invitations are one-time links sent by e-mail; the administrator can step in when an owner has left.',
  },
  {
    name: 'events',
    description:
      'Visitors see events of approved foundations only, never cancelled ones; free places, availability and whether an event is past are computed in the query. A foundation also sees and manages its own events in every status.',
  },
  {
    name: 'applications',
    description:
      'Applications of schools for events. An application holds its places while pending or approved; every writer locks the event row first, then the application, so concurrent applications never overbook and never deadlock.',
  },
  {
    name: 'foundations',
    description: "The public catalogue of foundations and a foundation's own counters.",
  },
  { name: 'volunteer-requests', description: "Foundations' requests for volunteers and schools' responses." },
  { name: 'news', description: 'Published news.' },
  { name: 'profile', description: "The signed-in organisation's profile." },
  { name: 'notifications', description: "The signed-in account's notifications." },
  {
    name: 'notification-settings',
    description:
      'Which kinds of e-mail an organisation gets, and the one-click unsubscribe links of its letters.',
  },
  { name: 'reports', description: "A foundation's reports of past events." },
  { name: 'images', description: 'Uploaded pictures, decoded and re-encoded before they are stored.' },
  {
    name: 'proof-of-hours',
    description: "A school's certificates of volunteer hours and the public verification of their codes.",
  },
  {
    name: 'calendars',
    description: "iCalendar files of events and the private feeds of schools' and foundations' events.",
  },
  { name: 'share-cards', description: 'Link-preview pictures of public pages.' },
  { name: 'impact', description: 'Figures of the whole platform for the home page.' },
  {
    name: 'hour-reports',
    description:
      'Hours per month for the charts of the school, the foundation and the administrator: pupils who came and hours credited, from the ledger of credits.',
  },
  {
    name: 'administration',
    description: 'The administrator: moderation, users, events, applications, reports, news.',
  },
  { name: 'health', description: 'For the proxy in front of the app processes.' },
];

export interface ApiContractOptions {
  /** Tests: an answer whose status the route does not declare becomes a 500 that names it. */
  refuseUndeclaredAnswers: boolean;
}

async function apiContractPlugin(app: FastifyInstance, options: ApiContractOptions): Promise<void> {
  // Before @fastify/swagger's own onRoute hook, so the document lists the shared failures too.
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.schema?.hide) return;
    const response: Record<string, unknown> = { ...(route.schema?.response as object | undefined) };
    for (const status of sharedFailures(route)) response[status] ??= failureAnswer(status);
    route.schema = { ...route.schema, response };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'API платформы школьного волонтёрства', version: '1', description },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookieName } },
      },
      tags: operationGroups,
    },
    // Input schemas with a preprocess step have no JSON Schema of their own; they are shown as 'any'.
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: (document) => readableDocument(jsonSchemaTransformObject(document)),
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Swagger UI's script is served from this prefix only: the public pages never load it. Its groups open
  // collapsed: with every group open ('list'), Swagger UI 5 drew the first group only once the document had
  // some 130 operations (issue 53 brought it to 138), silently.
  await app.register(swaggerUi, { routePrefix: docsPrefix, uiConfig: { docExpansion: 'none' } });

  if (options.refuseUndeclaredAnswers) {
    app.addHook('onSend', async (request, reply, payload) => {
      const { url, schema } = request.routeOptions;
      if (!url || !isApiRoute(url) || schema?.hide) return payload;
      if (declaresAnswer(schema?.response as object | undefined, reply.statusCode)) return payload;
      const message = `Ответ ${reply.statusCode} не объявлен в схеме маршрута ${request.method} ${url}`;
      reply.code(500).header('content-type', 'application/json; charset=utf-8');
      reply.removeHeader('content-length');
      return JSON.stringify({ message });
    });
  }
}

export const apiContract = fp(apiContractPlugin, { name: 'api-contract' });
