import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openPglite } from './db/client';
import { dataDirMessages } from './db/data-dir';
import { appState, events, foundations, news, schools, users, volunteerRequests } from './db/schema';
import { demoSeedMarker } from './db/seed/seed-demo';
import { listening, migratedDataDir, type SpawnedServer, spawnServer } from './test/server-process';

const dirs: string[] = [];
const running: SpawnedServer[] = [];
const withDemo = { SEED_DEMO: '1' };
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'volunteer-startup-'));
  dirs.push(dir);
  return dir;
};
/** A folder with the migrated database: for the tests of what a start does after the migrations. */
const migratedDir = () => {
  const dir = migratedDataDir('volunteer-startup-');
  dirs.push(dir);
  return dir;
};
/** A real server process on a real PGlite data directory, as `npm start` runs it. */
const start = (dataDir: string, env?: Record<string, string>) => {
  const server = spawnServer({ dataDir, env });
  running.push(server);
  return server;
};

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function countRows(dataDir: string) {
  const database = await openPglite(dataDir);
  try {
    const n = async (
      table: typeof events | typeof foundations | typeof schools | typeof news | typeof volunteerRequests,
    ) => (await database.db.select({ n: count() }).from(table))[0]?.n;
    const markers = await database.db.select().from(appState).where(eq(appState.key, demoSeedMarker));
    return {
      foundations: await n(foundations),
      events: await n(events),
      schools: await n(schools),
      news: await n(news),
      volunteerRequests: await n(volunteerRequests),
      markers: markers.length,
    };
  } finally {
    await database.close();
  }
}

/** Each account's stored password hash, by username. */
async function passwordHashes(dataDir: string) {
  const database = await openPglite(dataDir);
  try {
    const rows = await database.db
      .select({ username: users.username, passwordHash: users.passwordHash })
      .from(users);
    return Object.fromEntries(rows.map((row) => [row.username, row.passwordHash]));
  } finally {
    await database.close();
  }
}

// Durability of the embedded database is what is tested here; a PostgreSQL server guarantees its own.
describe.skipIf(loadConfig().databaseUrl !== undefined)('start-up on the embedded database', () => {
  it('keeps accounts and sessions across a restart', { timeout: 120_000 }, async () => {
    const dataDir = migratedDir();
    const first = start(dataDir);
    const firstUrl = await listening(first);
    const registered = await fetch(`${firstUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'school_restart', password: 'secret123', role: 'school' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^sid=/);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = start(dataDir);
    const secondUrl = await listening(second);
    const me = await fetch(`${secondUrl}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'school_restart', role: 'school' });
    const login = await fetch(`${secondUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'school_restart', password: 'secret123' }),
    });
    expect(login.status).toBe(200);
    // The administrator is created once; the second start does not print a password again.
    expect(second.output()).not.toContain('Создан администратор');
    expect(await second.stop('SIGTERM')).toBe(0);
    expect(await passwordHashes(dataDir)).toEqual({
      admin: expect.stringMatching(/^scrypt\$1024\$8\$1\$/),
      school_restart: expect.stringMatching(/^scrypt\$1024\$8\$1\$/),
    });
  });

  it('completes the demo content on the next start after a kill -9 during seeding', {
    timeout: 180_000,
  }, async () => {
    const dataDir = migratedDir();
    const none = { foundations: 0, events: 0, schools: 0, news: 0, volunteerRequests: 0, markers: 0 };
    const complete = { foundations: 10, events: 40, schools: 2, news: 6, volunteerRequests: 4, markers: 1 };
    // How long seeding takes on this machine, so that the later kills aim at the seed transaction,
    // which follows the slow password hashing and ends just before the message.
    const timed = start(migratedDir(), withDemo);
    await timed.waitFor('Загружаю демо-данные…');
    const seedingStarted = Date.now();
    await timed.waitFor('Демо-данные загружены');
    const seedingMs = Date.now() - seedingStarted;
    await listening(timed);
    expect(await timed.stop('SIGTERM')).toBe(0);

    // Killed first while the password is hashed, then twice more, late in the seeding. A late kill lands
    // mid-transaction or, if timing differs from the measured run, just after the commit: the data
    // directory then holds none of the demo content or all of it, never a part.
    let committedBeforeKill = false;
    for (const delayMs of [0, Math.round(seedingMs * 0.75), Math.round(seedingMs * 0.9)]) {
      const interrupted = start(dataDir, withDemo);
      await interrupted.waitFor('Загружаю демо-данные…');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await interrupted.stop('SIGKILL');
      if (delayMs === 0) expect(interrupted.output()).not.toContain('Демо-данные загружены');
      const afterKill = await countRows(dataDir);
      expect([none, complete]).toContainEqual(afterKill);
      committedBeforeKill = afterKill.markers === 1;
      if (committedBeforeKill) break;
    }

    const next = start(dataDir, withDemo);
    await listening(next);
    if (committedBeforeKill) expect(next.output()).not.toContain('Загружаю демо-данные');
    else expect(next.output()).toContain('Демо-данные загружены');
    expect(await next.stop('SIGTERM')).toBe(0);

    expect(await countRows(dataDir)).toEqual(complete);

    // A third start finds the content complete and leaves it alone.
    const third = start(dataDir, withDemo);
    await listening(third);
    expect(third.output()).not.toContain('Загружаю демо-данные');
    expect(await third.stop('SIGTERM')).toBe(0);
  });
});

/** Every file and folder under dir (itself included) with its mode, size and modification time. */
function listing(dir: string): Array<{ file: string; mode: number; size: number; mtimeMs: number }> {
  const entries: Array<{ file: string; mode: number; size: number; mtimeMs: number }> = [];
  const visit = (file: string) => {
    const stats = lstatSync(file);
    entries.push({
      file: path.relative(dir, file),
      mode: stats.mode & 0o777,
      size: stats.size,
      mtimeMs: stats.mtimeMs,
    });
    if (stats.isDirectory()) for (const name of readdirSync(file).sort()) visit(path.join(file, name));
  };
  visit(dir);
  return entries;
}

/** A data folder holding a database with one account in it. */
async function databaseFolder(): Promise<string> {
  const dataDir = migratedDir();
  const database = await openPglite(dataDir);
  await database.db.insert(users).values({ username: 'kept_school', passwordHash: 'x', role: 'school' });
  await database.close();
  return dataDir;
}

describe.skipIf(loadConfig().databaseUrl !== undefined)('the data folder', () => {
  it('is refused, and left as it was, when it holds files but not a whole database', {
    timeout: 60_000,
  }, async () => {
    const broken = await databaseFolder();
    rmSync(path.join(broken, 'PG_VERSION'));
    const foreign = freshDataDir();
    writeFileSync(path.join(foreign, 'notes.txt'), 'не база данных');

    for (const dataDir of [broken, foreign]) {
      const before = listing(dataDir);
      const server = start(dataDir);
      expect(await server.exited).toBe(1);
      expect(server.output().trim()).toBe(dataDirMessages.notADatabase(dataDir));
      expect(listing(dataDir)).toEqual(before);
    }
  });

  it('gets a new database, owner-only, when absent', { timeout: 60_000 }, async () => {
    const dataDir = path.join(freshDataDir(), 'nested', 'data');
    const server = start(dataDir, { SCRYPT_N: '' });
    await listening(server);
    const entries = listing(dataDir);
    expect(entries.find((entry) => entry.file === '')?.mode).toBe(0o700);
    expect(entries.find((entry) => entry.file === 'PG_VERSION')?.mode).toBe(0o600);
    expect(entries.find((entry) => entry.file === 'server.pid')?.mode).toBe(0o600);
    expect(entries.filter((entry) => (entry.mode & 0o077) !== 0)).toEqual([]);
    expect(await server.stop('SIGTERM')).toBe(0);
    // Without SCRYPT_N, OWASP's cost.
    expect(await passwordHashes(dataDir)).toEqual({
      admin: expect.stringMatching(/^scrypt\$131072\$8\$1\$/),
    });
  });

  it('is closed to other users, with a warning, when someone opened it up', { timeout: 60_000 }, async () => {
    const dataDir = await databaseFolder();
    for (const entry of listing(dataDir))
      chmodSync(path.join(dataDir, entry.file), entry.mode | (entry.mode & 0o100 ? 0o055 : 0o044));
    chmodSync(path.join(dataDir, 'PG_VERSION'), 0o666);
    const [before, after] = dataDirMessages.loosened(dataDir, 0).split(' 0 ');

    const server = start(dataDir);
    await listening(server);
    expect(server.output()).toContain(`${before} `);
    expect(server.output()).toContain(` ${after}`);
    expect(listing(dataDir).filter((entry) => (entry.mode & 0o077) !== 0)).toEqual([]);
    expect(await server.stop('SIGTERM')).toBe(0);
    // The database is the one that was there, not a new one.
    const database = await openPglite(dataDir);
    try {
      const kept = await database.db.select().from(users).where(eq(users.username, 'kept_school'));
      expect(kept).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
