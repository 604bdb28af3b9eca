import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { foundations } from '../db/schema';
import { createEvent } from '../test/factories';
import { createTestApp, signUp, type TestContext, uploadPicture } from '../test/test-app';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
// The source of the renderer, as rendered-pages.test.ts uses it.
const pageRendererFile = fileURLToPath(new URL('../../web/entry-server.tsx', import.meta.url));

/** What a HEAD answer must share with the GET answer of the same address. */
const sharedHeaders = [
  'content-type',
  'content-length',
  'cache-control',
  'content-encoding',
  'vary',
  'x-total-count',
];

describe('HEAD wherever GET works', () => {
  let ctx: TestContext;
  let foundationSid: string;
  let eventId: number;
  let imageUrl: string;

  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'head-requests-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html lang="ru"><head><title>Школьное волонтёрство</title></head><body><div id="root"></div></body></html>',
    );
    ctx = await createTestApp({ calendar, webRoot, pageRendererFile });
    const signedUp = await signUp(ctx.app, 'foundation');
    foundationSid = signedUp.sid;
    const [row] = await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved', name: 'Фонд «Заголовки»' })
      .where(isOrganisationOf(foundations, signedUp.user.id))
      .returning({ id: foundations.id });
    eventId = (
      await createEvent(ctx.database.db, row?.id ?? 0, { title: 'Уборка парка', date: '2026-12-05' })
    ).id;
    imageUrl = (await uploadPicture(ctx.app, foundationSid)).url;
  });
  afterAll(() => ctx.close());

  /** `drawnAfresh`: a page not kept in the cache is drawn again for HEAD, and may differ by a byte. */
  async function expectHeadLikeGet(url: string, options: { sid?: string; drawnAfresh?: boolean } = {}) {
    const { sid, drawnAfresh = false } = options;
    const request = { url, headers: { 'accept-encoding': 'br' }, ...(sid ? { cookies: { sid } } : {}) };
    const get = await ctx.app.inject({ method: 'GET', ...request });
    const head = await ctx.app.inject({ method: 'HEAD', ...request });
    expect(head.statusCode, url).toBe(get.statusCode);
    for (const name of sharedHeaders) {
      if (name === 'content-length' && drawnAfresh) {
        expect(Number(head.headers[name]), url).toBeGreaterThan(0);
      } else {
        expect(head.headers[name], `${url} ${name}`).toEqual(get.headers[name]);
      }
    }
    expect(head.rawPayload.length, url).toBe(0);
    return head;
  }

  it('answers HEAD for the drawn public pages', async () => {
    expect((await expectHeadLikeGet('/')).statusCode).toBe(200);
    expect((await expectHeadLikeGet('/events')).statusCode).toBe(200);
    expect((await expectHeadLikeGet(`/events/${eventId}`)).statusCode).toBe(200);
  });

  it('answers HEAD for an unknown page with the 404 that GET gives', async () => {
    expect((await expectHeadLikeGet('/no-such-page', { drawnAfresh: true })).statusCode).toBe(404);
  });

  it('answers HEAD for a page drawn for a signed-in visitor, and for the bare app', async () => {
    const own = await expectHeadLikeGet('/dashboard', { sid: foundationSid, drawnAfresh: true });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const bare = await expectHeadLikeGet('/dashboard');
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers HEAD for API reads and images', async () => {
    expect((await expectHeadLikeGet('/api/events')).statusCode).toBe(200);
    expect((await expectHeadLikeGet('/api/health')).statusCode).toBe(200);
    expect((await expectHeadLikeGet(imageUrl)).statusCode).toBe(200);
    expect((await expectHeadLikeGet('/api/no-such-thing')).statusCode).toBe(404);
  });
});
