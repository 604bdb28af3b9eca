import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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

describe('a database missing part of what the app needs', () => {
  const damages = [
    {
      what: 'a table renamed',
      damage: sql`alter table news rename to news_gone`,
      repair: sql`alter table news_gone rename to news`,
    },
    { what: 'a table dropped', damage: sql`drop table app_state`, repair: undefined },
    {
      what: 'a column renamed',
      damage: sql`alter table events rename column title to title_gone`,
      repair: sql`alter table events rename column title_gone to title`,
    },
  ];

  it.each(damages)('answers 503 with $what, and 200 again once repaired', async ({ damage, repair }) => {
    const ctx = await createTestApp();
    try {
      await ctx.database.db.execute(damage);
      const broken = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(broken.statusCode).toBe(503);
      expect(broken.json()).toEqual({ message: healthMessages.damaged });

      if (!repair) return;
      await ctx.database.db.execute(repair);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
