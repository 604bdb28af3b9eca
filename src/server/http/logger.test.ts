import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, sessionCookieOf, testHasher } from '../test/test-app';
import { loggerOptions, serializeError } from './logger';

it('writes one JSON object per line, with no password, session id or session hash in any of them', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    db: database.db,
    hasher: testHasher,
    changes: database.changes,
    logger: { ...loggerOptions('info'), stream },
  });
  const password = 'Пароль-для-журнала-42';

  const signedUp = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username: 'school_logs', password, role: 'school' },
  });
  expect(signedUp.statusCode).toBe(201);
  const sid = sessionCookieOf(signedUp) ?? '';
  expect((await app.inject({ method: 'GET', url: '/api/user', cookies: { sid } })).statusCode).toBe(200);
  const wrong = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'school_logs', password: `${password}!` },
  });
  expect(wrong.statusCode).toBe(401);

  // With the database gone every query fails, and a failed query names its parameters: the session
  // hash, the username. The answers are 500s; the log has the reason only. A session this process has
  // not seen yet is looked up in the database, the known one may be answered from memory.
  await database.close();
  const unknownSid = randomBytes(32).toString('base64url');
  const failed = await app.inject({ method: 'GET', url: '/api/user', cookies: { sid: unknownSid } });
  expect(failed.statusCode).toBe(500);
  const failedLogin = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'school_logs', password },
  });
  expect(failedLogin.statusCode).toBe(500);
  await app.close();

  const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records.some((record) => record.msg === 'request completed')).toBe(true);
  const errors = records.filter((record) => record.level === 50);
  expect(errors.length).toBeGreaterThanOrEqual(2);
  for (const record of errors) expect(record.err).toMatchObject({ message: expect.any(String) });

  const log = lines.join('\n');
  expect(sid.length).toBeGreaterThan(20);
  for (const sessionId of [sid, unknownSid]) {
    expect(log).not.toContain(sessionId);
    expect(log).not.toContain(createHash('sha256').update(sessionId).digest('hex'));
  }
  expect(log).not.toContain(password);
});

it('keeps the SQL of a failed query and leaves out its parameters and the values of a violated key', () => {
  const cause = Object.assign(
    new Error('duplicate key value violates unique constraint "users_username_unique"'),
    {
      code: '23505',
      detail: 'Key (username)=(school_secret) already exists.',
    },
  );
  const error = new DrizzleQueryError(
    'insert into "users" ("username") values ($1)',
    ['school_secret'],
    cause,
  );

  const serialized = serializeError(error);

  expect(serialized.message).toBe('Failed query: insert into "users" ("username") values ($1)');
  expect(serialized.cause).toMatchObject({ code: '23505', message: cause.message });
  expect(JSON.stringify(serialized)).not.toContain('school_secret');
});
