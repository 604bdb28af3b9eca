// API load benchmark: autocannon, 50 connections over loopback, against the real app on a generated
// catalogue (bench/generate.ts: 50,000 events by default, BENCH_EVENTS for a quicker pass), next to a
// bare Fastify hello-world route in the same process as the machine's ceiling. Every list and detail
// route is measured twice where the public cache answers it: once as the cache serves it (one address,
// asked again and again) and once as the database does (a different page, search or id on every
// request), and the signed-in lists of a big foundation, a busy school and the administrator, which
// the cache never answers. Usage: npx tsx bench/api.ts   (exits 1 when a budget fails)

import { fork } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { serverEnvironment, serverNodeFlags } from '../scripts/node-flags.mjs';
import { workerEntries } from '../src/server/worker-file';
import { activityTypes, datePresets, directions } from '../src/shared/catalog';
import { runAttackBench } from './attack';
import type { BenchFixture } from './generate';
import { type Check, isMain, printChecks } from './report';

const connections = 50;
/** Seconds per measured line: some fifty lines, so that the whole API part at 50,000 events stays short. */
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmUpSeconds = 1;
/**
 * What Chrome sends, as every browser and the site's own pages do: answers above 1 KB then go compressed,
 * as they reach a user (a cached one compressed once, an uncached one on every request).
 */
const browserAcceptEncoding = 'gzip, deflate, br, zstd';
const budgets = {
  cachedShare: 0.5,
  cachedP99Ms: 50,
  uncachedShare: 0.05,
  uncachedP99Ms: 100,
  searchP99Ms: 50,
  writesPerSecond: 300,
  /** Cached reads while one client loops the slowest query, as a share of their rate without it. */
  besideSlowQuery: 0.8,
  /** The cached home list while one application a second is written, as a share of the ceiling. */
  homeWhileWriting: 0.3,
};

interface Started {
  port: number;
  ceilingPort: number;
  database: 'pglite' | 'postgres';
  fixture: BenchFixture;
  generatedInMs: number;
}

interface Measurement {
  name: string;
  /** Answers within the window: none means the percentiles say nothing (autocannon gives 0). */
  answered: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/**
 * How a line's answers are made: `cached` asks one address again and again (the public cache, or for
 * GET /api/user the session cache); `uncached` asks a public route a different address every time;
 * `signed-in` reads what the cache never keeps; `search` is uncached with the search budget on top.
 */
type Kind = 'cached' | 'uncached' | 'search' | 'signed-in';

interface Line {
  name: string;
  kind: Kind;
  /** The address of request n. */
  path: (n: number) => string;
  /**
   * How many distinct addresses `path` makes before it repeats; when it wraps, the public cache is
   * emptied, so a repeated address is computed again rather than served from memory.
   */
  distinct?: number;
  cookie?: string;
}

export interface ApiBenchResult {
  passed: boolean;
  database: 'pglite' | 'postgres';
  /** Resident memory of the app process after the whole benchmark, in MB. */
  rssMb: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} МБ`;
const readMemory = async (base: string) =>
  (await (await fetch(`${base}/bench/memory`)).json()) as NodeJS.MemoryUsage;

/** Where the memory is, so that a failed budget says what to look at. */
function describeMemory(moment: string, memory: NodeJS.MemoryUsage, database: Started['database']): string {
  // V8 counts PGlite's WebAssembly memory as external; RSS holds only the pages PostgreSQL touched.
  return (
    `  ${moment}: RSS ${mb(memory.rss)}; куча V8 ${mb(memory.heapUsed)} из ${mb(memory.heapTotal)}; ` +
    `вне кучи ${mb(memory.external)}${database === 'pglite' ? ' (почти всё — память WebAssembly у PGlite)' : ''}`
  );
}

type LoadOptions = Omit<autocannon.Options, 'connections' | 'duration'> & { connections?: number };

async function load(name: string, options: LoadOptions, warmUp = true): Promise<Measurement> {
  const connectionCount = options.connections ?? connections;
  if (warmUp) await autocannon({ ...options, connections: connectionCount, duration: warmUpSeconds });
  const result = await autocannon({ ...options, connections: connectionCount, duration: durationSeconds });
  const measured = {
    name,
    answered: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
  // A run at 50,000 events takes a quarter of an hour: each line as it is measured shows it is alive.
  console.log(`  … ${name}: ${measured.requestsPerSecond.toFixed(0)} запросов/с, p99 ${ms(measured.p99)}`);
  return measured;
}

/**
 * autocannon options that ask a line's addresses in turn, from one counter for the warm-up, the run and
 * `next`, the address after the last one asked.
 */
function requestsOf(base: string, line: Line): { options: LoadOptions; next: () => string } {
  let n = 0;
  const next = () => {
    const index = n++;
    if (line.distinct && index > 0 && index % line.distinct === 0) void fetch(`${base}/bench/forget-cache`);
    return line.path(index);
  };
  const headers: Record<string, string> = {
    'accept-encoding': browserAcceptEncoding,
    ...(line.cookie ? { cookie: line.cookie } : {}),
  };
  return {
    options: {
      url: base,
      headers,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
    },
    next,
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
    // With the worker threads' modules beside it, as scripts/build.mjs lays out dist/server.
    entryPoints: { [path.basename(entry, '.ts')]: entry, ...workerEntries },
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

const applicationBody = JSON.stringify({
  participantCount: 2,
  contactPerson: 'Елена Викторовна',
  contactPhone: '+7 (499) 245-12-12',
  parentalConsent: true,
});

/**
 * Register on an event and cancel, over and over. Each connection holds a school for the two requests,
 * and each school has its event, so the writers spread over the open events: the figure is what the
 * write path sustains, not how fast fifty schools queue for one event's row lock (applications.test.ts
 * proves that race keeps the places right).
 */
function writePath(base: string, fixture: BenchFixture): LoadOptions {
  const schools = fixture.schoolSessions.map((sid, index) => ({
    sid,
    eventId: fixture.openEventIds[index % fixture.openEventIds.length] ?? 0,
  }));
  const idleSchools = [...schools];
  // autocannon gives each connection a fresh context object per round of the two requests.
  const heldBy = new WeakMap<object, { sid: string; eventId: number }>();
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
            body: applicationBody,
          };
        },
      },
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const held = heldBy.get(context);
          return {
            ...request,
            path: `/api/events/${held?.eventId}/cancel-application`,
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

/**
 * One school applies and cancels in turn, one write a second, until stopped: the steady trickle of
 * writes a live site has, each of which drops cached answers. The last school of the fixture, which the
 * write path's fifty connections do not use.
 */
function writeEverySecond(base: string, fixture: BenchFixture): { stop: () => Promise<number> } {
  const sid = fixture.schoolSessions.at(-1);
  const eventId = fixture.openEventIds.at(-1);
  let registered = false;
  let written = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const response = await fetch(
        `${base}/api/events/${eventId}/${registered ? 'cancel-application' : 'register'}`,
        registered
          ? { method: 'POST', headers: { cookie: `sid=${sid}` } }
          : {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: `sid=${sid}` },
              body: applicationBody,
            },
      );
      if (response.ok) {
        registered = !registered;
        written++;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return written;
    },
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

/** What people type: words of the catalogue's titles, places and foundations, alone or with a city. */
const searchWords = [
  'субботник',
  'парк',
  'деревья',
  'посадка',
  'праздник',
  'приют',
  'помощь',
  'пожилых',
  'урок',
  'библиотека',
  'концерт',
  'уборка',
  'экология',
  'турнир',
  'выставка',
  'сбор',
  'акция',
  'ёлка',
  'мастер-класс',
  'книги',
  'Добрые руки',
  'Зелёный город',
  'набережная',
  'школа',
  'животные',
];
const searchCities = [
  '',
  'Москва',
  'Казань',
  'Самара',
  'Омск',
  'Пермь',
  'Тула',
  'Курск',
  'Уфа',
  'Томск',
  'Киров',
  'Санкт-Петербург',
  'Новосибирск',
  'Екатеринбург',
  'Воронеж',
  'Иркутск',
];
const searchTerm = (n: number) => {
  const word = searchWords[n % searchWords.length] ?? '';
  const city = searchCities[Math.floor(n / searchWords.length) % searchCities.length] ?? '';
  return encodeURIComponent(city ? `${word} ${city}` : word);
};
const searchTerms = searchWords.length * searchCities.length;

/**
 * A list's pages as people open them: the first hundred pages at page sizes of 6 to 24, each address
 * once. `pages` bounds them for short lists.
 */
const pageOf = (n: number, pages: number) => {
  const limit = 6 + (n % 19);
  const page = 1 + (Math.floor(n / 19) % Math.max(1, Math.min(100, Math.floor(pages / limit))));
  return `page=${page}&limit=${limit}`;
};
const pageAddresses = (rows: number) => 19 * Math.max(1, Math.min(100, Math.floor(rows / 24)));
const ids = (list: number[]) => (n: number) => list[n % list.length] ?? 0;

function linesOf(fixture: BenchFixture): Line[] {
  const events = fixture.publicEventIds.length;
  const foundations = fixture.foundationIds.length;
  const foundation = `sid=${fixture.bigFoundationSession}`;
  const school = `sid=${fixture.busySchoolSession}`;
  const admin = `sid=${fixture.adminSession}`;
  const types = ['', ...activityTypes.map((type) => `&activityType=${type}`)];
  const event = ids(fixture.publicEventIds);
  const foundationId = ids(fixture.foundationIds);
  const newsId = ids(fixture.newsIds);
  const request = ids(fixture.volunteerRequestIds);
  const fixed = (address: string) => () => address;
  return [
    // What the public cache answers, one address asked again and again.
    {
      name: 'GET /api/events (главная: месяц и тип)',
      kind: 'cached',
      path: fixed('/api/events?page=1&limit=6&date=month&activityType=ecology'),
    },
    { name: 'GET /api/events?page=1&limit=12', kind: 'cached', path: fixed('/api/events?page=1&limit=12') },
    { name: 'GET /api/events/{id}', kind: 'cached', path: fixed(`/api/events/${fixture.eventId}`) },
    {
      name: 'GET /api/foundations?page=1&limit=6',
      kind: 'cached',
      path: fixed('/api/foundations?page=1&limit=6'),
    },
    {
      name: 'GET /api/foundations/{id} (большой фонд)',
      kind: 'cached',
      path: fixed(`/api/foundations/${fixture.foundationId}`),
    },
    { name: 'GET /api/news', kind: 'cached', path: fixed('/api/news') },
    { name: 'GET /api/news/{id}', kind: 'cached', path: fixed(`/api/news/${fixture.newsIds[0]}`) },
    { name: 'GET /api/stats/impact', kind: 'cached', path: fixed('/api/stats/impact') },
    {
      name: 'GET /api/user (со входом, сессия в памяти)',
      kind: 'cached',
      path: fixed('/api/user'),
      cookie: school,
    },

    // The same routes as the database answers them: every request a different address.
    {
      name: 'GET /api/events?page=N&limit=L',
      kind: 'uncached',
      path: (n) => `/api/events?${pageOf(Math.floor(n / types.length), events)}${types[n % types.length]}`,
      distinct: pageAddresses(events) * types.length,
    },
    {
      name: 'GET /api/events (период, тип, страница)',
      kind: 'uncached',
      path: (n) =>
        `/api/events?date=${datePresets[n % 3]}&activityType=${activityTypes[Math.floor(n / 3) % 5]}` +
        `&${pageOf(Math.floor(n / 15), events / 20)}`,
      distinct: 15 * pageAddresses(events / 20),
    },
    {
      name: 'GET /api/events?search=…',
      kind: 'search',
      path: (n) => `/api/events?search=${searchTerm(n)}&${pageOf(Math.floor(n / searchTerms), 72)}`,
      distinct: searchTerms * pageAddresses(72),
    },
    {
      name: 'GET /api/events/{id}, каждый раз другое',
      kind: 'uncached',
      path: (n) => `/api/events/${event(n)}`,
      distinct: events,
    },
    {
      name: 'GET /api/foundations?page=N&limit=L',
      kind: 'uncached',
      path: (n) =>
        `/api/foundations?${pageOf(Math.floor(n / 8), foundations)}` +
        (n % 8 === 0 ? '' : `&directions=${directions[(n % 8) - 1]}`),
      distinct: 8 * pageAddresses(foundations),
    },
    {
      name: 'GET /api/foundations?search=…',
      kind: 'search',
      path: (n) => `/api/foundations?search=${searchTerm(n)}&${pageOf(Math.floor(n / searchTerms), 72)}`,
      distinct: searchTerms * pageAddresses(72),
    },
    {
      name: 'GET /api/foundations/{id}, каждый раз другой',
      kind: 'uncached',
      path: (n) => `/api/foundations/${foundationId(n)}`,
      distinct: foundations,
    },
    {
      name: 'GET /api/news?page=N&limit=L',
      kind: 'uncached',
      path: (n) => `/api/news?${pageOf(n, fixture.newsIds.length)}`,
      distinct: pageAddresses(fixture.newsIds.length),
    },
    {
      name: 'GET /api/news/{id}, каждый раз другая',
      kind: 'uncached',
      path: (n) => `/api/news/${newsId(n)}`,
      distinct: fixture.newsIds.length,
    },
    {
      name: 'GET /api/volunteer-requests?page=N',
      kind: 'uncached',
      path: (n) => `/api/volunteer-requests?${pageOf(n, fixture.volunteerRequestIds.length)}`,
    },
    {
      name: 'GET /api/volunteer-requests/{id}',
      kind: 'uncached',
      path: (n) => `/api/volunteer-requests/${request(n)}`,
    },

    // The big foundation: its applications (sixty schools), its own events, its counters.
    {
      name: 'фонд: GET /api/foundation/applications',
      kind: 'signed-in',
      path: (n) => `/api/foundation/applications?page=${1 + (n % 20)}`,
      cookie: foundation,
    },
    {
      name: 'фонд: GET /api/events?foundationId=свой',
      kind: 'signed-in',
      path: (n) =>
        `/api/events?foundationId=${fixture.foundationId}&${pageOf(n, fixture.size.bigFoundationEvents)}`,
      cookie: foundation,
    },
    {
      name: 'фонд: GET /api/foundation/applications-count',
      kind: 'signed-in',
      path: fixed('/api/foundation/applications-count'),
      cookie: foundation,
    },
    {
      name: 'фонд: GET /api/foundation/stats',
      kind: 'signed-in',
      path: fixed('/api/foundation/stats'),
      cookie: foundation,
    },
    {
      name: 'фонд: GET /api/notifications/check',
      kind: 'signed-in',
      path: fixed('/api/notifications/check'),
      cookie: foundation,
    },
    { name: 'фонд: GET /api/profile', kind: 'signed-in', path: fixed('/api/profile'), cookie: foundation },

    // The school with a year of applications.
    {
      name: 'школа: GET /api/my-applications',
      kind: 'signed-in',
      path: (n) => `/api/my-applications?page=${1 + (n % 20)}`,
      cookie: school,
    },
    {
      name: 'школа: GET /api/school/approved-applications',
      kind: 'signed-in',
      path: fixed('/api/school/approved-applications'),
      cookie: school,
    },
    {
      name: 'школа: GET /api/school/completed-events',
      kind: 'signed-in',
      path: fixed('/api/school/completed-events'),
      cookie: school,
    },
    {
      name: 'школа: GET /api/notifications/check',
      kind: 'signed-in',
      path: fixed('/api/notifications/check'),
      cookie: school,
    },
    { name: 'школа: GET /api/profile', kind: 'signed-in', path: fixed('/api/profile'), cookie: school },

    // The administrator's lists over the whole catalogue.
    {
      name: 'админ: GET /api/admin/users?page=N',
      kind: 'signed-in',
      path: (n) => `/api/admin/users?page=${1 + (n % 100)}`,
      cookie: admin,
    },
    {
      name: 'админ: GET /api/admin/events?page=N',
      kind: 'signed-in',
      path: (n) => `/api/admin/events?page=${1 + (n % 100)}`,
      cookie: admin,
    },
    {
      name: 'админ: GET /api/admin/applications?page=N',
      kind: 'signed-in',
      path: (n) => `/api/admin/applications?page=${1 + (n % 100)}`,
      cookie: admin,
    },
    {
      name: 'админ: GET /api/admin/organizations/moderation',
      kind: 'signed-in',
      path: (n) => `/api/admin/organizations/moderation?page=${1 + (n % 5)}`,
      cookie: admin,
    },
    {
      name: 'админ: GET /api/admin/stats',
      kind: 'signed-in',
      path: fixed('/api/admin/stats'),
      cookie: admin,
    },
    {
      name: 'админ: GET /api/notifications/check',
      kind: 'signed-in',
      path: fixed('/api/notifications/check'),
      cookie: admin,
    },
  ];
}

const kindLabels: Record<Kind, string> = {
  cached: 'кэш',
  uncached: 'без кэша',
  search: 'поиск',
  'signed-in': 'со входом',
};

/** A line's budgets against the ceiling's median, each a check; the line's verdict is all of them. */
function checksOf(line: Line, row: Measurement, ceiling: number): Check[] {
  const share = row.requestsPerSecond / ceiling;
  const cached = line.kind === 'cached';
  const minShare = cached ? budgets.cachedShare : budgets.uncachedShare;
  const maxP99 = cached
    ? budgets.cachedP99Ms
    : line.kind === 'search'
      ? budgets.searchP99Ms
      : budgets.uncachedP99Ms;
  return [
    {
      name: `${line.name}: доля от потолка`,
      figure: share.toFixed(3),
      budget: `>= ${minShare}`,
      passed: share >= minShare,
    },
    {
      name: `${line.name}: p99`,
      figure: row.answered > 0 ? ms(row.p99) : 'нет ответов',
      budget: `< ${maxP99} мс`,
      passed: row.answered > 0 && row.p99 < maxP99,
    },
    { name: `${line.name}: ошибки`, figure: String(row.failures), budget: '0', passed: row.failures === 0 },
  ];
}

export async function runApiBench(): Promise<ApiBenchResult> {
  const { started, stop } = await startServer();
  try {
    const { port, ceilingPort, database, fixture, generatedInMs } = started;
    const base = `http://127.0.0.1:${port}`;
    const databaseName = database === 'pglite' ? 'PGlite' : 'PostgreSQL (BENCH_DATABASE_URL)';
    const memoryAtStart = await readMemory(base);
    const { size } = fixture;
    console.log(
      `API на ${databaseName}: ${size.events} мероприятий, ${size.foundations} фондов, ${size.schools} школ, ` +
        `${size.applications} заявок, сгенерированы за ${(generatedInMs / 1000).toFixed(1)} с; ` +
        `${connections} соединений, ${durationSeconds} с на строку (строки из кэша — после ${warmUpSeconds} с разогрева)`,
    );

    // The machine's speed wanders by a third from one window to the next, so the ceiling is measured
    // all through the run, every few lines, and every read is held to the median of those rounds.
    let ceilingRound = 0;
    const measureCeiling = () =>
      load(`hello-world, потолок (${++ceilingRound})`, { url: `http://127.0.0.1:${ceilingPort}/` });
    // What the database alone allows, beside the ceiling: one planned read by primary key, no app code.
    let floorRound = 0;
    const floorEvent = ids(fixture.publicEventIds);
    const floorLine: Line = { name: '', kind: 'uncached', path: (n) => `/floor/${floorEvent(n)}` };
    const measureFloor = () =>
      load(
        `пол базы данных: одно чтение по ключу без кода приложения (${++floorRound})`,
        requestsOf(`http://127.0.0.1:${ceilingPort}`, floorLine).options,
        false,
      );
    const lines = linesOf(fixture);
    const ceilings = [await measureCeiling()];
    const floors = [await measureFloor()];
    const rows: Measurement[] = [];
    for (const [index, line] of lines.entries()) {
      const { options, next } = requestsOf(base, line);
      // A warm-up fills the cache of a cached line; of an uncached one it would only leave fifty slow
      // requests cut off, still running when the measured run starts.
      rows.push(await load(line.name, options, line.kind === 'cached'));
      // Requests whose client has gone may still be running; the next line starts when the server
      // has caught up, which one more request of the same kind, queued behind them, shows.
      if (line.kind !== 'cached') {
        await fetch(`${base}${next()}`, { headers: line.cookie ? { cookie: line.cookie } : {} });
      }
      if (index % 4 === 3) ceilings.push(await measureCeiling());
      if (index === Math.floor(lines.length / 2)) floors.push(await measureFloor());
    }
    ceilings.push(await measureCeiling());
    floors.push(await measureFloor());
    const ceiling = median(ceilings.map((round) => round.requestsPerSecond));
    const floor = median(floors.map((round) => round.requestsPerSecond));

    const writes = await load('запись на мероприятие и отмена', writePath(base, fixture));

    // The slowest query looped by one client beside the cached event: on PGlite the database shares the
    // process, so a query that holds it may stall every answer, cached ones too.
    const cachedEvent: Line = { name: '', kind: 'cached', path: () => `/api/events/${fixture.eventId}` };
    const alone = await load('GET /api/events/{id} из кэша, одна', requestsOf(base, cachedEvent).options);
    const search = lines.find((line) => line.kind === 'search') as Line;
    const looping = load(
      `${search.name} в цикле, 1 соединение`,
      { ...requestsOf(base, search).options, connections: 1 },
      false,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const beside = await load(
      'GET /api/events/{id} из кэша рядом с поиском',
      requestsOf(base, cachedEvent).options,
    );
    const loop = await looping;

    // A steady write a second drops cached answers; the home list must still come mostly from memory.
    const home = lines[0] as Line;
    const writer = writeEverySecond(base, fixture);
    const homeWhileWriting = await load(
      'GET /api/events (главная) при записи раз в секунду',
      requestsOf(base, home).options,
    );
    const written = await writer.stop();

    const memory = await readMemory(base);

    console.log(`\nAPI на ${databaseName}: потолок — медиана ${ceiling.toFixed(0)} запросов/с`);
    // How many reads by key the uncached budget leaves a request: what a list must fit its statements,
    // rows, checks and compression into, on this machine and this database.
    const uncachedBudget = budgets.uncachedShare * ceiling;
    console.log(
      `  пол базы данных (одно чтение по первичному ключу, без кода приложения) — медиана ${floor.toFixed(0)} ` +
        `запросов/с, доля ${(floor / ceiling).toFixed(3)}; бюджет чтения без кэша (${budgets.uncachedShare} потолка, ` +
        `${uncachedBudget.toFixed(0)} запросов/с) — время ${(floor / uncachedBudget).toFixed(1)} таких чтений на запрос` +
        (floor < uncachedBudget ? ': меньше одного, и его не выполнит ни одно чтение из базы' : ''),
    );
    const header = `  ${'строка'.padEnd(52)} ${'ответ'.padEnd(10)} ${'запросов/с'.padStart(10)} ${'p50'.padStart(10)} ${'p99'.padStart(10)}  доля   вердикт`;
    console.log(header);
    const lineChecks: Check[] = [];
    for (const [index, line] of lines.entries()) {
      const row = rows[index] as Measurement;
      const checks = checksOf(line, row, ceiling);
      lineChecks.push(...checks);
      const failed = checks
        .filter((check) => !check.passed)
        .map((check) => check.name.slice(line.name.length + 2));
      console.log(
        `  ${line.name.padEnd(52)} ${kindLabels[line.kind].padEnd(10)} ${row.requestsPerSecond.toFixed(0).padStart(10)} ` +
          `${(row.answered > 0 ? ms(row.p50) : '—').padStart(10)} ${(row.answered > 0 ? ms(row.p99) : 'нет ответов').padStart(10)}  ` +
          `${(row.requestsPerSecond / ceiling).toFixed(3)}  ` +
          (failed.length === 0 ? 'ok' : `НЕ ПРОШЛО: ${failed.join(', ')}`) +
          (row.failures > 0 ? ` (ошибок: ${row.failures})` : ''),
      );
    }
    for (const row of [...ceilings, ...floors, writes, alone, beside, loop, homeWhileWriting]) {
      console.log(
        `  ${row.name.padEnd(63)} ${row.requestsPerSecond.toFixed(0).padStart(10)} ${ms(row.p50).padStart(10)} ` +
          `${ms(row.p99).padStart(10)}` +
          (row.failures > 0 ? `  ошибок: ${row.failures}` : ''),
      );
    }

    const besideShare = beside.requestsPerSecond / alone.requestsPerSecond;
    const homeShare = homeWhileWriting.requestsPerSecond / ceiling;
    const checks: Check[] = [
      {
        name: 'чтения: все бюджеты строк выше',
        figure: `${lineChecks.filter((check) => !check.passed).length} не прошло`,
        budget: '0 не прошло',
        passed: lineChecks.every((check) => check.passed),
      },
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
      {
        name: 'событие из кэша рядом с поиском в цикле / без него',
        figure: besideShare.toFixed(2),
        budget: `>= ${budgets.besideSlowQuery}`,
        passed: besideShare >= budgets.besideSlowQuery,
      },
      {
        name: `главная из кэша при записи раз в секунду (${written} записей): доля от потолка`,
        figure: homeShare.toFixed(2),
        budget: `>= ${budgets.homeWhileWriting}`,
        passed: homeShare >= budgets.homeWhileWriting && written > 0,
      },
    ];
    const passed = printChecks(`API на ${databaseName}: бюджеты`, checks);
    console.log('\nПамять сервера');
    console.log(describeMemory('после запуска', memoryAtStart, database));
    console.log(describeMemory('после бенчмарка', memory, database));
    // After the memory reading: the attacks leave garbage and uploaded pictures that are not what the
    // memory budget of ordinary traffic is about.
    const attackPassed = await runAttackBench(base, fixture);
    return { passed: passed && attackPassed, database, rssMb: memory.rss / 1024 / 1024 };
  } finally {
    await stop();
  }
}

if (isMain(import.meta.url)) {
  const { passed } = await runApiBench();
  process.exit(passed ? 0 : 1);
}
