import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonErrors } from '../../shared/errors';
import { imageMessages } from '../../shared/images';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

let ctx: TestContext;
let sid: string;
beforeAll(async () => {
  ctx = await createTestApp();
  sid = (await signUp(ctx.app, 'school')).sid;
});
afterAll(() => ctx.close());

const kilobyte = 1024;
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** PATCH /api/profile reads any JSON object of a school and checks its fields in the handler. */
const sendProfile = (payload: string | Readable) =>
  ctx.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    payload,
    headers: { 'content-type': 'application/json' },
    cookies: { sid },
  });

describe('JSON body size', () => {
  it('refuses a JSON body over 256 KB with 413 in Russian', async () => {
    const response = await sendProfile(`{"fullName":"${'x'.repeat(256 * kilobyte)}"}`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: commonErrors.bodyTooLarge });
  });

  it('refuses it before parsing: a malformed body over the limit is a 413, not a 400', async () => {
    const response = await sendProfile(`{"fullName":${'['.repeat(300 * kilobyte)}`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: commonErrors.bodyTooLarge });
  });

  it('refuses a body over the limit that is streamed without Content-Length', async () => {
    const chunks = function* () {
      yield '{"fullName":"';
      for (let sent = 0; sent < 512 * kilobyte; sent += 64 * kilobyte) yield 'x'.repeat(64 * kilobyte);
      yield '"}';
    };
    const response = await sendProfile(Readable.from(chunks()));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: commonErrors.bodyTooLarge });
  });

  it('reads a JSON body just under the limit and answers on its content', async () => {
    const response = await sendProfile(`{"fullName":"${'x'.repeat(250 * kilobyte)}"}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).not.toBe(commonErrors.bodyTooLarge);
    expect(response.json().message).not.toBe(commonErrors.invalidJson);
    expect(response.json().message).toMatch(/[а-яё]/i);
  });

  it('still lets POST /api/images take raw image bytes larger than a JSON body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: Buffer.alloc(1024 * kilobyte, 7),
      headers: { 'content-type': 'image/png' },
      cookies: { sid },
    });
    // Read and decoded (not an image after all), rather than refused for its size.
    expect(response.statusCode).toBe(400);
    expect(response.json().message).not.toBe(imageMessages.tooLarge);
  });
});

describe('JSON nesting depth', () => {
  it('reads JSON nested 64 levels deep', async () => {
    const response = await sendProfile(`{"fullName":${nested(63)}}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).not.toBe(commonErrors.tooDeepJson);
    expect(response.json().message).not.toBe(commonErrors.invalidJson);
  });

  it('refuses JSON nested 65 levels deep with 400 in Russian', async () => {
    for (const payload of [
      `{"fullName":${nested(64)}}`,
      nested(65),
      `[${'{"a":'.repeat(64)}1${'}'.repeat(64)}]`,
    ]) {
      const response = await sendProfile(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({ message: commonErrors.tooDeepJson });
    }
  });

  it('refuses deep JSON on a route open to anonymous visitors too', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: `{"username":${nested(100)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: commonErrors.tooDeepJson });
  });

  it('does not count brackets inside strings, escaped quotes included', async () => {
    const brackets = '[{'.repeat(200);
    for (const text of [brackets, `\\"${brackets}`, `\\\\${brackets}`]) {
      const response = await sendProfile(`{"fullName":"${text}"}`);
      expect(response.json().message, text).not.toBe(commonErrors.tooDeepJson);
      expect(response.json().message, text).not.toBe(commonErrors.invalidJson);
    }
  });

  it('refuses a 256 KB body of nested brackets quickly', async () => {
    const payload = nested(128 * kilobyte - 1);
    expect(payload.length).toBeLessThan(256 * kilobyte);
    const durations: number[] = [];
    for (let round = 0; round < 10; round++) {
      const started = performance.now();
      const response = await sendProfile(payload);
      durations.push(performance.now() - started);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: commonErrors.tooDeepJson });
    }
    // Scanning 256 KB takes about a millisecond; JSON.parse of it alone took 17 ms. The fastest round
    // is the one least disturbed by other work on the machine.
    expect(Math.min(...durations)).toBeLessThan(10);
  });
});

describe('JSON parsing keeps its protections', () => {
  it.each([
    ['a "__proto__" key', '{"fullName":"Школа №5","__proto__":{"polluted":true}}'],
    [
      'a "constructor.prototype" key',
      '{"fullName":"Школа №5","constructor":{"prototype":{"polluted":true}}}',
    ],
    ['malformed JSON', '{"fullName":'],
    ['a body of brackets that never close', '[[[['],
  ])('refuses %s as invalid JSON', async (_name, payload) => {
    const response = await sendProfile(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: commonErrors.invalidJson });
  });

  it('refuses an empty JSON body in Russian', async () => {
    const response = await sendProfile('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: commonErrors.invalidBody });
  });
});
