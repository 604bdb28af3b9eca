import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/** How long a test waits for the server to hang up before calling the connection left open. */
const patienceMs = 5_000;

interface Hangup {
  afterMs: number;
  answer: string;
}

/**
 * Connects, sends `send` at once and then `trickle` one byte every 100 ms, as a client stalling the
 * server would; reports when the server closed the connection and what it answered.
 */
function untilServerHangsUp(port: number, talk: { send?: string; trickle?: string }): Promise<Hangup> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let sent = 0;
    const trickle = talk.trickle ?? '';
    const drip = setInterval(() => {
      if (sent < trickle.length && !socket.destroyed) socket.write(trickle.charAt(sent++));
    }, 100);
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still open after ${patienceMs} ms`));
    }, patienceMs);
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      if (talk.send) socket.write(talk.send);
    });
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(drip);
      resolve({ afterMs: Date.now() - started, answer });
    });
  });
}

describe('server timeouts', () => {
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestApp({ timeouts: { requestMs: 1_000, keepAliveMs: 500 } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => ctx.close());

  it('cuts off a request body sent a byte at a time once the request time is up', async () => {
    const hangup = await untilServerHangsUp(port, {
      send: 'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      trickle: '{"username":"a"'.padEnd(1000, ' '),
    });
    expect(hangup.afterMs).toBeLessThan(1_000 + 300);
    expect(hangup.answer === '' || hangup.answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('cuts off request headers sent a byte at a time', async () => {
    const hangup = await untilServerHangsUp(port, {
      trickle: `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(500)}\r\n\r\n`,
    });
    expect(hangup.afterMs).toBeLessThan(1_000 + 300);
  });

  it('closes an idle keep-alive connection after the keep-alive time', async () => {
    const hangup = await untilServerHangsUp(port, {
      send: 'GET /api/no-such-thing HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
    });
    expect(hangup.answer).toMatch(/^HTTP\/1.1 404/);
    // Node waits one second past keepAliveTimeout, for answers already on the way.
    expect(hangup.afterMs).toBeGreaterThanOrEqual(500);
    expect(hangup.afterMs).toBeLessThan(500 + 1_000 + 500);
  });
});

describe('default server timeouts', () => {
  it('receive a whole request within 30 s, headers included, and close idle connections', async () => {
    const { app, close } = await createTestApp();
    try {
      // Node checks the request and header clocks every `connectionsCheckingInterval` only; the server
      // keeps it as a property that @types/node does not declare.
      const server = app.server as typeof app.server & { connectionsCheckingInterval: number };
      expect(server.requestTimeout + server.connectionsCheckingInterval).toBeLessThanOrEqual(30_000);
      expect(server.requestTimeout).toBeGreaterThanOrEqual(25_000);
      expect(server.headersTimeout).toBeGreaterThan(0);
      expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
      expect(server.keepAliveTimeout).toBeLessThanOrEqual(10_000);
      expect(server.timeout).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
