import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOrganisationOf } from '../accounts/organisation';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { foundations, sessions } from '../db/schema';
import { createEvent, createFoundation, createSchool, tenPlaceEventInput } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
// The source of the renderer: vitest compiles it as the build does for dist/ssr.
const pageRendererFile = fileURLToPath(new URL('../../web/entry-server.tsx', import.meta.url));
const stateScript = '<script type="application/json" id="rendered-state">';

/** What #root holds: the drawn page, without the data sent along for the scripts. */
function drawnPart(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(stateScript);
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

describe('pages drawn by the server', () => {
  let ctx: TestContext;
  let foundation: { sid: string; id: number; userId: number };
  let eventId: number;

  const page = (url: string, headers: Record<string, string> = {}, sid?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity', ...headers },
      ...(sid ? { cookies: { sid } } : {}),
    });

  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'rendered-pages-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html lang="ru"><head><title>Школьное волонтёрство</title></head><body><div id="root"></div></body></html>',
    );
    ctx = await createTestApp({ calendar, webRoot, pageRendererFile });
    const signedUp = await signUp(ctx.app, 'foundation');
    const [row] = await ctx.database.db
      .update(foundations)
      // A whole profile, so that the working pages show themselves rather than ask for it.
      .set({
        moderationStatus: 'approved',
        name: 'Фонд «Страницы»',
        location: 'Москва',
        email: 'fond@example.org',
        phone: '+7 (495) 000-00-00',
        address: 'Москва, ул. Лесная, 1',
        description: 'Сажаем деревья вместе со школьниками.',
      })
      .where(isOrganisationOf(foundations, signedUp.user.id))
      .returning({ id: foundations.id });
    foundation = { sid: signedUp.sid, id: row?.id ?? 0, userId: signedUp.user.id };
    const event = await createEvent(ctx.database.db, foundation.id, {
      title: 'Посадка деревьев в сквере',
      date: '2026-12-05',
    });
    eventId = event.id;
    ctx.app.publicCache.invalidate();
  });
  afterAll(() => ctx.close());

  it('sends an event page already drawn, with its data for the scripts', async () => {
    const response = await page(`/events/${eventId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
    const drawn = drawnPart(response.body);
    expect(drawn).toContain('Посадка деревьев в сквере');
    expect(drawn).toContain('Фонд «Страницы»');
    expect(response.body).toContain(stateScript);
    expect(response.body).toContain('<title>Посадка деревьев в сквере — Школьное волонтёрство</title>');
  });

  it('draws the home page and the foundation page', async () => {
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(drawnPart(home.body)).toContain('Проект сделан школьниками для школьников');
    const foundationPage = await page(`/foundations/${foundation.id}`);
    expect(drawnPart(foundationPage.body)).toContain('Фонд «Страницы»');
  });

  it('answers an unknown address with 404 and the not-found page', async () => {
    const response = await page('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(drawnPart(response.body)).toContain('Такой страницы нет');
  });

  it('answers 404 for the page of a missing event, foundation, news item or request', async () => {
    for (const [url, heading] of [
      ['/events/999999', 'Мероприятие не найдено'],
      ['/events/abc', 'Мероприятие не найдено'],
      ['/foundations/999999', 'Фонд не найден'],
      ['/news/999999', 'Новость не найдена'],
      ['/volunteer-requests/999999', 'Заявка не найдена'],
    ] as const) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(drawnPart(response.body), url).toContain(heading);
      expect(response.body, url).toContain(`<title>${heading} — Школьное волонтёрство</title>`);
      expect(response.body, url).not.toContain('og:title');
    }
  });

  it('writes each page its own title and description, and link-preview tags for an event', async () => {
    const titles = new Set<string>();
    for (const url of ['/', '/events', '/foundations', '/news', '/faq', '/volunteer-requests']) {
      const response = await page(url);
      const title = /<title>([^<]*)<\/title>/.exec(response.body)?.[1];
      expect(title, url).toBeTruthy();
      titles.add(title ?? '');
      expect(response.body.match(/<title>/g), url).toHaveLength(1);
      expect(response.body.match(/<meta name="description"/g), url).toHaveLength(1);
    }
    expect(titles.size).toBe(6);

    const event = (await page(`/event-detail?id=${eventId}`, { host: 'volunteer.example.ru' })).body;
    const meta = (name: string) =>
      new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(event)?.[1];
    expect(meta('og:title')).toBe('Посадка деревьев в сквере — Школьное волонтёрство');
    expect(meta('og:type')).toBe('article');
    // The alias's canonical address is the event's own, absolute, under the address the visitor used.
    expect(meta('og:url')).toBe(`http://volunteer.example.ru/events/${eventId}`);
    expect(event).toContain(`<link rel="canonical" href="http://volunteer.example.ru/events/${eventId}"`);
    expect(meta('og:image')).toBe(`http://volunteer.example.ru/api/share-cards/events/${eventId}`);
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('og:description')).toBeTruthy();
  });

  it('compresses the page for a browser that accepts brotli', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/events/${eventId}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(drawnPart(brotliDecompressSync(response.rawPayload).toString())).toContain(
      'Посадка деревьев в сквере',
    );
  });

  it('sends the bare app to a visitor without a session on the working areas, and to everybody on the forms', async () => {
    for (const url of ['/dashboard', '/admin', '/foundation-applications', '/auth', '/admin/login']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain(stateScript);
    }
    for (const url of ['/auth', '/admin/login', '/forgot-password']) {
      const response = await page(url, {}, foundation.sid);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('draws a working page for the visitor with a session, as theirs, and keeps it nowhere', async () => {
    for (const url of ['/dashboard', '/foundation-applications']) {
      const response = await page(url, {}, foundation.sid);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(response.headers.vary, url).toBe('Accept-Encoding, Cookie');
      expect(response.body, url).toContain(stateScript);
      // The header of a visitor with a session offers no sign-in.
      expect(drawnPart(response.body), url).not.toContain('Войти');
    }
    const dashboard = drawnPart((await page('/dashboard', {}, foundation.sid)).body);
    expect(dashboard).toContain('Фонд «Страницы»');
    expect(dashboard).toContain('Посадка деревьев в сквере');
    expect(drawnPart((await page('/foundation-applications', {}, foundation.sid)).body)).toContain(
      'Заявки школ',
    );

    // A public page drawn for a signed-in visitor is not what the next visitor without a session gets.
    ctx.app.publicCache.invalidate();
    const own = await page(`/events/${eventId}`, {}, foundation.sid);
    expect(own.headers['cache-control']).toBe('private, no-store');
    // The application block asks a visitor without a session to sign in as a school.
    const signInToApply = 'Войдите как школа';
    expect(drawnPart(own.body)).toContain('Посадка деревьев в сквере');
    expect(drawnPart(own.body)).not.toContain(signInToApply);
    const anonymous = await page(`/events/${eventId}`);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(drawnPart(anonymous.body)).toContain(signInToApply);
  });

  it('draws at most two signed-in pages at once, and sends the bare app to whoever comes meanwhile', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => page('/foundation-applications', {}, foundation.sid)),
    );
    const drawn = answers.filter((answer) => answer.body.includes(stateScript));
    const bare = answers.filter((answer) => answer.body.includes('<div id="root"></div>'));
    expect(drawn.length + bare.length).toBe(8);
    expect(drawn.length).toBeGreaterThanOrEqual(2);
    expect(bare.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    // The places are given back: the next visitor's page is drawn again.
    expect((await page('/foundation-applications', {}, foundation.sid)).body).toContain(stateScript);
  });

  it("answers a guard's turning away with an HTTP redirect, as the browser would have been sent", async () => {
    const expectRedirect = async (url: string, sid: string, location: string) => {
      const response = await page(url, {}, sid);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(location);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    };
    await expectRedirect('/school-applications', foundation.sid, '/dashboard');
    await expectRedirect('/admin', foundation.sid, '/admin/login');
    // A session that has ended (or never was) is sent to sign in, and back here afterwards.
    await expectRedirect(
      '/foundation-applications?page=2',
      'no-such-session',
      '/auth?next=%2Ffoundation-applications%3Fpage%3D2',
    );
  });

  it('passes on the renewal of a session that the page read', async () => {
    const session = await createSession(ctx.database.db, foundation.userId);
    // Renewal falls due in the second half of a session's life.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(sessions.userId, foundation.userId));
    const response = await page('/dashboard', {}, session.sessionId);
    expect(response.statusCode).toBe(200);
    const cookie = [response.headers['set-cookie']].flat().join('\n');
    expect(cookie).toContain(`sid=${session.sessionId}`);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)?.[1] ?? 0);
    expect(expires.getTime()).toBeGreaterThan(Date.now() + 20 * 24 * 60 * 60 * 1000);
  });

  it('keeps one drawn page for an address whatever unknown query parameters it carries', async () => {
    ctx.app.publicCache.invalidate();
    const first = await page('/foundations');
    const entries = ctx.app.publicCache.size;
    for (const url of ['/foundations?utm_source=vk', '/foundations?fbclid=1&x=2', '/foundations?']) {
      const again = await page(url);
      expect(again.statusCode, url).toBe(200);
      expect(drawnPart(again.body), url).toBe(drawnPart(first.body));
    }
    expect(ctx.app.publicCache.size).toBe(entries);

    // A parameter the page reads still makes a page of its own: /event-detail?id= is the event's page.
    const alias = await page(`/event-detail?id=${eventId}&utm_source=vk`);
    expect(drawnPart(alias.body)).toContain('Посадка деревьев в сквере');
  });

  it('draws a list as its address filters it, so a shared filtered list arrives filtered', async () => {
    const found = drawnPart((await page(`/events?search=${encodeURIComponent('Посадка')}`)).body);
    expect(found).toContain('Посадка деревьев в сквере');
    const none = drawnPart((await page(`/events?search=${encodeURIComponent('нет-такого')}`)).body);
    expect(none).not.toContain('Посадка деревьев в сквере');
    expect(none).toContain('Мероприятия не найдены');

    // The home page's two lists read parameters of their own: a foundation search leaves the events be.
    const home = drawnPart((await page(`/?foundationSearch=${encodeURIComponent('нет-такого')}`)).body);
    expect(home).toContain('Фонды не найдены');
    expect(home).toContain('Посадка деревьев в сквере');

    // What the address cannot hold draws the unfiltered list, not an error.
    const bad = await page('/foundations?page=abc&direction=space');
    expect(bad.statusCode).toBe(200);
    expect(drawnPart(bad.body)).toContain('Фонд «Страницы»');
  });

  it('shows a change made through the API on the next visit of a page drawn before it', async () => {
    const eventInput = { ...tenPlaceEventInput, date: '2026-12-06' };
    const write = (method: 'POST' | 'PUT', url: string, payload: object) =>
      ctx.app.inject({ method, url, cookies: { sid: foundation.sid }, payload });

    expect(drawnPart((await page('/events')).body)).not.toContain('Субботник в парке');
    const created = await write('POST', '/api/events', eventInput);
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(drawnPart((await page('/events')).body)).toContain('Субботник в парке');
    expect(drawnPart((await page(`/events/${id}`)).body)).toContain('Субботник в парке');

    const renamed = await write('PUT', `/api/events/${id}`, { ...eventInput, title: 'Субботник у реки' });
    expect(renamed.statusCode).toBe(200);
    for (const url of ['/events', `/events/${id}`]) {
      const drawn = drawnPart((await page(url)).body);
      expect(drawn, url).toContain('Субботник у реки');
      expect(drawn, url).not.toContain('Субботник в парке');
    }
  });

  it('keeps a drawn event page through an application to another event, and draws it again after one to its own', async () => {
    const shown = await createEvent(ctx.database.db, foundation.id, {
      title: 'Страница в памяти',
      date: '2026-12-07',
    });
    const elsewhere = await createEvent(ctx.database.db, foundation.id, {
      title: 'Другое',
      date: '2026-12-08',
    });
    const school = await createSchool(ctx.database.db);
    const schoolSid = (await createSession(ctx.database.db, school.userId)).sessionId;
    const apply = async (id: number) => {
      const applied = await ctx.app.inject({
        method: 'POST',
        url: `/api/events/${id}/register`,
        cookies: { sid: schoolSid },
        payload: {
          participantCount: 2,
          parentalConsent: true,
          contactPerson: 'Елена Викторовна',
          contactPhone: '+7 (499) 245-12-12',
        },
      });
      expect(applied.statusCode).toBe(201);
    };
    /** Whether the page came whole from memory: one hit and no API read behind it. */
    const fromMemory = async (url: string) => {
      const before = ctx.app.publicCache.stats;
      expect((await page(url)).statusCode).toBe(200);
      const after = ctx.app.publicCache.stats;
      return after.hits - before.hits === 1 && after.misses === before.misses;
    };
    const url = `/events/${shown.id}`;
    await page(url);
    expect(await fromMemory(url)).toBe(true);
    await apply(elsewhere.id);
    expect(await fromMemory(url)).toBe(true);
    await apply(shown.id);
    expect(await fromMemory(url)).toBe(false);
  });
});

describe('link previews behind PUBLIC_URL', () => {
  it('names pages under the configured address, whatever Host the request carried', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'rendered-pages-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html lang="ru"><head><meta name="description" content="общее" /><title>Школьное волонтёрство</title></head><body><div id="root"></div></body></html>',
    );
    const ctx = await createTestApp({
      calendar,
      webRoot,
      pageRendererFile,
      publicUrl: 'https://volunteer.example.ru',
    });
    try {
      const { id } = await createFoundation(ctx.database.db, { name: 'Фонд «Адрес»' });
      ctx.app.publicCache.invalidate();
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/foundations/${id}`,
        headers: { host: 'evil.example', 'accept-encoding': 'identity' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(
        `<meta property="og:url" content="https://volunteer.example.ru/foundations/${id}"`,
      );
      expect(response.body).not.toContain('evil.example');
      expect(response.body).not.toContain('content="общее"');
    } finally {
      await ctx.close();
    }
  });
});
