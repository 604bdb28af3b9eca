import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  call,
  migratedDataDir,
  type ServerProcess,
  sidOf,
  startServer,
  testAdmin,
} from '../test/server-process';
import { type SmtpInbox, startSmtpInbox } from '../test/smtp-inbox';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

// A letter queued by a change must survive the process dying before it is sent. The real server, in its
// own process, as `npm start` runs it: on PGlite's files, or on a PostgreSQL database of this test's own.
const onPostgres = Boolean(loadConfig().databaseUrl);

let inbox: SmtpInbox;
let postgres: TestDatabase | undefined;
let dataDir = '';
const servers: ServerProcess[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox();
  if (onPostgres) postgres = await createTestDatabase();
  else dataDir = migratedDataDir('volunteer-outbox-');
});

afterEach(async () => {
  for (const server of servers.splice(0)) {
    await server.stop('SIGKILL');
  }
});

afterAll(async () => {
  await inbox.close();
  await postgres?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function serverWith(env: Record<string, string>) {
  const server = await startServer({
    dataDir: postgres ? undefined : dataDir,
    databaseUrl: postgres?.url,
    env: { SMTP_URL: inbox.url, ...env },
  });
  servers.push(server);
  return server;
}

describe('the outbox across a crash', () => {
  it('sends, once, a letter whose change committed just before the process was killed', {
    timeout: 120_000,
  }, async () => {
    // A worker that would look only in an hour: the process dies between the commit and the send.
    const first = await serverWith({ MAIL_POLL_SECONDS: '3600' });
    const signUp = await call(first, 'POST', '/api/register', {
      body: { username: 'crash_school', password: 'secret123', role: 'school' },
    });
    const schoolSid = sidOf(signUp) ?? '';
    const profile = await call(first, 'PATCH', '/api/profile', {
      sid: schoolSid,
      body: {
        username: 'crash_school',
        fullName: 'Школа № 57 города Москвы',
        schoolType: 'state',
        description: 'Школа, чьи ученики каждую неделю помогают фондам города.',
        address: 'Москва, Малый Знаменский переулок, 7',
        phone: '+7 495 123-45-67',
        email: 'coordinator@school57.example',
      },
    });
    expect(profile.status).toBe(200);
    const admin = await call(first, 'POST', '/api/admin/login', { body: testAdmin });
    const adminSid = sidOf(admin) ?? '';
    const { id: userId } = (await signUp.json()) as { id: number };
    const decision = await call(first, 'PATCH', `/api/admin/organizations/${userId}/moderate`, {
      sid: adminSid,
      body: { status: 'approved' },
    });
    expect(decision.status).toBe(200);
    await first.stop('SIGKILL');
    expect(inbox.letters).toHaveLength(0);

    await serverWith({ MAIL_POLL_SECONDS: '1' });
    const [letter] = await inbox.waitFor(1);
    expect(letter?.to).toMatchObject({ value: [{ address: 'coordinator@school57.example' }] });
    expect(letter?.subject).toBe('Профиль организации одобрен');
    // Several more passes of the worker: the letter is not sent again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(inbox.letters).toHaveLength(1);
  });
});
