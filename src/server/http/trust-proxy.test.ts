import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrustProxy } from '../config';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

const proxy = '127.0.0.1';
const firstVisitor = '203.0.113.7';
const secondVisitor = '198.51.100.23';

/** The app behind a proxy at 127.0.0.1 that names each visitor in X-Forwarded-For, as nginx does. */
function behindProxy(trustProxy: TrustProxy) {
  let ctx: TestContext;
  let sid: string;
  let username: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      authRateLimit: { max: 2, timeWindow: 60_000 },
      writeRateLimit: { max: 2, timeWindow: 60_000 },
      trustProxy,
    });
    ({ sid, username } = await signUp(ctx.app, 'school'));
  });
  afterAll(() => ctx.close());

  const from = (visitor: string) => ({
    remoteAddress: proxy,
    headers: { 'x-forwarded-for': `10.1.1.1, ${visitor}` },
  });
  const wrongSignIn = (visitor: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'wrong-password' },
      ...from(visitor),
    });
  const profileWrite = (visitor: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      cookies: { sid },
      payload: { name: 'Школа № 5' },
      ...from(visitor),
    });

  return { wrongSignIn, profileWrite };
}

describe.each<[string, TrustProxy]>([
  ['the proxy address', [proxy]],
  ['one hop', 1],
])('TRUST_PROXY naming %s', (_name, trustProxy) => {
  const { wrongSignIn, profileWrite } = behindProxy(trustProxy);

  it('counts the sign-in attempts of each visitor on their own', async () => {
    expect((await wrongSignIn(firstVisitor)).statusCode).toBe(401);
    expect((await wrongSignIn(firstVisitor)).statusCode).toBe(401);
    expect((await wrongSignIn(firstVisitor)).statusCode).toBe(429);
    expect((await wrongSignIn(secondVisitor)).statusCode).toBe(401);
  });

  it('counts the writes of each visitor on their own', async () => {
    expect((await profileWrite(firstVisitor)).statusCode).not.toBe(429);
    expect((await profileWrite(firstVisitor)).statusCode).not.toBe(429);
    expect((await profileWrite(firstVisitor)).statusCode).toBe(429);
    expect((await profileWrite(secondVisitor)).statusCode).not.toBe(429);
  });
});

describe('without TRUST_PROXY', () => {
  const { wrongSignIn, profileWrite } = behindProxy(false);

  it('counts every visitor behind the proxy as one address, whatever X-Forwarded-For says', async () => {
    expect((await wrongSignIn(firstVisitor)).statusCode).toBe(401);
    expect((await wrongSignIn(firstVisitor)).statusCode).toBe(401);
    expect((await wrongSignIn(secondVisitor)).statusCode).toBe(429);
    expect((await profileWrite(firstVisitor)).statusCode).not.toBe(429);
    expect((await profileWrite(firstVisitor)).statusCode).not.toBe(429);
    expect((await profileWrite(secondVisitor)).statusCode).toBe(429);
  });
});
