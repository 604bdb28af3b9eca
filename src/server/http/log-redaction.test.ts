import { randomBytes, randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatProofCode, proofCodeAlphabet, proofCodeLength } from '../../shared/proof-codes';
import { loadConfig } from '../config';
import {
  call,
  listening,
  migratedDataDir,
  type ServerProcess,
  sidOf,
  spawnServer,
} from '../test/server-process';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

// A pupil's code, a school's calendar feed, a letter's unsubscribe link and a password reset link are
// secrets in a URL's path: whoever reads the server's log must not be able to claim hours, follow a
// school's calendar, change its mail or set its password. The real server, as `npm start` runs it, at the most talkative level.

let server: ServerProcess;
let postgres: TestDatabase | undefined;
let dataDir = '';

beforeAll(async () => {
  if (loadConfig().databaseUrl) postgres = await createTestDatabase();
  else dataDir = migratedDataDir('volunteer-log-');
  const spawned = spawnServer({
    dataDir: postgres ? undefined : dataDir,
    databaseUrl: postgres?.url,
    env: { LOG_LEVEL: 'debug' },
  });
  // On PostgreSQL a first start migrates a new database; on a busy machine that takes minutes.
  server = { ...spawned, url: await listening(spawned, 240_000) };
}, 300_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await postgres?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const proofCode = () =>
  Array.from({ length: proofCodeLength }, () => proofCodeAlphabet[randomInt(proofCodeAlphabet.length)]).join(
    '',
  );

it('writes no pupil code, calendar feed, unsubscribe or reset token to the log at LOG_LEVEL=debug', {
  timeout: 120_000,
}, async () => {
  const code = proofCode();
  const claimCode = proofCode();
  const signedUp = await call(server, 'POST', '/api/register', {
    body: { username: 'school_log_secrets', password: 'secret123', role: 'school' },
  });
  expect(signedUp.status).toBe(201);
  const feed = await call(server, 'POST', '/api/calendar-feed', { sid: sidOf(signedUp) });
  expect(feed.status).toBe(200);
  const feedPath = new URL(((await feed.json()) as { url: string }).url).pathname;
  const feedToken = /\/api\/calendar\/(.+)\.ics$/.exec(feedPath)?.[1] ?? '';
  const signature = randomBytes(24).toString('base64url');
  const unsubscribeToken = `${((await signedUp.json()) as { id: number }).id}.eventMessages.${signature}`;
  const resetToken = randomBytes(32).toString('base64url');

  const requests: [string, string][] = [
    ['GET', `/verify/${formatProofCode(code)}`],
    ['GET', `/api/verify/${code}`],
    ['GET', `/claim/${formatProofCode(claimCode)}`],
    ['POST', `/api/applications/1/codes/${formatProofCode(code)}/reissue`],
    ['GET', feedPath],
    ['GET', `/unsubscribe/${unsubscribeToken}`],
    ['GET', `/api/unsubscribe/${unsubscribeToken}`],
    ['POST', `/api/unsubscribe/${unsubscribeToken}`],
    ['GET', `/api/password-reset-links/${resetToken}`],
  ];
  for (const [method, url] of requests) {
    const answer = await call(server, method, url);
    expect(answer.status).toBeLessThan(500);
    await answer.arrayBuffer();
  }
  // Each answer above was whole before the next request went, so its lines were written before this one's.
  await call(server, 'GET', '/api/health?log=done');
  await server.waitFor('/api/health?log=done');

  const log = server.output();
  expect(log).toContain('"msg":"incoming request"');
  expect(log).toContain('/verify/[скрыто]');
  expect(log).toContain('/api/calendar/[скрыто].ics');
  expect(log).toContain('/unsubscribe/[скрыто]');
  expect(log).toContain('/api/password-reset-links/[скрыто]');
  expect(feedToken.length).toBeGreaterThan(20);
  for (const secret of [
    code,
    formatProofCode(code),
    formatProofCode(claimCode),
    feedToken,
    signature,
    resetToken,
  ]) {
    expect(log).not.toContain(secret);
  }
});
