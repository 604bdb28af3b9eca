import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, vi } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { createPasswordHasher, minimumScryptCost } from '../auth/password';
import { loadConfig } from '../config';
import { type Database, openPostgres, wrapPglite } from '../db/client';
import { createAdmin } from './factories';

/** Low scrypt cost: the tests check behaviour, not brute-force resistance. */
export const testHasher = createPasswordHasher({ N: minimumScryptCost });

/** A test database; `url` is set on PostgreSQL, so that a second app process can open it too. */
export type TestDatabase = Database & {
  url?: string;
  /**
   * Ends the test's use of it: a PGlite database is emptied and kept for the next test file, any other
   * closed. `close()` ends it for good, as a database that has gone away.
   */
  release(): Promise<void>;
};

/**
 * A fresh, migrated, empty database for one test file: a copy of the PGlite template, or, when
 * DATABASE_URL is set, a new PostgreSQL database created on that server and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { databaseUrl } = loadConfig();
  if (!databaseUrl) {
    const client = emptiedDatabases.pop() ?? (await openTemplateCopy());
    return { ...wrapPglite(client), release: () => emptyForNextFile(client) };
  }

  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  // Dropping the database at the end terminates the pool's idle connections; that is expected here.
  const database = openPostgres(url.toString(), () => {});
  await database.migrate();
  const close = async () => {
    await database.close();
    const dropper = new pg.Client({ connectionString: databaseUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { ...database, url: url.toString(), close, release: close };
}

/*
 * Opening a copy of the template costs a second of a core, and a run opened a hundred: a third of the
 * API tests' time. A database a test file releases is instead emptied, as its template was, and handed
 * to the next file of the same worker (the files of "shared modules" share the worker's module state).
 * One whose schema a test changed (health.test.ts drops tables) is closed instead.
 */
const emptiedDatabases: PGlite[] = [];

async function openTemplateCopy(): Promise<PGlite> {
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]) });
  templateSchema ??= await schemaOf(client);
  return client;
}

/** What the migrations made: relations, columns, constraints, functions and triggers, as one text. */
let templateSchema: string | undefined;

async function schemaOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(`
    select string_agg(item, E'\n' order by item) as schema from (
      select n.nspname || '.' || c.relname || ':' || c.relkind::text as item
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle')
      union all
      select a.attrelid::regclass || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod)
          || coalesce(':' || pg_get_expr(d.adbin, d.adrelid), '') || case when a.attnotnull then '!' else '' end
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
      union all
      select conrelid::regclass || ':' || pg_get_constraintdef(oid) from pg_constraint
        where connamespace = 'public'::regnamespace
      union all
      select p.oid::regprocedure || ':' || md5(p.prosrc) from pg_proc p where p.pronamespace = 'public'::regnamespace
      union all
      select tgrelid::regclass || ':' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
      union all
      select count(*)::text from drizzle.__drizzle_migrations
    ) items`);
  return rows[0]?.schema ?? '';
}

/**
 * Leaves `client` as the template was, for the next test file: the session reset (settings, prepared
 * statements, locks) and every table emptied with its ids starting again from 1.
 */
async function emptyForNextFile(client: PGlite): Promise<void> {
  if (client.closed) return;
  const unchanged = (await schemaOf(client).catch(() => undefined)) === templateSchema;
  if (!unchanged) return client.close();
  // On its own: PGlite runs several statements of one exec as one transaction, which DISCARD refuses.
  await client.query('discard all');
  await client.exec(`
    do $$ begin
      execute (select 'truncate ' || string_agg(format('%I', tablename), ', ') || ' restart identity cascade'
        from pg_tables where schemaname = 'public');
    end $$;`);
  emptiedDatabases.push(client);
}

/**
 * A fresh database for the calling test file, opened before its tests and closed after them: read `db`
 * inside the tests.
 */
export function testDatabaseForFile(): { readonly db: Database['db'] } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.release();
  });
  return {
    get db() {
      if (!database) throw new Error('the test database opens before the tests');
      return database.db;
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(
  /** Anything of the app's own, as buildApp takes it; the database, the hasher and the feed are the test's. */
  options: Omit<AppDeps, 'db' | 'hasher' | 'changes'> = {},
) {
  const database = await createTestDatabase();
  const app = await buildApp({
    hasher: testHasher,
    authRateLimit: { max: 1000, timeWindow: 60_000 },
    writeRateLimit: { max: 10_000, timeWindow: 60_000 },
    claimRateLimit: { max: 10_000, timeWindow: 60_000 },
    calendarFeedRateLimit: { max: 10_000, timeWindow: 60_000 },
    // A test's own rows must not gain reminders while it runs; the reminders' tests ask for their passes.
    reminderEveryMs: 24 * 60 * 60 * 1000,
    // Every API test also checks that each answer is one its route declares (http/api-contract.ts).
    refuseUndeclaredAnswers: true,
    ...options,
    db: database.db,
    changes: database.changes,
  });
  return closedTogether(app, database, () => database.release()) satisfies TestContext;
}

/** A second app process on the test's PostgreSQL database, with a connection pool of its own. */
export interface SecondApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * A second app on the PostgreSQL database of `ctx`, as a second process behind a load balancer; resolves
 * once both listen for the other's changes, so that a test's first write is already heard.
 */
export async function openSecondApp(
  ctx: TestContext,
  options: Omit<AppDeps, 'db' | 'hasher' | 'changes'> = {},
): Promise<SecondApp> {
  if (!ctx.database.url) throw new Error('a PostgreSQL test database has a URL');
  const database = openPostgres(ctx.database.url, () => {});
  const app = await buildApp({ ...options, db: database.db, hasher: testHasher, changes: database.changes });
  await vi.waitFor(() => expect(ctx.database.changes.live && database.changes.live).toBe(true));
  return closedTogether(app, database);
}

/** An app and its database, closed in that order: the app's last requests still reach the database. */
function closedTogether<D extends Database>(app: FastifyInstance, database: D, end = () => database.close()) {
  return {
    app,
    database,
    async close() {
      await app.close();
      await end();
    },
  };
}

/** The value of the session cookie a response sets, or undefined when it sets none. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((item) => item.name === 'sid');
  return cookie && cookie.value !== '' ? cookie.value : undefined;
}

/** Signs up a new account and returns its session cookie, for tests that need a signed-in caller. */
export async function signUp(
  app: FastifyInstance,
  role: 'foundation' | 'school',
  username = `${role}_${randomBytes(4).toString('hex')}`,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, password: 'secret123', role },
  });
  const sid = sessionCookieOf(response);
  if (response.statusCode !== 201 || !sid)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { username, sid, user: response.json() as { id: number; username: string; role: string } };
}

/** A signed-in school, foundation and administrator, in that order, for tests that try a route as each. */
export async function signInEachRole(ctx: TestContext) {
  return {
    school: (await signUp(ctx.app, 'school')).sid,
    foundation: (await signUp(ctx.app, 'foundation')).sid,
    admin: (await createAdmin(ctx.database.db)).sid,
  };
}

/**
 * Fills in every field docs/spec/decisions.md requires of a signed-up school's or foundation's profile, as
 * its edit form would: an organisation can be approved only then.
 */
export async function completeProfile(app: FastifyInstance, account: Awaited<ReturnType<typeof signUp>>) {
  const school = account.user.role === 'school';
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/profile',
    cookies: { sid: account.sid },
    payload: {
      username: account.username,
      fullName: school ? 'Школа № 57' : 'Фонд «Сад»',
      ...(school ? { schoolType: 'state' } : { directions: ['social'] }),
      description: 'Помогаем людям вместе со школьниками.',
      address: 'Москва, ул. Лесная, д. 12',
      phone: '+7 (495) 123-45-67',
      email: 'org@example.org',
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`profile not saved: ${response.statusCode} ${response.body}`);
}

/** Uploads a small green PNG as the signed-in `sid`, for tests that need a stored picture. */
export async function uploadPicture(app: FastifyInstance, sid: string) {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#15803d' } })
    .png()
    .toBuffer();
  const response = await app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': 'image/png' },
    cookies: { sid },
    payload: png,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; url: string };
}
