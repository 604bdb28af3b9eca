import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type Database, openPostgres, wrapPglite } from '../db/client';
import { findFoundationOfUser, findSchoolOfUser } from './organisation';

/**
 * Migration 0018 on a copy of the demo data (issue 53: every account an owner, every row kept). The copy
 * is what seedDemo wrote before teams existed (commit f25eb71, today = 2026-11-23), table by table as
 * JSON: the database is migrated up to 0017, the copy loaded, and then the rest of the migrations run
 * as they would on a server holding that data.
 */

type Rows = Record<string, unknown>[];
const demoBeforeTeams: Record<string, Rows> = JSON.parse(
  gunzipSync(readFileSync(fileURLToPath(new URL('./demo-before-0018.json.gz', import.meta.url)))).toString(),
);
const lastMigrationBeforeTeams = 17;

/** The numbered migrations up to `last`, in a folder of their own. */
function migrationsUpTo(last: number): string {
  const source = fileURLToPath(new URL('../db/migrations', import.meta.url));
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(source, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Loads the copy as it was: foreign keys and triggers off, as a restore of a dump would. */
async function loadDemoCopy(query: Query): Promise<void> {
  await query('begin');
  await query('set local session_replication_role = replica');
  for (const [table, rows] of Object.entries(demoBeforeTeams)) {
    const { rows: columns } = await query(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'`,
      [table],
    );
    const list = columns.map((column) => `"${String(column.column_name)}"`).join(', ');
    await query(
      `insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", $1::json)`,
      [JSON.stringify(rows)],
    );
    if (columns.some((column) => column.column_name === 'id')) {
      await query(
        `select setval(pg_get_serial_sequence('"${table}"', 'id'), (select max(id) from "${table}"))`,
      );
    }
  }
  await query('commit');
}

interface MigratedCopy {
  database: Database;
  query: Query;
  close(): Promise<void>;
}

async function pgliteCopy(folder: string): Promise<MigratedCopy> {
  const client = await PGlite.create();
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
  const query: Query = (text, values) => client.query(text, values);
  await loadDemoCopy(query);
  const database = wrapPglite(client);
  await database.migrate();
  return { database, query, close: () => database.close() };
}

async function postgresCopy(folder: string, serverUrl: string): Promise<MigratedCopy> {
  const name = `migration_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
  const query: Query = (text, values) => client.query(text, values);
  await loadDemoCopy(query);
  const database = openPostgres(url.toString(), () => {});
  await database.migrate();
  return {
    database,
    query,
    async close() {
      await client.end();
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migration 0018 on a copy of the demo data', () => {
  let copy: MigratedCopy;
  let folder: string;
  beforeAll(async () => {
    folder = migrationsUpTo(lastMigrationBeforeTeams);
    const { databaseUrl } = loadConfig();
    copy = databaseUrl ? await postgresCopy(folder, databaseUrl) : await pgliteCopy(folder);
  });
  afterAll(async () => {
    await copy?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('makes every school and foundation account the owner of its own organisation', async () => {
    const { rows: members } = await copy.query(
      'select user_id, school_id, foundation_id, role from organisation_members order by user_id',
    );
    const expected = [
      ...(demoBeforeTeams.schools ?? []).map((school) => ({
        user_id: school.user_id,
        school_id: school.id,
        foundation_id: null,
        role: 'owner',
      })),
      ...(demoBeforeTeams.foundations ?? []).map((foundation) => ({
        user_id: foundation.user_id,
        school_id: null,
        foundation_id: foundation.id,
        role: 'owner',
      })),
    ].sort((a, b) => Number(a.user_id) - Number(b.user_id));
    expect(expected.length).toBe(12);
    expect(members).toEqual(expected);

    const organisationAccounts = (demoBeforeTeams.users ?? []).filter(
      (user) => user.role === 'school' || user.role === 'foundation',
    );
    expect(members.map((member) => member.user_id)).toEqual(
      organisationAccounts.map((user) => user.id).sort((a, b) => Number(a) - Number(b)),
    );
  });

  it('keeps every row of every table', async () => {
    for (const [table, rows] of Object.entries(demoBeforeTeams)) {
      const { rows: counted } = await copy.query(`select count(*)::int as n from "${table}"`);
      expect(counted[0]?.n, table).toBe(rows.length);
    }
    const { rows: applications } = await copy.query(
      'select id, status, participant_count from registrations order by id',
    );
    expect(applications).toEqual(
      (demoBeforeTeams.registrations ?? []).map(({ id, status, participant_count }) => ({
        id,
        status,
        participant_count,
      })),
    );
  });

  it('lets the services find each account its organisation', async () => {
    const school = demoBeforeTeams.schools?.[0];
    const foundation = demoBeforeTeams.foundations?.[0];
    expect(await findSchoolOfUser(copy.database.db, Number(school?.user_id))).toMatchObject({
      id: school?.id,
      name: school?.name,
      memberRole: 'owner',
    });
    expect(await findFoundationOfUser(copy.database.db, Number(foundation?.user_id))).toMatchObject({
      id: foundation?.id,
      name: foundation?.name,
      memberRole: 'owner',
    });
  });
});
