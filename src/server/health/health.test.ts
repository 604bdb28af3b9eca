import { expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { healthMessages } from './routes';

it('answers 200 while the database answers, and 503 with a Russian message once it is gone', async () => {
  const ctx = await createTestApp();
  const healthy = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(healthy.statusCode).toBe(200);
  expect(healthy.json()).toEqual({ status: 'ok', database: 'ok' });

  await ctx.database.close();
  const broken = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(broken.statusCode).toBe(503);
  expect(broken.json()).toEqual({ message: healthMessages.unavailable });
  await ctx.app.close();
});
