// The API under attack (issue 21): what a hostile visitor can do to everybody else, measured on the
// benchmark's server with its rate limits lifted, so that the other defences (body limits, guards before
// parsing, bounded image decoding, the password-hashing queue) carry the load on their own, as against
// an attacker with many addresses.
//   1. GET /api/events stays fast while 12 anonymous clients keep sending 256 KB nested JSON bodies.
//   2. The server's memory stays bounded while 8 accounts upload the largest accepted images at once.
//   3. A real user's sign-in stays fast while 60 wrong sign-ins with distinct names arrive from 6
//      addresses (127.0.0.2-7: on Linux the whole 127/8 block is loopback, so each is its own client).
//   4. A simple GET stays fast while 40 certificates are asked for at once, over and over (issue 51: the
//      PDFs are laid out in the worker pool, off the server thread).

import http from 'node:http';
import autocannon from 'autocannon';
import type { BenchFixture } from './generate';
import { largestAcceptedImages } from './images';
import { type Check, printChecks } from './report';

const budgets = { eventsP99Ms: 100, uploadRssMb: 450, signInMs: 2_000, pdfsP99Ms: 100 };
const parallelPdfs = 40;
const nestedBodyBytes = 256 * 1024;

interface Answer {
  status: number;
  body: string;
}

/** One request over node:http, so that the client address can be chosen. */
function send(
  base: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
  localAddress = '127.0.0.1',
): Promise<Answer> {
  const url = new URL(options.path, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method,
        headers: options.headers,
        localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    // The server may answer and close before the whole body is sent: that is the defence working.
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET'
        ? resolve({ status: 0, body: '' })
        : reject(error),
    );
    request.end(options.body);
  });
}

const countBy = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status || 'обрыв'}: ${count}`).join(', ');
};

async function nestedBodiesWhileReading(base: string, fixture: BenchFixture): Promise<Check> {
  const nested = '['.repeat(nestedBodyBytes);
  // Anonymous writes: one that needs a session (refused before its body is read) and sign-up, which
  // reads bodies of anybody (refused by its size limit).
  const targets = [`/api/events/${fixture.eventId}/register`, '/api/register'];
  let attacking = true;
  const statuses: number[] = [];
  const attackers = Array.from({ length: 12 }, async (_, index) => {
    while (attacking) {
      const answer = await send(base, {
        method: 'POST',
        path: targets[index % targets.length] ?? '/api/register',
        headers: { 'content-type': 'application/json' },
        body: nested,
      });
      statuses.push(answer.status);
    }
  });
  const reads = await autocannon({
    url: `${base}/api/events?page=1&limit=6&date=month&activityType=ecology`,
    connections: 10,
    duration: 10,
  });
  attacking = false;
  await Promise.all(attackers);
  const failures = reads.errors + reads.timeouts + reads.non2xx;
  console.log(
    `  12 анонимных клиентов, тела по ${nestedBodyBytes / 1024} КБ: ${statuses.length} запросов (${countBy(statuses)}); ` +
      `GET /api/events: ${reads.requests.average.toFixed(0)} запросов/с, p99 ${reads.latency.p99} мс` +
      (failures > 0 ? `, ошибок: ${failures}` : ''),
  );
  return {
    name: 'GET /api/events p99 при 12 вложенных телах по 256 КБ',
    figure: `${reads.latency.p99} мс`,
    budget: `< ${budgets.eventsP99Ms} мс`,
    passed: reads.latency.p99 < budgets.eventsP99Ms && failures === 0,
  };
}

async function uploadsAtOnce(base: string, fixture: BenchFixture): Promise<Check> {
  const readRss = async () =>
    ((await (await fetch(`${base}/bench/memory`)).json()) as NodeJS.MemoryUsage).rss / 1024 / 1024;
  const images = await largestAcceptedImages();
  const accounts = fixture.schoolSessions.slice(0, 8);
  let peak = await readRss();
  const before = peak;
  let uploading = true;
  const sampler = (async () => {
    while (uploading) {
      peak = Math.max(peak, await readRss());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const statuses: number[] = [];
  // Each account sends each of the largest images, all eight accounts at the same moment.
  for (const image of images) {
    const answers = await Promise.all(
      accounts.map((sid) =>
        send(base, {
          method: 'POST',
          path: '/api/images',
          headers: { 'content-type': image.contentType, cookie: `sid=${sid}` },
          body: image.data,
        }),
      ),
    );
    statuses.push(...answers.map((answer) => answer.status));
  }
  uploading = false;
  await sampler;
  const after = await readRss();
  console.log(
    `  8 аккаунтов сразу, ${images.map((image) => image.description).join('; ')}: ответы ${countBy(statuses)}; ` +
      `RSS до ${before.toFixed(0)} МБ, пик ${peak.toFixed(0)} МБ, после ${after.toFixed(0)} МБ`,
  );
  return {
    name: 'RSS сервера при 8 одновременных загрузках самых больших картинок',
    figure: `${peak.toFixed(0)} МБ`,
    budget: `< ${budgets.uploadRssMb} МБ`,
    passed: peak < budgets.uploadRssMb && statuses.every((status) => status === 201),
  };
}

async function signInDuringGuessing(base: string): Promise<Check> {
  const realUser = { username: `bench_real_${Date.now().toString(36)}`, password: 'настоящий-пароль-2026' };
  const json = { 'content-type': 'application/json' };
  const signUp = await send(
    base,
    {
      method: 'POST',
      path: '/api/register',
      headers: json,
      body: JSON.stringify({ ...realUser, role: 'school' }),
    },
    '127.0.0.8',
  );
  if (signUp.status !== 201)
    throw new Error(`регистрация настоящего пользователя: ${signUp.status} ${signUp.body}`);

  const guesses = Array.from({ length: 60 }, (_, index) =>
    send(
      base,
      {
        method: 'POST',
        path: '/api/login',
        headers: json,
        body: JSON.stringify({ username: `guess_${index}_${Date.now()}`, password: 'wrong-password' }),
      },
      `127.0.0.${2 + (index % 6)}`,
    ),
  );
  // The real user arrives once the guesses are all on their way.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  const signIn = await send(
    base,
    { method: 'POST', path: '/api/login', headers: json, body: JSON.stringify(realUser) },
    '127.0.0.9',
  );
  const took = performance.now() - started;
  const guessStatuses = (await Promise.all(guesses)).map((answer) => answer.status);
  console.log(
    `  60 неверных входов с 6 адресов: ответы ${countBy(guessStatuses)}; вход настоящего пользователя: ` +
      `${signIn.status}, ${took.toFixed(0)} мс`,
  );
  return {
    name: 'вход настоящего пользователя при 60 подборах с 6 адресов',
    figure: `${(took / 1000).toFixed(2)} с`,
    budget: `< ${budgets.signInMs / 1000} с`,
    passed: signIn.status === 200 && took < budgets.signInMs,
  };
}

/** The last 366 days to today, the longest period a certificate may cover (shared/school-year.ts). */
function lastYear(): { from: string; to: string } {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const today = new Date();
  return { from: day(new Date(today.getTime() - 365 * 24 * 60 * 60 * 1000)), to: day(today) };
}

export async function pdfsWhileReading(
  base: string,
  fixture: Pick<BenchFixture, 'eventId' | 'busySchoolSession'>,
): Promise<Check> {
  const { from, to } = lastYear();
  const certificate = `/api/school/certificate.pdf?from=${from}&to=${to}`;
  let asking = true;
  const statuses: number[] = [];
  // Each client asks again as soon as it has its answer: 40 certificates wanted at every moment.
  const clients = Array.from({ length: parallelPdfs }, async () => {
    while (asking) {
      const answer = await send(base, {
        method: 'GET',
        path: certificate,
        headers: { cookie: `sid=${fixture.busySchoolSession}` },
      });
      statuses.push(answer.status);
    }
  });
  const reads = await autocannon({
    url: `${base}/api/events/${fixture.eventId}`,
    connections: 10,
    duration: 10,
  });
  asking = false;
  await Promise.all(clients);
  const failures = reads.errors + reads.timeouts + reads.non2xx;
  const made = statuses.filter((status) => status === 200).length;
  // 503 is the pool's answer when too many wait (with Retry-After); anything else is a failure.
  const unexpected = statuses.filter((status) => status !== 200 && status !== 503).length;
  console.log(
    `  ${parallelPdfs} справок одновременно: ${statuses.length} запросов (${countBy(statuses)}); ` +
      `GET /api/events/{id}: ${reads.requests.average.toFixed(0)} запросов/с, p50 ${reads.latency.p50} мс, ` +
      `p99 ${reads.latency.p99} мс, макс. ${reads.latency.max} мс` +
      (failures > 0 ? `, ошибок: ${failures}` : ''),
  );
  return {
    name: `GET /api/events/{id} p99 при ${parallelPdfs} PDF одновременно`,
    figure: `${reads.latency.p99} мс`,
    budget: `< ${budgets.pdfsP99Ms} мс`,
    passed: reads.latency.p99 < budgets.pdfsP99Ms && failures === 0 && made > 0 && unexpected === 0,
  };
}

export async function runAttackBench(base: string, fixture: BenchFixture): Promise<boolean> {
  console.log('\nПод атакой (ограничения частоты сняты, держат остальные защиты)');
  const checks = [
    await nestedBodiesWhileReading(base, fixture),
    await uploadsAtOnce(base, fixture),
    await signInDuringGuessing(base),
    await pdfsWhileReading(base, fixture),
  ];
  return printChecks('Под атакой: бюджеты', checks);
}
