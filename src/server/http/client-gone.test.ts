import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isClientGone } from '../db/abort';
import { rowsOf } from '../db/client';
import { createTestApp, type TestContext } from '../test/test-app';

/** A promise and the function that settles it, for steps the test and the route take in turn. */
function step() {
  let settle = () => {};
  const reached = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { reached, settle };
}

describe('a read whose client has gone stops its database work', () => {
  let ctx: TestContext;
  let origin: string;
  const logLines: { level: number; msg: string }[] = [];
  const firstQueryDone = step();
  const clientLeft = step();
  const responseClosed = step();
  const routeEnded = step();
  let routeError: unknown;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    ctx = await createTestApp({ logger: { level: 'info', stream } });
    const { db } = ctx.database;
    // Each statement of the route takes a number: what the database ran is counted by the database.
    await db.execute(sql`create sequence client_gone_probe`);
    // A slow read: one statement, a wait while the client leaves, then two more.
    ctx.app.get(
      '/api/test/slow',
      { schema: { response: { 200: z.object({ done: z.boolean() }) } } },
      async (request, reply) => {
        reply.raw.once('close', responseClosed.settle);
        try {
          await db.execute(sql`select nextval('client_gone_probe')`);
          firstQueryDone.settle();
          await clientLeft.reached;
          await db.execute(sql`select nextval('client_gone_probe')`);
          await db.execute(sql`select nextval('client_gone_probe')`);
          return { done: true };
        } catch (error) {
          routeError = error;
          throw error;
        } finally {
          routeEnded.settle();
          request.log.info('slow route ended');
        }
      },
    );
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  it('sends no statement after the client disconnects, and logs no failure', async () => {
    const request = http.get(`${origin}/api/test/slow`);
    request.on('error', () => {}); // the client itself hangs up: its own socket error is expected
    await firstQueryDone.reached;
    request.destroy();
    await responseClosed.reached;
    clientLeft.settle();
    await routeEnded.reached;

    const [probe] = await rowsOf<{ last_value: string }>(
      ctx.database.db,
      sql`select last_value from client_gone_probe`,
    );
    expect(Number(probe?.last_value)).toBe(1);
    expect(isClientGone(routeError)).toBe(true);
    // Give the error handler its turn before reading the log.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    expect(logLines.some((line) => line.msg.startsWith('client gone'))).toBe(true);
  });

  it('a client that stays gets the whole answer', async () => {
    const answer = await fetch(`${origin}/api/test/slow`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
  });
});
