// Export benchmark (issue 25): 100,000 applications downloaded as CSV and as XLSX from the administrator's
// export while the server's RSS is read every 100 ms; the peak must stay within the memory budget, which
// holds only if the export streams. Usage: npx tsx bench/exports.ts   (exits 1 when a budget fails)

import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { serverEnvironment, serverNodeFlags } from '../scripts/node-flags.mjs';
import { createSession } from '../src/server/auth/sessions';
import { openPglite } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { bundleServer } from './api';
import { type Check, isMain, printChecks } from './report';

const foundationCount = 10;
const schoolCount = 1_000;
const eventCount = 100;
/** Every school applied to every event. */
const applicationCount = schoolCount * eventCount;

const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * A PGlite folder with 100,000 applications, made by a few INSERT … SELECT generate_series statements
 * (seconds, not minutes), and a session of an administrator to download them with.
 */
async function seed(dataDir: string): Promise<string> {
  // A fresh folder of this run: nothing to warn about its permissions.
  const database = await openPglite(dataDir, () => {});
  await database.migrate();
  const db = database.db;
  await db.execute(sql`
    insert into users (username, password_hash, role)
    select 'bench_fond_' || n, 'not-a-password', 'foundation' from generate_series(1, ${foundationCount}) as n`);
  await db.execute(sql`
    insert into foundations (name, moderation_status, contact_person, phone, email)
    select 'Фонд «' || username || '»', 'approved', 'Анна Сергеевна', '+7 495 000-00-00', 'fond@example.ru'
    from users where role = 'foundation'`);
  await db.execute(sql`
    insert into organisation_members (user_id, foundation_id, role)
    select u.id, f.id, 'owner' from users u join foundations f on f.name = 'Фонд «' || u.username || '»'`);
  await db.execute(sql`
    insert into users (username, password_hash, role)
    select 'bench_school_' || n, 'not-a-password', 'school' from generate_series(1, ${schoolCount}) as n`);
  await db.execute(sql`
    insert into schools (name, moderation_status, address, contact_person)
    select 'Школа № ' || id, 'approved', 'Москва, улица Ленина, дом ' || id, 'Елена Викторовна'
    from users where role = 'school'`);
  await db.execute(sql`
    insert into organisation_members (user_id, school_id, role)
    select u.id, s.id, 'owner' from users u join schools s on s.name = 'Школа № ' || u.id`);
  await db.execute(sql`
    insert into events (foundation_id, title, description, activity_type, status, date, start_time, end_time,
      location, hours)
    select (select min(id) from foundations) + n % ${foundationCount}, 'Субботник в парке № ' || n,
      'Убираем листья и готовим клумбы к зиме.', 'ecology', 'completed', date '2026-09-01' + n % 80,
      '10:00', '13:00', 'Парк Горького', 3
    from generate_series(1, ${eventCount}) as n`);
  await db.execute(sql`
    insert into registrations (event_id, school_id, status, participant_count, attended_count, hours_earned,
      contact_person, contact_phone, contact_email, completed_at)
    select events.id, schools.id, 'completed', 10, 8, 24, 'Елена Викторовна', '+7 900 000-00-00',
      'school@example.ru', now()
    from events cross join schools`);
  const [admin] = await db
    .insert(users)
    .values({ username: 'bench_admin', passwordHash: 'not-a-password', role: 'admin' })
    .returning({ id: users.id });
  if (!admin) throw new Error('no administrator');
  const { sessionId } = await createSession(db, admin.id);
  await database.close();
  return sessionId;
}

async function startServer(dataDir: string) {
  const child = fork(await bundleServer('bench/export-server.ts'), [dataDir], {
    execArgv: serverNodeFlags,
    env: { ...process.env, ...serverEnvironment },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`сервер бенчмарка завершился с кодом ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

/**
 * The server's memory, over a connection of its own each time: a kept-alive one may be closed by the
 * server just as it is reused.
 */
const memoryOf = (base: string) =>
  new Promise<NodeJS.MemoryUsage>((resolve, reject) => {
    http
      .get(`${base}/bench/memory`, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve(JSON.parse(body) as NodeJS.MemoryUsage));
      })
      .on('error', reject);
  });

interface Download {
  bytes: number;
  lines: number;
  ms: number;
  peakRssMb: number;
  status: number;
}

/** Downloads one export, counting its bytes and lines, while the server's RSS is read every 100 ms. */
async function download(base: string, sid: string, url: string): Promise<Download> {
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        peak = Math.max(peak, (await memoryOf(base)).rss);
      } catch (error) {
        console.log(`  чтение памяти не удалось: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { cookie: `sid=${sid}` } });
  let bytes = 0;
  let lines = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lines++;
    }
  }
  const ms = performance.now() - started;
  sampling = false;
  await sampler;
  return { bytes, lines, ms, peakRssMb: mb(peak), status: response.status };
}

export async function runExportBench(rssBudgetMb: number): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'volunteer-bench-exports-'));
  try {
    const seeding = performance.now();
    const sid = await seed(dataDir);
    console.log(
      `\nЭкспорт: ${applicationCount.toLocaleString('ru-RU')} заявок созданы за ${((performance.now() - seeding) / 1000).toFixed(1)} с`,
    );
    const server = await startServer(dataDir);
    try {
      const atStart = await memoryOf(server.base);
      console.log(`  RSS сервера после запуска: ${mb(atStart.rss).toFixed(0)} МБ`);
      const checks: Check[] = [];
      for (const format of ['csv', 'xlsx'] as const) {
        const result = await download(server.base, sid, `/api/admin/applications/export.${format}`);
        const name = `Экспорт ${applicationCount.toLocaleString('ru-RU')} заявок, ${format.toUpperCase()}`;
        console.log(
          `  ${format.toUpperCase()}: ${(result.bytes / 1024 / 1024).toFixed(1)} МБ за ${(result.ms / 1000).toFixed(1)} с`,
        );
        checks.push({
          name: `${name}: пик RSS сервера`,
          figure: `${result.peakRssMb.toFixed(0)} МБ`,
          budget: `<= ${rssBudgetMb} МБ`,
          passed: result.status === 200 && result.peakRssMb <= rssBudgetMb,
        });
        if (format === 'csv') {
          // The header and one line per application, each ending in CRLF.
          checks.push({
            name: `${name}: строк в файле`,
            figure: String(result.lines),
            budget: `= ${applicationCount + 1}`,
            passed: result.lines === applicationCount + 1,
          });
        }
      }
      return printChecks('Экспорт: память сервера', checks);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const passed = await runExportBench(300);
  process.exit(passed ? 0 : 1);
}
