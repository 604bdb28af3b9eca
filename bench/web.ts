// Page-speed benchmark (issue 8): Lighthouse with its default mobile preset on five public pages of the
// production build served by `npm start`, plus the initial JavaScript each page downloads; and (issue
// 27) on the five signed-in pages with the same budgets: the dashboard of a foundation with 600 events
// and of a school with 300 applications, their applications pages and the administrator's panel, each
// signed in through the API with the session cookie sent on every request of the page.
// Usage: npx tsx bench/web.ts   (BENCH_WEB_RUNS=1: one run per page instead of the median of three;
//        BENCH_WEB_PAGES=home,event: only those of home, events, event, foundations, foundation,
//        dashboard-foundation, dashboard-school, foundation-applications, school-applications, admin)
// Writes bench/results/lighthouse-<page>.json; exits 1 when any budget fails.

import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium';
import { serverEnvironment, serverNodeFlags } from '../scripts/node-flags.mjs';
import type { WebBenchAccounts } from './web-data';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(repoRoot, 'bench', 'results');
const manifestFile = path.join(repoRoot, 'dist', 'web', '.vite', 'manifest.json');

// Ports 3400-3499 belong to this benchmark on the shared machine (Playwright uses 3199, the API
// benchmark asks the system for free ones).
const portRange = { from: 3400, to: 3499 };
const adminPassword = 'bench-web-admin-password';

export const webBudgets = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 2000,
  cls: 0.05,
  tbtMs: 150,
  initialJsKb: 150,
} as const;

/**
 * Sources of the pages only signed-in users (or the administrator) open. None of their chunks may be
 * downloaded by a public page.
 */
const privateSources = [
  /^features\/admin\//,
  /^features\/dashboard\//,
  /^features\/applications\//,
  /^features\/profile\/edit-profile-page/,
  /^features\/events\/(event-form-page|dashboard-event-page)/,
  /^features\/volunteer-requests\/create-request-page/,
];

interface PageFigures {
  page: string;
  signedIn: boolean;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Elements in the page once loaded: a list drawn beyond its page shows here first. */
  domElements: number;
  initialJsKb: number;
  scripts: string[];
  privateChunks: string[];
  failedAudits: string[];
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePorts(count: number): Promise<number[]> {
  const found: number[] = [];
  for (let port = portRange.from; port <= portRange.to && found.length < count; port++) {
    if (await isPortFree(port)) found.push(port);
  }
  if (found.length < count) throw new Error(`Нет свободных портов в ${portRange.from}-${portRange.to}`);
  return found;
}

function startServer(port: number, dataDir: string): ChildProcess {
  // As `npm start` runs it: one process with the server's flags. detached: the server gets its own
  // process group, so stopping it stops a build it may be running too, and nothing else.
  const server = spawn(process.execPath, [...serverNodeFlags, 'scripts/start.mjs'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...serverEnvironment,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
    },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  server.once('exit', (code) => {
    if (code) console.error(`Сервер завершился с кодом ${code}:\n${output.join('')}`);
  });
  return server;
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.pid === undefined || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(server.pid as number), signal);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function waitForServer(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('Сервер остановился, не успев запуститься');
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Сервер не ответил за ${timeoutMs / 1000} с`);
}

async function firstId(baseUrl: string, list: 'events' | 'foundations'): Promise<number> {
  const response = await fetch(`${baseUrl}/api/${list}?limit=1`);
  if (!response.ok) throw new Error(`GET /api/${list} ответил ${response.status}`);
  // Events answer an array (the total travels in X-Total-Count), foundations { foundations, pagination }.
  const body = (await response.json()) as unknown;
  const rows = Array.isArray(body) ? body : (body as Record<string, unknown>)[list];
  const first = Array.isArray(rows) ? (rows[0] as { id?: unknown } | undefined) : undefined;
  if (typeof first?.id === 'number') return first.id;
  throw new Error(`В ответе GET /api/${list} нет ни одной записи: демо-данные не загружены?`);
}

/**
 * The demo content and the long lists of bench/web-data.ts, written into the data folder by a process of
 * its own before the server starts (the server then finds the demo content there and leaves it).
 */
async function prepareData(dataDir: string, password: string): Promise<WebBenchAccounts> {
  const generator = fork(path.join(repoRoot, 'bench', 'web-data.ts'), [dataDir, password], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(generator, 'exit');
  const accounts = await new Promise<WebBenchAccounts>((resolve, reject) => {
    generator.once('message', (message) => resolve(message as WebBenchAccounts));
    generator.once('exit', (code) => reject(new Error(`подготовка данных завершилась с кодом ${code}`)));
  });
  await exited;
  return accounts;
}

/** Signs in through the API as a person would; answers the session cookie (`sid=…`). */
async function signIn(baseUrl: string, address: string, username: string, password: string) {
  const response = await fetch(`${baseUrl}${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('sid='));
  if (!response.ok || !cookie) throw new Error(`POST ${address} как ${username} ответил ${response.status}`);
  return cookie;
}

function readManifest(): Map<string, string> {
  const sourceByFile = new Map<string, string>();
  if (!existsSync(manifestFile)) return sourceByFile;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  for (const [source, chunk] of Object.entries(manifest)) sourceByFile.set(`/${chunk.file}`, source);
  return sourceByFile;
}

/**
 * Initial JavaScript: every script the page downloaded while Lighthouse loaded it (no interaction
 * happens during that load), each gzipped here at the default level, so the figure does not depend on
 * whether or how the server compressed it.
 */
async function measureScripts(lhr: LighthouseResult, sourceByFile: Map<string, string>, signedIn: boolean) {
  const details = lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> };
  const urls = (details?.items ?? [])
    .filter((item) => item.resourceType === 'Script' && typeof item.url === 'string')
    .map((item) => item.url as string);
  let gzipBytes = 0;
  const scripts: string[] = [];
  const privateChunks: string[] = [];
  for (const url of new Set(urls)) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await response.arrayBuffer());
    const size = gzipSync(body).length;
    gzipBytes += size;
    const pathname = new URL(url).pathname;
    const source = sourceByFile.get(pathname);
    scripts.push(`${pathname}${source ? ` (${source})` : ''} ${(size / 1024).toFixed(1)} KB`);
    if (!signedIn && source && privateSources.some((pattern) => pattern.test(source)))
      privateChunks.push(source);
  }
  return { initialJsKb: gzipBytes / 1024, scripts, privateChunks };
}

const score = (lhr: LighthouseResult, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: LighthouseResult, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function failedAuditsOf(lhr: LighthouseResult): string[] {
  const failed: string[] = [];
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failed.push(`${category}: ${ref.id} (${audit.title})`);
      }
    }
  }
  return failed;
}

async function audit(
  url: string,
  chromePort: number,
  runs: number,
  cookie: string | undefined,
): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  let attemptsLeft = runs + 2;
  while (results.length < runs) {
    const result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      // The session travels as a header of every request, as the browser's cookie would: Lighthouse
      // clears the browser's storage before each run.
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse не вернул отчёт для ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) {
      results.push(result.lhr);
      continue;
    }
    // A trace that Chrome failed to record (NO_NAVSTART and the like, mostly on a busy machine) says
    // nothing about the page; Lighthouse itself asks to run again.
    attemptsLeft--;
    console.log(`  ${url}: ${failure.code}, повторяю`);
    if (attemptsLeft <= results.length) throw new Error(`Lighthouse: ${failure.code} ${failure.message}`);
  }
  return results.length === 1 ? (results[0] as LighthouseResult) : computeMedianRun(results);
}

function budgetFailures(figures: PageFigures): string[] {
  const failures: string[] = [];
  if (figures.performance < webBudgets.performance) failures.push('performance');
  if (figures.accessibility < webBudgets.accessibility) failures.push('accessibility');
  if (figures.bestPractices < webBudgets.bestPractices) failures.push('best practices');
  // A signed-in page tells search engines not to index it, which Lighthouse's SEO score counts against
  // it; the score is printed, its budget is the public pages'.
  if (!figures.signedIn && figures.seo < webBudgets.seo) failures.push('SEO');
  if (!(figures.lcpMs <= webBudgets.lcpMs)) failures.push('LCP');
  if (!(figures.cls <= webBudgets.cls)) failures.push('CLS');
  if (!(figures.tbtMs <= webBudgets.tbtMs)) failures.push('TBT');
  if (!(figures.initialJsKb <= webBudgets.initialJsKb)) failures.push('initial JS');
  if (figures.privateChunks.length > 0) failures.push('private chunks');
  return failures;
}

function printTable(all: PageFigures[]): void {
  const columns: Array<[string, (f: PageFigures) => string, string]> = [
    ['page', (f) => f.page, ''],
    ['perf', (f) => String(f.performance), `>= ${webBudgets.performance}`],
    ['a11y', (f) => String(f.accessibility), `= ${webBudgets.accessibility}`],
    ['best pr.', (f) => String(f.bestPractices), `>= ${webBudgets.bestPractices}`],
    ['SEO', (f) => String(f.seo), `>= ${webBudgets.seo}`],
    ['LCP s', (f) => (f.lcpMs / 1000).toFixed(2), `<= ${(webBudgets.lcpMs / 1000).toFixed(1)}`],
    ['CLS', (f) => f.cls.toFixed(3), `<= ${webBudgets.cls}`],
    ['TBT ms', (f) => Math.round(f.tbtMs).toString(), `<= ${webBudgets.tbtMs}`],
    ['DOM', (f) => String(f.domElements), ''],
    ['JS KB gz', (f) => f.initialJsKb.toFixed(1), `<= ${webBudgets.initialJsKb}`],
    ['result', (f) => (budgetFailures(f).length === 0 ? 'ok' : `FAIL: ${budgetFailures(f).join(', ')}`), ''],
  ];
  const rows = [
    columns.map(([title]) => title),
    ...all.map((figures) => columns.map(([, cell]) => cell(figures))),
    columns.map(([, , budget], index) => (index === 0 ? 'budget' : budget)),
  ];
  const widths = columns.map((_, index) => Math.max(...rows.map((row) => (row[index] ?? '').length)));
  for (const row of rows) console.log(row.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  '));
}

/** Runs the page-speed benchmark; true when every page meets every budget. */
export async function runWebBench(): Promise<boolean> {
  // One Lighthouse run's figures move by hundreds of milliseconds between runs of the same page, so a
  // budget's verdict is taken on the median run of three unless asked otherwise.
  const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS) || 3);
  const [serverPort, chromePort] = (await freePorts(2)) as [number, number];
  const baseUrl = `http://127.0.0.1:${serverPort}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'volunteer-bench-web-'));
  console.log(`Lighthouse (мобильный профиль), прогонов на страницу: ${runs}; сервер ${baseUrl}`);

  const demoPassword = randomBytes(12).toString('base64url');
  const accounts = await prepareData(dataDir, demoPassword);
  const server = startServer(serverPort, dataDir);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForServer(baseUrl, server, 240_000);
    const [eventId, foundationId] = await Promise.all([
      firstId(baseUrl, 'events'),
      firstId(baseUrl, 'foundations'),
    ]);
    const only = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);
    const [foundationCookie, schoolCookie, adminCookie] = [
      await signIn(baseUrl, '/api/login', accounts.foundationUsername, demoPassword),
      await signIn(baseUrl, '/api/login', accounts.schoolUsername, demoPassword),
      await signIn(baseUrl, '/api/admin/login', 'admin', adminPassword),
    ];
    const pages = (
      [
        ['home', '/'],
        ['events', '/events'],
        ['event', `/events/${eventId}`],
        ['foundations', '/foundations'],
        ['foundation', `/foundations/${foundationId}`],
        ['dashboard-foundation', '/dashboard', foundationCookie],
        ['dashboard-school', '/dashboard', schoolCookie],
        ['foundation-applications', '/foundation-applications', foundationCookie],
        ['school-applications', '/school-applications', schoolCookie],
        ['admin', '/admin', adminCookie],
      ] as Array<[string, string, string?]>
    ).filter(([page]) => !only || only.includes(page));

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || chromiumPath,
      chromeFlags: chromiumFlags,
      port: chromePort,
      logLevel: 'silent',
    });
    mkdirSync(resultsDir, { recursive: true });
    const sourceByFile = readManifest();
    const all: PageFigures[] = [];
    for (const [page, pathname, cookie] of pages) {
      const url = `${baseUrl}${pathname}`;
      const signedIn = cookie !== undefined;
      if (!signedIn) {
        // The server renders a public page once and then serves it from its cache until data changes;
        // the figures are for that steady state, and the one cold render is printed beside them.
        const coldStarted = performance.now();
        const cold = await fetch(url, { headers: { 'accept-encoding': 'br' } });
        await cold.arrayBuffer();
        console.log(
          `  ${pathname}: первая отрисовка на сервере ${Math.round(performance.now() - coldStarted)} мс`,
        );
      }
      const lhr = await audit(url, chrome.port, runs, cookie);
      writeFileSync(path.join(resultsDir, `lighthouse-${page}.json`), JSON.stringify(lhr, null, 2));
      all.push({
        page: `${page} ${pathname}`,
        signedIn,
        url,
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        bestPractices: score(lhr, 'best-practices'),
        seo: score(lhr, 'seo'),
        lcpMs: numeric(lhr, 'largest-contentful-paint'),
        cls: numeric(lhr, 'cumulative-layout-shift'),
        tbtMs: numeric(lhr, 'total-blocking-time'),
        domElements: numeric(lhr, 'dom-size'),
        failedAudits: failedAuditsOf(lhr),
        ...(await measureScripts(lhr, sourceByFile, signedIn)),
      });
    }

    console.log('');
    printTable(all);
    for (const figures of all) {
      console.log(`\n${figures.page}: скрипты при загрузке`);
      for (const script of figures.scripts) console.log(`  ${script}`);
      for (const failed of figures.failedAudits) console.log(`  не пройден аудит ${failed}`);
      for (const chunk of figures.privateChunks)
        console.log(`  код личного кабинета в публичной странице: ${chunk}`);
    }
    const passed = all.every((figures) => budgetFailures(figures).length === 0);
    console.log(`\nБюджеты страниц: ${passed ? 'все выполнены' : 'есть нарушения'}. Отчёты: bench/results/`);
    return passed;
  } finally {
    chrome?.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runWebBench().then(
    (passed) => process.exit(passed ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
