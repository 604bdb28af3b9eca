import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, createEvent, createFoundation, createSchool } from '../test/factories';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { type DbOrTx, rowsOf } from './client';
import { applications, events } from './schema';

// The PL/pgSQL functions and their triggers are defined in src/server/db/functions, a file per function,
// and applied after the numbered migrations on every start (docs/decisions/085). These check that the
// migrations define none of them any more, that a migrated database holds exactly those of the files,
// and that a second start, which applies them again, leaves the database as it was. Run on PGlite and,
// with DATABASE_URL, on PostgreSQL.

const folder = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));
const sqlFiles = (name: string) =>
  readdirSync(folder(name))
    .filter((file) => file.endsWith('.sql'))
    .sort();

/** What fires on which table: the change notices, the search documents and the kept counts. */
const expectedTriggers = [
  'events_added',
  'events_counted',
  'events_deleted',
  'events_foundation_moved',
  'events_recounted',
  'events_search_document',
  'events_truncated',
  'events_updated',
  'foundation_photos_changed',
  'foundation_reports_changed',
  'foundations_changed',
  'foundations_name_in_event_documents',
  'hour_credits_changed',
  'images_changed',
  'journal_entries_append_only',
  'news_changed',
  'organisation_members_changed',
  'registrations_added',
  'registrations_deleted',
  'registrations_foundation',
  'registrations_truncated',
  'registrations_updated',
  'school_responses_changed',
  'schools_changed',
  'sessions_ended',
  'users_added',
  'users_changed',
  'volunteer_requests_changed',
];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.release();
});

/** PostgreSQL's own rendering of every PL/pgSQL function and every trigger, by name. */
async function definitions(run: DbOrTx) {
  const functions = await rowsOf<{ name: string; definition: string }>(
    run,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
          from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace
          join pg_language l on l.oid = p.prolang
         where n.nspname = 'public' and l.lanname = 'plpgsql'
         order by p.proname`,
  );
  const triggers = await rowsOf<{ name: string; definition: string }>(
    run,
    sql`select tgname as name, pg_get_triggerdef(oid) as definition
          from pg_trigger where not tgisinternal order by tgname`,
  );
  return { functions, triggers };
}

describe('the PL/pgSQL functions', () => {
  it.each(sqlFiles('migrations'))('are not defined in migration %s, nor are triggers', (file) => {
    const source = readFileSync(`${folder('migrations')}/${file}`, 'utf8');
    expect(source).not.toMatch(/language\s+plpgsql/i);
    expect(source).not.toMatch(/create\s+(or\s+replace\s+)?trigger/i);
  });

  it('of a migrated database are those of the files, one function a file, with their triggers', async () => {
    const { functions, triggers } = await definitions(database.db);
    expect(functions.map((row) => `${row.name}.sql`)).toEqual(sqlFiles('functions'));
    expect(triggers.map((row) => row.name)).toEqual(expectedTriggers);
  });

  it('are applied again at the next start and leave the database as it was', async () => {
    const before = await definitions(database.db);
    await database.migrate();
    expect(await definitions(database.db)).toEqual(before);
  });
});

describe("an application's foundation (migration 0010)", () => {
  it('is its event’s, when it is written and when the event moves to another foundation', async () => {
    const db = database.db;
    const first = await createFoundation(db);
    const second = await createFoundation(db);
    const event = await createEvent(db, first.id, { date: '2026-12-10' });
    const school = await createSchool(db);
    const application = await createApplication(db, {
      eventId: event.id,
      schoolId: school.id,
      participantCount: 2,
      status: 'pending',
    });
    expect(application.foundationId).toBe(first.id);
    await db.update(events).set({ foundationId: second.id }).where(eq(events.id, event.id));
    const [moved] = await db
      .select({ foundationId: applications.foundationId })
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(moved?.foundationId).toBe(second.id);
  });
});
