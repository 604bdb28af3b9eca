import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultAppTimeZone } from '../shared/dates';
import { commonErrors } from '../shared/errors';
import { type ImageQuota, imageQuota } from '../shared/images';
import { russianZodMessage } from '../shared/zod-messages';
import { adminManagementRoutes } from './admin/management-routes';
import { adminNewsRoutes } from './admin/news-routes';
import { adminRoutes } from './admin/routes';
import { applicationListRoutes } from './applications/list-routes';
import { applicationRoutes } from './applications/routes';
import { defaultHashingConcurrency, defaultHashingMaxWaiting, HashingQueue } from './auth/hashing-queue';
import { createPasswordHasher, type PasswordHasher } from './auth/password';
import { authRoutes } from './auth/routes';
import { sessionPlugin } from './auth/session-plugin';
import { type Calendar, createCalendar } from './calendar';
import { calendarRoutes, defaultCalendarFeedRateLimit } from './calendars/routes';
import { certificateRoutes, defaultVerifyRateLimit } from './certificates/routes';
import type { TrustProxy } from './config';
import { type ChangeFeed, singleProcessChangeFeed } from './db/change-feed';
import type { Db } from './db/client';
import { defaultPdfPoolOptions, PdfPool, type PdfPoolOptions } from './documents/pdf-pool';
import { eventMessageRoutes } from './event-messages/routes';
import { eventRoutes } from './events/routes';
import { exportRoutes } from './exports/routes';
import { foundationRoutes } from './foundations/routes';
import { healthRoutes } from './health/routes';
import { hourReportRoutes } from './hour-reports/routes';
import { announceChanges } from './http/announce-changes';
import { apiContract } from './http/api-contract';
import { answerClientError } from './http/client-errors';
import { stopReadsOfGoneClients } from './http/client-gone';
import { closeConnectionsOnShutdown } from './http/close-connections';
import { compressedAnswers } from './http/compressed-answers';
import { contentSecurityPolicy } from './http/content-security-policy';
import { registerErrorHandler } from './http/error-handler';
import { HttpError } from './http/errors';
import { headRequests } from './http/head-requests';
import { maxJsonBodyBytes, registerJsonBodyParser } from './http/json-body';
import { currentAddress } from './http/old-addresses';
import { originCheck } from './http/origin-check';
import { markPrivate, privateAnswers } from './http/private-answers';
import { PublicReadCache, publicCachePlugin } from './http/public-cache';
import { databaseRateLimitStore, rateLimitSweeper } from './http/rate-limit-store';
import { securityHeaders } from './http/security-headers';
import { defaultServerTimeouts, type ServerTimeouts, serverTimeoutOptions } from './http/server-timeouts';
import { fastifyTrustProxy } from './http/trust-proxy';
import { imageCleanup, imageCleanupEveryMs } from './images/cleanup';
import { imageRoutes } from './images/routes';
import { impactRoutes } from './impact/routes';
import { journalRoutes } from './journal/routes';
import { mailDeliveryRoutes } from './mail/routes';
import type { MailTransport } from './mail/transport';
import { defaultMailPollMs, mailWorker } from './mail/worker';
import { newsRoutes } from './news/routes';
import { notificationSettingsRoutes } from './notification-settings/routes';
import { notificationRoutes } from './notifications/routes';
import { wordLetter } from './notifications/worded-letters';
import { loadBareApp } from './pages/app-document';
import { loadRenderedPages } from './pages/rendered-pages';
import { participationCodeRoutes } from './participation-codes/routes';
import { passwordRoutes } from './passwords/routes';
import { printoutRoutes } from './printouts/routes';
import { profileRoutes } from './profile/routes';
import { dayBeforeReminders, reminderEveryMs } from './reminders/scheduler';
import { reportRoutes } from './reports/routes';
import { shareCardRoutes } from './share-cards/routes';
import { adminTeamRoutes } from './team/admin-routes';
import { teamRoutes } from './team/routes';
import { volunteerRequestRoutes } from './volunteer-requests/routes';

// zod's own rules answer in Russian; the schemas' own messages still come first.
z.config({ localeError: russianZodMessage });

export interface RegisteredRoute {
  method: string;
  url: string;
  rateLimited: boolean;
  /** The statuses its response schema declares, shared failures included ('200', '404'…). */
  answers: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route as it was registered, for the tests that each route is in the authorization matrix
     * (security/) and that each state-changing route is rate limited (http/write-rate-limits.test.ts).
     */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export interface AppDeps {
  db: Db;
  /** Sets the Secure flag on the session cookie and turns on HSTS; for deployments behind HTTPS. */
  secureCookies?: boolean;
  /** Folder of the built web app; when absent only the API is served. */
  webRoot?: string;
  /**
   * The built src/web/entry-server.tsx: public pages are then drawn by the server for visitors who are
   * not signed in. Without it (or when the file is missing) every page path gets the bare app.
   */
  pageRendererFile?: string;
  hasher?: PasswordHasher;
  /** Decides what "today" is; defaults to Europe/Moscow and the real clock. */
  calendar?: Calendar;
  authRateLimit?: { max: number; timeWindow: number };
  /** Sign-in attempts per client address over all names; three times `authRateLimit` by default. */
  signInAddressRateLimit?: { max: number; timeWindow: number };
  /** Where every password hash waits its turn; one slot per spare core and 32 waiting by default. */
  hashingQueue?: HashingQueue;
  /** State-changing requests per client address and route within the window. */
  writeRateLimit?: { max: number; timeWindow: number };
  /** Claims of pupils' participation codes per client address; 10 a minute by default. */
  claimRateLimit?: { max: number; timeWindow: number };
  /**
   * Where the rate limits count: in the database, so that every process behind a proxy shares the
   * counts (the default), or in this process's memory when it is the only one, as on PGlite.
   */
  rateLimitCounts?: 'database' | 'memory';
  /** How often counters whose window has ended are deleted from the database; once a minute by default. */
  rateLimitSweepMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** Changes made by other app processes on the same database; none by default (one process). */
  changes?: ChangeFeed;
  /** Memory for cached public answers, most kept as br (some 40 MiB of plain JSON); 8 MiB by default. */
  publicCacheBytes?: number;
  /** Uploads per account and day and bytes stored per account; src/shared/images.ts by default. */
  imageQuota?: ImageQuota;
  /** How often unused pictures are removed (ms); hourly by default. */
  imageCleanupEveryMs?: number;
  /** Which proxies may name the client (TRUST_PROXY); the rate limits count that address. Off by default. */
  trustProxy?: TrustProxy;
  /** The site's address for link previews (PUBLIC_URL); the request's own address by default. */
  publicUrl?: string;
  /** Look-ups of certificate and participation codes per client address (GET /api/verify); 30 a minute by default. */
  verifyRateLimit?: { max: number; timeWindow: number };
  /** Requests of private calendar feeds per client address; 60 a minute by default. */
  calendarFeedRateLimit?: { max: number; timeWindow: number };
  /** How long a request may take to arrive and an idle connection may stay; 30 s and 5 s by default. */
  timeouts?: ServerTimeouts;
  /** The hour (0–23, the calendar's time zone) from which the day-before reminders go out; 10 by default. */
  reminderHour?: number;
  /** How often the server looks for events to remind of (ms); every minute by default. */
  reminderEveryMs?: number;
  /**
   * Sends the outbox (src/server/mail): where letters go, the site's address for their links and how
   * often to look. Without it nothing is sent and letters wait in the database, as in the API tests.
   */
  mail?: { transport: MailTransport; origin: () => string; pollMs?: number };
  /**
   * Threads laying out PDFs and PDFs allowed to wait for one (documents/pdf-pool.ts); one thread per
   * spare core and 32 waiting by default.
   */
  pdfRendering?: PdfPoolOptions;
  /** Tests: an API answer whose status its route does not declare becomes a 500 naming it (api-contract.ts). */
  refuseUndeclaredAnswers?: boolean;
}

/** A .br or .gz copy scripts/build.mjs writes beside a file of the web app. */
const isCompressedCopy = (pathName: string) => /\.(br|gz)$/i.test(pathName);

/** The whole HTTP application, used by main.ts and by every API test through app.inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    ...serverTimeoutOptions(deps.timeouts ?? defaultServerTimeouts),
    // Every JSON body; the parser of raw image bytes for POST /api/images has its own, larger limit.
    bodyLimit: maxJsonBodyBytes,
    // What Node's parser refuses before routing (431, 408, 400) is answered in Russian too.
    clientErrorHandler: answerClientError,
    rewriteUrl: (request) => currentAddress(request.url ?? '/'),
    // A path Fastify cannot route (an over-long parameter, broken percent-encoding) is answered before
    // the error handler would see it; the answer is still ours: Russian, `{ message }`.
    frameworkErrors: (_error, request, reply) => {
      // The option is generic over route types no route has here; the reply is a plain one.
      if (request.url.startsWith('/api/')) markPrivate(reply as FastifyReply);
      void (reply as FastifyReply).status(400).send({ message: commonErrors.invalidInput });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only; anything else is refused with 415 rather than parsed as a string.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before any route, so that the document and the registry below see every route's whole contract.
  await app.register(apiContract, { refuseUndeclaredAnswers: deps.refuseUndeclaredAnswers ?? false });
  // Fastify has no public list of its routes; this one lets the authorization matrix test fail when a
  // route is added without a row saying who may call it. Registered first, so it sees every route.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const rateLimited = route.config?.rateLimit != null;
    const answers = Object.keys(route.schema?.response ?? {});
    for (const method of [route.method].flat()) {
      registeredRoutes.push({ method, url: route.url, rateLimited, answers });
    }
  });

  const secure = deps.secureCookies ?? false;
  await app.register(securityHeaders, {
    contentSecurityPolicy: contentSecurityPolicy(secure),
    strictTransportSecurity: secure ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  await app.register(closeConnectionsOnShutdown);
  await app.register(stopReadsOfGoneClients);
  await app.register(privateAnswers);
  await app.register(headRequests);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: deps.rateLimitCounts === 'memory' ? undefined : databaseRateLimitStore(deps.db),
    errorResponseBuilder: () => new HttpError(429, commonErrors.tooManyRequests),
  });
  if (deps.rateLimitCounts !== 'memory') {
    await app.register(rateLimitSweeper, { db: deps.db, everyMs: deps.rateLimitSweepMs ?? 60_000 });
  }
  await app.register(originCheck);
  const changes = deps.changes ?? singleProcessChangeFeed();
  await app.register(announceChanges, { changes });
  await app.register(sessionPlugin, { db: deps.db, secureCookie: secure, changes });
  const calendar = deps.calendar ?? createCalendar(defaultAppTimeZone);
  await app.register(publicCachePlugin, {
    cache: new PublicReadCache({
      maxBytes: deps.publicCacheBytes ?? 8 * 1024 * 1024,
      today: calendar.today,
    }),
    changes,
  });
  // After the public cache, so that it keeps plain answers; before every route, so that each has it.
  await app.register(compressedAnswers);

  // Every PDF is laid out in this pool's threads; they end with the server.
  const pdfs = new PdfPool(deps.pdfRendering ?? defaultPdfPoolOptions);
  app.addHook('onClose', () => pdfs.close());

  const hasher = deps.hasher ?? createPasswordHasher();
  const hashingQueue =
    deps.hashingQueue ??
    new HashingQueue({ concurrency: defaultHashingConcurrency, maxWaiting: defaultHashingMaxWaiting });
  // Every password hash a request asks for waits in one queue, under the client's address.
  const hasherFor = (client: string) => hashingQueue.hasherFor(hasher, client);
  const writeRateLimit = deps.writeRateLimit ?? { max: 60, timeWindow: 60_000 };
  const authRateLimit = deps.authRateLimit ?? { max: 10, timeWindow: 60_000 };
  await app.register(authRoutes, {
    db: deps.db,
    hasherFor,
    authRateLimit,
    signInAddressRateLimit: deps.signInAddressRateLimit ?? { ...authRateLimit, max: 3 * authRateLimit.max },
    writeRateLimit,
  });
  await app.register(passwordRoutes, { db: deps.db, calendar, hasherFor, authRateLimit });
  await app.register(healthRoutes, { db: deps.db });
  await app.register(notificationRoutes, { db: deps.db, writeRateLimit });
  await app.register(notificationSettingsRoutes, { db: deps.db, writeRateLimit });
  await app.register(eventRoutes, { db: deps.db, calendar, writeRateLimit });
  await app.register(foundationRoutes, { db: deps.db, calendar });
  await app.register(newsRoutes, { db: deps.db });
  await app.register(impactRoutes, { db: deps.db });
  await app.register(imageRoutes, { db: deps.db, writeRateLimit, quota: deps.imageQuota ?? imageQuota });
  await app.register(imageCleanup, { db: deps.db, everyMs: deps.imageCleanupEveryMs ?? imageCleanupEveryMs });
  await app.register(profileRoutes, { db: deps.db, writeRateLimit });
  await app.register(teamRoutes, { db: deps.db, calendar, hasherFor, writeRateLimit, authRateLimit });
  await app.register(adminTeamRoutes, { db: deps.db, writeRateLimit });
  await app.register(journalRoutes, { db: deps.db, calendar });
  await app.register(adminRoutes, { db: deps.db, writeRateLimit });
  await app.register(adminManagementRoutes, { db: deps.db, calendar, writeRateLimit, hasherFor });
  await app.register(adminNewsRoutes, { db: deps.db, writeRateLimit });
  await app.register(reportRoutes, { db: deps.db, calendar, writeRateLimit });
  await app.register(applicationRoutes, { db: deps.db, calendar, writeRateLimit });
  await app.register(applicationListRoutes, { db: deps.db, calendar, writeRateLimit });
  await app.register(printoutRoutes, { db: deps.db, calendar, pdfs });
  await app.register(volunteerRequestRoutes, { db: deps.db, calendar, writeRateLimit });
  await app.register(participationCodeRoutes, {
    db: deps.db,
    calendar,
    writeRateLimit,
    claimRateLimit: deps.claimRateLimit ?? { max: 10, timeWindow: 60_000 },
    publicUrl: deps.publicUrl,
    pdfs,
  });
  await app.register(shareCardRoutes, { changes });
  await app.register(certificateRoutes, {
    db: deps.db,
    calendar,
    publicUrl: deps.publicUrl,
    writeRateLimit,
    verifyRateLimit: deps.verifyRateLimit ?? defaultVerifyRateLimit,
    pdfs,
  });
  await app.register(calendarRoutes, {
    db: deps.db,
    calendar,
    writeRateLimit,
    feedRateLimit: deps.calendarFeedRateLimit ?? defaultCalendarFeedRateLimit,
    publicUrl: deps.publicUrl,
  });
  await app.register(hourReportRoutes, { db: deps.db, calendar, writeRateLimit });
  await app.register(eventMessageRoutes, { db: deps.db, calendar, writeRateLimit });
  await app.register(dayBeforeReminders, {
    db: deps.db,
    calendar,
    reminderHour: deps.reminderHour ?? 10,
    everyMs: deps.reminderEveryMs ?? reminderEveryMs,
  });
  await app.register(exportRoutes, { db: deps.db, calendar, rateLimit: writeRateLimit });
  await app.register(mailDeliveryRoutes, { db: deps.db, writeRateLimit });
  if (deps.mail) {
    await app.register(mailWorker, {
      db: deps.db,
      ...deps.mail,
      pollMs: deps.mail.pollMs ?? defaultMailPollMs,
      word: wordLetter,
    });
  }

  const webRoot = deps.webRoot;
  const hasWebApp = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // scripts/build.mjs writes a .br and a .gz beside every text file; the one the browser accepts
      // is sent as it is, with no compression work per request.
      preCompressed: true,
      // Those copies are sent only for their file: by their own name they would go out as bytes of
      // no type (application/octet-stream) without their Content-Encoding.
      allowedPath: (pathName) => !isCompressedCopy(pathName),
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash into every file name under assets/, so they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  const bareApp = hasWebApp ? await loadBareApp(webRoot, calendar.timeZone) : undefined;
  const renderedPages =
    hasWebApp && deps.pageRendererFile && existsSync(deps.pageRendererFile)
      ? await loadRenderedPages(app, {
          entryFile: deps.pageRendererFile,
          webRoot,
          changes,
          publicUrl: deps.publicUrl,
          timeZone: calendar.timeZone,
        })
      : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/') &&
      !isCompressedCopy(request.url.split('?')[0] ?? '');
    if (bareApp && isPage) {
      if (await renderedPages?.send(request, reply)) return reply;
      // Every page path is the single-page app; it shows its own not-found page for unknown routes.
      return bareApp.send(request, reply);
    }
    if (request.url.startsWith('/api/')) markPrivate(reply);
    return reply.status(404).send({ message: commonErrors.notFound });
  });

  return app;
}
