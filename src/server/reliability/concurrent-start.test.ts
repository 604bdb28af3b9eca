import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { demoSeedMarker } from '../db/seed/seed-demo';
import { type ServerProcess, startServer } from '../test/server-process';

// Several app processes started at once on one empty PostgreSQL database, as a deployment that starts
// all its nodes together does. PGlite admits one process per folder, so this needs DATABASE_URL.
const { databaseUrl } = loadConfig();
if (!databaseUrl) {
  console.log('DATABASE_URL не задан: проверка одновременного запуска на PostgreSQL пропущена');
}

describe.skipIf(!databaseUrl)('three app processes started at once on an empty PostgreSQL', () => {
  const name = `test_start_${randomBytes(6).toString('hex')}`;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const server of servers) {
      await server.stop('SIGTERM');
    }
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }, 60_000);

  it('migrates and seeds once, and all three come up healthy', { timeout: 180_000 }, async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseUrl ?? '');
    url.pathname = `/${name}`;

    const started = await Promise.allSettled(
      [1, 2, 3].map(() => startServer({ databaseUrl: url.toString(), env: { SEED_DEMO: '1' } })),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    expect(started.filter((result) => result.status === 'rejected')).toEqual([]);

    for (const server of servers) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const count = async (query: string, params: unknown[] = []) =>
        Number((await client.query<{ n: number }>(query, params)).rows[0]?.n);
      expect(await count(`select count(*)::int as n from users where role = 'admin'`)).toBe(1);
      expect(await count('select count(*)::int as n from app_state where key = $1', [demoSeedMarker])).toBe(
        1,
      );
      expect(await count('select count(*)::int as n from foundations')).toBe(10);
      expect(await count('select count(*)::int as n from events')).toBe(40);
    } finally {
      await client.end();
    }
    // The administrator's and the demo accounts' passwords are printed by exactly one process.
    const printed = servers.map((server) => server.output());
    expect(printed.filter((output) => output.includes('Создан администратор'))).toHaveLength(1);
    expect(printed.filter((output) => output.includes('Демо-данные загружены'))).toHaveLength(1);
  });
});
