import { existsSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { serverPidFile } from '../operations/server-lock';
import { call, migratedDataDir, type ServerProcess, sidOf, startServer } from '../test/server-process';

// The real server in its own process on PGlite's files: killed, stopped and restarted as in production.
// PGlite only: there the app itself is responsible for its files. The PostgreSQL pass of the API tests
// skips this file rather than run the same PGlite processes twice.
const onPostgres = Boolean(loadConfig().databaseUrl);

const servers: ServerProcess[] = [];
const folders: string[] = [];

async function serverOn(dataDir: string, env: Record<string, string> = {}) {
  const server = await startServer({ dataDir, env });
  servers.push(server);
  return server;
}

function newDataDir() {
  const dir = migratedDataDir('volunteer-data-');
  folders.push(dir);
  return dir;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    await server.stop('SIGKILL');
  }
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const signUpSchool = (server: ServerProcess, username: string) =>
  call(server, 'POST', '/api/register', { body: { username, password: 'secret123', role: 'school' } });

async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Reads the data folder directly, as the next start would, once no server holds it. */
async function inspect<T>(dataDir: string, read: (client: PGlite) => Promise<T>): Promise<T> {
  const client = await PGlite.create(dataDir);
  try {
    return await read(client);
  } finally {
    await client.close();
  }
}

const schoolAccountsOf = (client: PGlite) =>
  client
    .query<{ username: string; schools: number }>(
      `select u.username, count(s.id)::int as schools
         from users u left join organisation_members m on m.user_id = u.id
           left join schools s on s.id = m.school_id
        where u.role = 'school' group by u.username`,
    )
    .then((result) => result.rows);

describe.skipIf(onPostgres)('the server process on PGlite', () => {
  it('keeps every acknowledged write when killed with SIGKILL in the middle of a stream of writes', {
    timeout: 120_000,
  }, async () => {
    const dataDir = newDataDir();
    const server = await serverOn(dataDir);

    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (writerId: number) => {
      for (let index = 0; !killed; index++) {
        const username = `crash_${writerId}_${index}`;
        try {
          if ((await signUpSchool(server, username)).status === 201) acknowledged.push(username);
        } catch {
          return; // the connection died with the server: this write was never acknowledged
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // Each sign-up hashes a password at full cost, one at a time per process (auth/hashing-queue.ts):
    // a dozen takes some seconds, and the writers still have more in flight when the kill comes.
    await waitFor(() => acknowledged.length >= 12, '12 acknowledged sign-ups');
    server.child.kill('SIGKILL');
    killed = true;
    expect(await server.exited).toBe('SIGKILL');
    await Promise.all(writers);

    // The pid file of the killed server is left behind; the restart sees its process is gone.
    const restarted = await serverOn(dataDir);
    expect((await call(restarted, 'GET', '/api/health')).status).toBe(200);
    for (const username of acknowledged) {
      const signedIn = await call(restarted, 'POST', '/api/login', {
        body: { username, password: 'secret123' },
      });
      expect(signedIn.status, username).toBe(200);
    }
    expect(await restarted.stop('SIGTERM')).toBe(0);

    // Consistent: a sign-up is a user and its school made in one transaction, never half of it.
    const accounts = await inspect(dataDir, schoolAccountsOf);
    expect(accounts.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect(accounts.filter((account) => account.schools !== 1)).toEqual([]);
  });

  it('answers every request in flight on SIGTERM, then closes the database and exits with 0', {
    timeout: 60_000,
  }, async () => {
    const dataDir = newDataDir();
    // At `info` the server logs each request as it arrives: SIGTERM is sent once all 8 have. Their
    // passwords are hashed one after another, a few seconds in all, well inside the 10 s drain.
    const server = await serverOn(dataDir, { LOG_LEVEL: 'info' });
    const arrived = () => server.output().match(/"msg":"incoming request"/g)?.length ?? 0;

    let sentTermAt = 0;
    const answeredAt: number[] = [];
    const usernames = Array.from({ length: 8 }, (_, index) => `drain_${index}`);
    const answers = usernames.map(async (username) => {
      const response = await signUpSchool(server, username);
      answeredAt.push(Date.now());
      return { status: response.status, sid: sidOf(response) };
    });
    await waitFor(() => arrived() >= 8, '8 requests to arrive');
    sentTermAt = Date.now();
    server.child.kill('SIGTERM');

    const results = await Promise.all(answers);
    expect(results.map((result) => result.status)).toEqual(usernames.map(() => 201));
    expect(results.every((result) => result.sid)).toBe(true);
    // Some of them were still being worked on when the signal came: the drain is what answered them.
    expect(answeredAt.filter((time) => time >= sentTermAt).length).toBeGreaterThan(0);
    const code = await server.exited;
    expect({ exit: code, output: server.output() }).toMatchObject({ exit: 0 });
    expect(server.output()).toContain('Сервер остановлен');
    expect(existsSync(serverPidFile(dataDir))).toBe(false);

    const accounts = await inspect(dataDir, schoolAccountsOf);
    expect(accounts.map((account) => account.username).sort()).toEqual([...usernames].sort());
  });

  it('refuses to open a data folder that a running server holds, and says which process holds it', async () => {
    const dataDir = newDataDir();
    const first = await serverOn(dataDir);
    await expect(serverOn(dataDir)).rejects.toThrow(
      new RegExp(`exited with 1[\\s\\S]*уже открыты процессом ${first.child.pid}`),
    );
    expect((await call(first, 'GET', '/api/health')).status).toBe(200);
  });
});
