import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openPglite } from './db/client';
import { appState, events, foundations, news, schools, volunteerRequests } from './db/schema';
import { demoSeedMarker } from './db/seed/seed-demo';

/** A real server process on a real PGlite data directory, as `npm start` runs it. */
class ServerProcess {
  output = '';
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;

  constructor(dataDir: string, extraEnv: Record<string, string> = {}) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: 'startup-admin',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  async waitFor(text: string | RegExp, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match =
        typeof text === 'string' ? (this.output.includes(text) ? text : null) : this.output.match(text)?.[0];
      if (match) return match;
      if (this.child.exitCode !== null || this.child.signalCode !== null)
        throw new Error(`server exited before "${text}":\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async url(): Promise<string> {
    const line = await this.waitFor(/Сайт работает: (http:\/\/\S+)/);
    return line.replace('Сайт работает: ', '');
  }

  kill(signal: NodeJS.Signals): Promise<number | null> {
    this.child.kill(signal);
    return this.exited;
  }
}

const dirs: string[] = [];
const running: ServerProcess[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'volunteer-startup-'));
  dirs.push(dir);
  return dir;
};
const start = (dataDir: string, env?: Record<string, string>) => {
  const server = new ServerProcess(dataDir, env);
  running.push(server);
  return server;
};

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill('SIGKILL')));
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

// Durability of the embedded database is what is tested here; a PostgreSQL server guarantees its own.
describe.skipIf(loadConfig().databaseUrl !== undefined)('start-up on the embedded database', () => {
  it('keeps accounts and sessions across a restart', { timeout: 120_000 }, async () => {
    const dataDir = freshDataDir();
    const first = start(dataDir, { SEED_DEMO: '0' });
    const firstUrl = await first.url();
    const registered = await fetch(`${firstUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'school_restart', password: 'secret123', role: 'school' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^sid=/);
    expect(await first.kill('SIGTERM')).toBe(0);

    const second = start(dataDir, { SEED_DEMO: '0' });
    const secondUrl = await second.url();
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
    expect(second.output).not.toContain('Создан администратор');
    expect(await second.kill('SIGTERM')).toBe(0);
  });

  it('completes the demo content on the next start after a kill -9 during seeding', {
    timeout: 180_000,
  }, async () => {
    const dataDir = freshDataDir();
    // Killed first while the password is hashed, then again later, when the seed transaction is writing.
    for (const delayMs of [0, 450]) {
      const interrupted = start(dataDir);
      await interrupted.waitFor('Загружаю демо-данные…');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await interrupted.kill('SIGKILL');
      // The first kill lands while the password is hashed, before anything is written; the later one
      // may land mid-transaction or, on a fast machine, just after it. Either way the next start must cope.
      if (delayMs === 0) expect(interrupted.output).not.toContain('Демо-данные загружены');
    }

    const next = start(dataDir);
    await next.url();
    expect(next.output).toContain('Демо-данные загружены');
    expect(await next.kill('SIGTERM')).toBe(0);

    expect(await countRows(dataDir)).toEqual({
      foundations: 10,
      events: 40,
      schools: 2,
      news: 6,
      volunteerRequests: 4,
      markers: 1,
    });

    // A third start finds the content complete and leaves it alone.
    const third = start(dataDir);
    await third.url();
    expect(third.output).not.toContain('Загружаю демо-данные');
    expect(await third.kill('SIGTERM')).toBe(0);
  });
});
