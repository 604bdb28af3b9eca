// API load benchmark: autocannon, 50 connections for 10 s per route over loopback, against the real
// app on a generated catalogue (bench/generate.ts), next to a bare Fastify hello-world route in the same
// process as the machine's ceiling. Usage: npx tsx bench/api.ts   (exits 1 when a budget fails)

import { fork } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { serverEnvironment, serverNodeFlags } from '../scripts/node-flags.mjs';
import { runAttackBench } from './attack';
import type { BenchFixture } from './generate';
import { type Check, isMain, printChecks } from './report';

const connections = 50;
const durationSeconds = 10;
const warmUpSeconds = 2;
const budgets = { ratioToCeiling: 0.5, p99Ms: 50, writesPerSecond: 300 };

interface Started {
  port: number;
  ceilingPort: number;
  database: 'pglite' | 'postgres';
  fixture: BenchFixture;
  generatedInMs: number;
}

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

export interface ApiBenchResult {
  passed: boolean;
  /** Resident memory of the app process after the whole benchmark, in MB. */
  rssMb: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} МБ`;
const readMemory = async (base: string) =>
  (await (await fetch(`${base}/bench/memory`)).json()) as NodeJS.MemoryUsage;

/** Where the memory is, so that a failed budget says what to look at. */
function describeMemory(moment: string, memory: NodeJS.MemoryUsage): string {
  // V8 counts PGlite's WebAssembly memory as external; RSS holds only the pages PostgreSQL touched.
  return (
    `  ${moment}: RSS ${mb(memory.rss)}; куча V8 ${mb(memory.heapUsed)} из ${mb(memory.heapTotal)}; ` +
    `вне кучи ${mb(memory.external)} (почти всё — память WebAssembly у PGlite)`
  );
}

async function load(
  name: string,
  options: Omit<autocannon.Options, 'connections' | 'duration'>,
): Promise<Measurement> {
  await autocannon({ ...options, connections, duration: warmUpSeconds });
  const result = await autocannon({ ...options, connections, duration: durationSeconds });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * bench/server.ts as production runs the server: one esbuild bundle on plain Node (scripts/build.mjs
 * builds dist/server/main.js the same way), so the memory measured holds no TypeScript loader. It sits
 * under node_modules/.cache so that its imports find the packages, with the migrations beside it.
 */
export async function bundleServer(entry = 'bench/server.ts'): Promise<string> {
  const dir = path.resolve('node_modules/.cache/volunteer-bench');
  const outfile = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
  await build({
    // With the embedded database's thread beside it, as scripts/build.mjs lays out dist/server.
    entryPoints: { [path.basename(entry, '.ts')]: entry, 'pglite-worker': 'src/server/db/pglite-worker.ts' },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  cpSync('src/server/db/migrations', path.join(dir, 'migrations'), { recursive: true });
  return outfile;
}

async function startServer(): Promise<{ started: Started; stop: () => Promise<void> }> {
  // Node's flags as in production, stated: fork would otherwise pass on this process's own, which
  // under `npm run bench` include tsx's TypeScript loader (some 40 MB of the server's memory).
  const child = fork(await bundleServer(), [], {
    execArgv: serverNodeFlags,
    env: { ...process.env, ...serverEnvironment },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.connected) child.disconnect();
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ started: message as Started, stop }));
    child.once('exit', (code) => reject(new Error(`сервер бенчмарка завершился с кодом ${code}`)));
  });
}

/**
 * Register on an event and cancel, over and over. Each connection holds a school for the two requests,
 * and each school has its event, so the writers spread over the open events: the figure is what the
 * write path sustains, not how fast fifty schools queue for one event's row lock (registrations.test.ts
 * proves that race keeps the places right).
 */
function writePath(
  base: string,
  fixture: BenchFixture,
): Omit<autocannon.Options, 'connections' | 'duration'> {
  const schools = fixture.schoolSessions.map((sid, index) => ({
    sid,
    eventId: fixture.openEventIds[index % fixture.openEventIds.length] ?? 0,
  }));
  const idleSchools = [...schools];
  // autocannon gives each connection a fresh context object per round of the two requests.
  const heldBy = new WeakMap<object, { sid: string; eventId: number }>();
  const application = JSON.stringify({
    participantCount: 2,
    contactPerson: 'Елена Викторовна',
    contactPhone: '+7 (499) 245-12-12',
    parentalConsent: true,
  });
  return {
    url: base,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const school = idleSchools.pop();
          if (!school) throw new Error('в бенчмарке школ меньше, чем соединений');
          heldBy.set(context, school);
          const { sid, eventId } = school;
          return {
            ...request,
            path: `/api/events/${eventId}/register`,
            headers: { 'content-type': 'application/json', cookie: `sid=${sid}` },
            body: application,
          };
        },
      },
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const held = heldBy.get(context);
          return {
            ...request,
            path: `/api/events/${held?.eventId}/cancel-registration`,
            headers: { cookie: `sid=${held?.sid}` },
          };
        },
        onResponse: (_status, _body, context) => {
          const held = heldBy.get(context);
          if (held) idleSchools.push(held);
        },
      },
    ],
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const ms = (value: number) => `${value.toFixed(1)} мс`;

export async function runApiBench(): Promise<ApiBenchResult> {
  const { started, stop } = await startServer();
  try {
    const { port, ceilingPort, database, fixture, generatedInMs } = started;
    const base = `http://127.0.0.1:${port}`;
    const memoryAtStart = await readMemory(base);
    console.log(
      `API на ${database === 'pglite' ? 'PGlite' : 'PostgreSQL (BENCH_DATABASE_URL)'}: база сгенерирована за ${(generatedInMs / 1000).toFixed(1)} с; ${connections} соединений, ` +
        `${durationSeconds} с на маршрут после ${warmUpSeconds} с разогрева`,
    );
    const signedIn = { cookie: `sid=${fixture.schoolSessions[0]}` };

    // The machine's speed wanders by a third from one ten-second window to the next (the ceiling gave
    // 15,000 and 26,000 req/s a minute apart), so the ceiling is measured between every two reads, all
    // through the run, and every read is held to the median of those rounds: the machine's typical
    // ceiling, not the luck of one window.
    let ceilingRound = 0;
    const measureCeiling = () =>
      load(`hello-world, потолок (${++ceilingRound})`, { url: `http://127.0.0.1:${ceilingPort}/` });
    type Target = [name: string, options: { url: string; headers?: Record<string, string> }];
    const readTargets: Target[] = [
      [
        'GET /api/events (главная: месяц и тип)',
        { url: `${base}/api/events?page=1&limit=6&date=month&activityType=ecology` },
      ],
      ['GET /api/events/{id}', { url: `${base}/api/events/${fixture.eventId}` }],
      ['GET /api/foundations?page=1&limit=6', { url: `${base}/api/foundations?page=1&limit=6` }],
      ['GET /api/foundations/{id}', { url: `${base}/api/foundations/${fixture.foundationId}` }],
      ['GET /api/user (со входом)', { url: `${base}/api/user`, headers: signedIn }],
    ];
    const ceilings = [await measureCeiling()];
    const reads: Measurement[] = [];
    for (const [name, options] of readTargets) {
      reads.push(await load(name, options));
      ceilings.push(await measureCeiling());
    }
    const ceiling = median(ceilings.map((round) => round.requestsPerSecond));
    const writes = await load('запись на мероприятие и отмена', writePath(base, fixture));

    const memory = await readMemory(base);

    console.log(
      `\nAPI: маршрут, запросов/с, p50, p99, доля от медианы потолка (${ceiling.toFixed(0)} запросов/с)`,
    );
    for (const row of [...ceilings, ...reads, writes]) {
      const ratio = reads.includes(row) ? (row.requestsPerSecond / ceiling).toFixed(2) : '';
      console.log(
        `  ${row.name.padEnd(40)} ${row.requestsPerSecond.toFixed(0).padStart(7)}  ${ms(row.p50).padStart(9)}  ` +
          `${ms(row.p99).padStart(9)}  ${ratio}` +
          (row.failures > 0 ? `  ошибок: ${row.failures}` : ''),
      );
    }

    const checks: Check[] = [];
    for (const row of reads) {
      const ratio = row.requestsPerSecond / ceiling;
      checks.push(
        {
          name: `${row.name}: доля от потолка`,
          figure: ratio.toFixed(2),
          budget: `>= ${budgets.ratioToCeiling}`,
          passed: ratio >= budgets.ratioToCeiling,
        },
        {
          name: `${row.name}: p99`,
          figure: ms(row.p99),
          budget: `< ${budgets.p99Ms} мс`,
          passed: row.p99 < budgets.p99Ms,
        },
        {
          name: `${row.name}: ошибки`,
          figure: String(row.failures),
          budget: '0',
          passed: row.failures === 0,
        },
      );
    }
    checks.push(
      {
        name: `${writes.name}: запросов/с`,
        figure: writes.requestsPerSecond.toFixed(0),
        budget: `>= ${budgets.writesPerSecond}`,
        passed: writes.requestsPerSecond >= budgets.writesPerSecond,
      },
      {
        name: `${writes.name}: ошибки`,
        figure: String(writes.failures),
        budget: '0',
        passed: writes.failures === 0,
      },
    );
    const passed = printChecks('API: бюджеты', checks);
    console.log('\nПамять сервера');
    console.log(describeMemory('после запуска', memoryAtStart));
    console.log(describeMemory('после бенчмарка', memory));
    // After the memory reading: the attacks leave garbage and uploaded pictures that are not what the
    // memory budget of ordinary traffic is about.
    const attackPassed = await runAttackBench(base, fixture);
    return { passed: passed && attackPassed, rssMb: memory.rss / 1024 / 1024 };
  } finally {
    await stop();
  }
}

if (isMain(import.meta.url)) {
  const { passed } = await runApiBench();
  process.exit(passed ? 0 : 1);
}
