import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createFoundation, createRegistration, createSchool } from '../test/factories';
import { testDatabaseForFile } from '../test/test-app';
import { type DbOrTx, rowsOf } from './client';
import { events, registrations } from './schema';

// The PL/pgSQL functions are read in src/server/db/functions, one file per function; the database gets
// them through the migrations. This checks that a freshly migrated database holds exactly the functions
// of those files, so that neither a file edited without a migration nor a migration that forgot its file
// goes unnoticed. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.

const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));
const files = readdirSync(functionsFolder)
  .filter((name) => name.endsWith('.sql'))
  .sort();
/** A schema of its own, so that a file's function is created beside the migrated one, not over it. */
const scratch = 'functions_from_files';

const database = testDatabaseForFile();

/** PostgreSQL's own rendering of a function: the whole signature, the options and the body. */
async function definitionsIn(schema: string, run: DbOrTx) {
  const rows = await rowsOf<{ name: string; definition: string }>(
    run,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
          from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace
          join pg_language l on l.oid = p.prolang
         where n.nspname = ${schema} and l.lanname = 'plpgsql'
         order by p.proname`,
  );
  return rows;
}

describe('the PL/pgSQL functions of a migrated database', () => {
  it('are the files of src/server/db/functions, one file per function and one function per file', async () => {
    const migrated = await definitionsIn('public', database.db);
    expect(migrated.map((row) => `${row.name}.sql`)).toEqual(files);
  });

  it.each(files)('%s defines the function exactly as migrated', async (file) => {
    const source = readFileSync(`${functionsFolder}/${file}`, 'utf8');
    const name = file.replace(/\.sql$/, '');
    const [migrated] = (await definitionsIn('public', database.db)).filter((row) => row.name === name);
    let fromFile: string | undefined;
    // Created and read in a transaction that is then rolled back, so the database is left as migrated.
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`create schema ${scratch}`));
        await tx.execute(sql.raw(`set local search_path to ${scratch}`));
        await tx.execute(sql.raw(source));
        const created = await definitionsIn(scratch, tx);
        expect(created.map((row) => row.name)).toEqual([name]);
        fromFile = created[0]?.definition.replaceAll(`${scratch}.`, 'public.');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(fromFile).toBeDefined();
    expect(fromFile).toBe(migrated?.definition);
  });
});

describe("an application's foundation (migration 0010)", () => {
  it('is its event’s, when it is written and when the event moves to another foundation', async () => {
    const db = database.db;
    const first = await createFoundation(db);
    const second = await createFoundation(db);
    const event = await createEvent(db, first.id, { date: '2026-12-10' });
    const school = await createSchool(db);
    const application = await createRegistration(db, {
      eventId: event.id,
      schoolId: school.id,
      participantCount: 2,
      status: 'pending',
    });
    expect(application.foundationId).toBe(first.id);
    await db.update(events).set({ foundationId: second.id }).where(eq(events.id, event.id));
    const [moved] = await db
      .select({ foundationId: registrations.foundationId })
      .from(registrations)
      .where(eq(registrations.id, application.id));
    expect(moved?.foundationId).toBe(second.id);
  });
});
