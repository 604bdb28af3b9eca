import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonErrors } from '../../shared/errors';
import { createTestApp, type TestContext } from '../test/test-app';

/** Sends raw bytes and reads the whole answer, until the server closes the connection. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', (error) => (answer === '' ? reject(error) : resolve(answer)));
    socket.on('close', () => resolve(answer));
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('requests Node refuses before Fastify sees them', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('answers headers too large (a cookie grown past 16 KB) with 431 and a message in Russian', async () => {
    const answer = await exchange(
      port,
      `GET /api/events HTTP/1.1\r\nHost: localhost\r\nCookie: big=${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(answer).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(bodyOf(answer)).toEqual({ message: commonErrors.headersTooLarge });
  });

  it('answers a request that is not HTTP with 400 and a message in Russian', async () => {
    const answer = await exchange(port, 'НЕ HTTP\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(bodyOf(answer)).toEqual({ message: commonErrors.invalidInput });
  });
});
