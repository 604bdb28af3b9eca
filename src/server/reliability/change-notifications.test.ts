import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isOrganisationOf } from '../accounts/organisation';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPostgres } from '../db/client';
import { foundations } from '../db/schema';
import { restoreBackup, writeBackup } from '../operations/backup';
import { createEvent } from '../test/factories';
import { createTestDatabase, signUp, type TestDatabase, testHasher } from '../test/test-app';

const backupKey = randomBytes(32);

// An app process and other writers on one PostgreSQL database: the notice of a write travels with the
// writing transaction (db/functions/announce_change.sql). PGlite admits one process only, so without
// DATABASE_URL there is nobody else to tell: the pass on PostgreSQL runs this file.
const { databaseUrl } = loadConfig();
if (!databaseUrl) {
  console.log('DATABASE_URL не задан: проверка уведомлений об изменениях на PostgreSQL пропущена');
}

describe.skipIf(!databaseUrl)('change notices sent by the writing transaction, on PostgreSQL', () => {
  let database: TestDatabase;
  /** A running app with its own connections, as another process would have. */
  let server: { app: FastifyInstance; database: Database };
  /** A writer that is not the app at all, as psql would be. */
  let outsider: pg.Client;
  let foundationId: number;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'change-notices-'));

  const get = (url: string, sid?: string) =>
    server.app.inject({ method: 'GET', url, ...(sid ? { cookies: { sid } } : {}) });
  const titles = async () =>
    ((await get('/api/events?limit=50')).json() as { title: string }[]).map((event) => event.title);

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('a PostgreSQL test database has a URL');
    const opened = openPostgres(database.url, () => {});
    server = {
      app: await buildApp({ db: opened.db, hasher: testHasher, changes: opened.changes }),
      database: opened,
    };
    outsider = new pg.Client({ connectionString: database.url, application_name: 'psql' });
    await outsider.connect();
    const foundation = await signUp(server.app, 'foundation');
    const [row] = await database.db
      .update(foundations)
      .set({ moderationStatus: 'approved', name: 'Фонд уведомлений' })
      .where(isOrganisationOf(foundations, foundation.user.id))
      .returning({ id: foundations.id });
    foundationId = row?.id ?? 0;
    await vi.waitFor(() => expect(opened.changes.live).toBe(true));
  });
  afterAll(async () => {
    await outsider?.end();
    await server?.app.close();
    await server?.database.close();
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('ends a session deleted by any writer on the running app, and shows content it changed', async () => {
    const { sid } = await signUp(server.app, 'school');
    const event = await createEvent(database.db, foundationId, { title: 'Как было', date: '2099-01-10' });
    expect((await get('/api/user', sid)).statusCode).toBe(200);
    expect((await get('/api/user', sid)).statusCode).toBe(200); // now remembered
    expect(await titles()).toContain('Как было'); // now cached

    await outsider.query(`update events set title = 'Изменено снаружи' where id = $1`, [event.id]);
    await vi.waitFor(async () => expect(await titles()).toContain('Изменено снаружи'));
    await outsider.query('delete from sessions');
    await vi.waitFor(async () => expect((await get('/api/user', sid)).statusCode).toBe(401));
  });

  it('sends nothing for a transaction rolled back, and one notice per table and rows for one committed', async () => {
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('listen public_content_changed');
    try {
      await outsider.query('begin');
      await outsider.query(`update events set title = 'Откатится'`);
      await outsider.query('delete from sessions');
      await outsider.query('rollback');

      await outsider.query('begin');
      await outsider.query(`update events set title = 'Останется'`);
      await outsider.query(`update events set title = 'Останется снова'`);
      await outsider.query(`update foundations set name = name`);
      await outsider.query('commit');
      // Each notice names the table and the rows (db/functions/announce_subjects.sql); identical ones
      // are sent once.
      await vi.waitFor(() => expect(heard).toEqual(['content:events:1:psql', 'content:foundations::psql']));
    } finally {
      await listener.end();
    }
  });

  it('makes the running app forget sessions and cached answers when a backup is restored', async () => {
    const file = path.join(folder, 'before.backup.gz');
    await createEvent(database.db, foundationId, { title: 'Из копии', date: '2099-01-11' });
    await writeBackup(database.db, file, backupKey);
    await createEvent(database.db, foundationId, { title: 'После копии', date: '2099-01-12' });
    const { sid } = await signUp(server.app, 'school');
    expect((await get('/api/user', sid)).statusCode).toBe(200);
    expect((await get('/api/user', sid)).statusCode).toBe(200); // now remembered
    expect(await titles()).toEqual(expect.arrayContaining(['Из копии', 'После копии'])); // now cached

    // The restore runs on connections of its own, as `npm run restore` does.
    const restorer = openPostgres(database.url ?? '', () => {});
    try {
      await restoreBackup(restorer.db, file, backupKey);
    } finally {
      await restorer.close();
    }

    await vi.waitFor(async () => expect((await get('/api/user', sid)).statusCode).toBe(401));
    const after = await titles();
    expect(after).toContain('Из копии');
    expect(after).not.toContain('После копии');
  });
});
