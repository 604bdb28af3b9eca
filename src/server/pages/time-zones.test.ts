import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appTimeZoneMetaName } from '../../shared/server-rendering';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { applications, foundations, schools } from '../db/schema';
import { createApplication } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

/*
 * Issue 51, items 1 and 2: whatever the zone of the server's computer (UTC here), the pages it draws
 * write every day and clock time in APP_TIMEZONE, and tell the browser that zone, so that the browser
 * draws the same text when it adopts the page. 21:30 UTC on 1 December is 00:30 on 2 December in Moscow.
 */

let now = new Date('2026-11-23T09:00:00Z');
const calendar = createCalendar('Europe/Moscow', () => now);
const lateEvening = new Date('2026-12-01T21:30:00Z');
const pageRendererFile = fileURLToPath(new URL('../../web/entry-server.tsx', import.meta.url));
const zoneMeta = `<meta name="${appTimeZoneMetaName}" content="Europe/Moscow">`;

let ctx: TestContext;
let foundationSid: string;
let schoolSid: string;
let applicationId: number;
let eventId: number;

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, sid?: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'accept-encoding': 'identity' },
    ...(sid ? { cookies: { sid } } : {}),
    ...(payload ? { payload } : {}),
  });

/** What #root holds, without the data sent along for the scripts and the markers between React's texts. */
const drawnPart = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'))
    .replaceAll('<!-- -->', '');

beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'time-zones-'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="ru"><head><title>Школьное волонтёрство</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestApp({ calendar, webRoot, pageRendererFile });
  const foundation = await signUp(ctx.app, 'foundation');
  foundationSid = foundation.sid;
  await ctx.database.db
    .update(foundations)
    .set({
      moderationStatus: 'approved',
      name: 'Фонд «Полночь»',
      location: 'Москва',
      email: 'fond@example.org',
      phone: '+7 (495) 000-00-00',
      address: 'Москва, ул. Лесная, 1',
      description: 'Сажаем деревья вместе со школьниками.',
    })
    .where(isOrganisationOf(foundations, foundation.user.id));
  const school = await signUp(ctx.app, 'school');
  schoolSid = school.sid;
  const [schoolRow] = await ctx.database.db
    .update(schools)
    .set({ moderationStatus: 'approved', name: 'Гимназия № 1520' })
    .where(isOrganisationOf(schools, school.user.id))
    .returning({ id: schools.id });

  const created = await send('POST', '/api/events', foundationSid, {
    title: 'Субботник в сквере',
    description: 'Убираем листья и готовим клумбы к зиме вместе с учениками.',
    date: '2026-11-30',
    startTime: '10:00',
    endTime: '13:00',
    location: 'Сквер у метро',
    activityType: 'ecology',
    minParticipants: 1,
    totalSlots: 'unlimited',
    hours: 3,
    contactPersonName: 'Ольга Смирнова',
    contactPersonPhone: '+7 (495) 123-45-67',
    contactPersonEmail: 'olga@example.org',
  });
  expect(created.statusCode, created.body).toBe(201);
  eventId = created.json().id;
  const application = await createApplication(ctx.database.db, {
    eventId,
    schoolId: schoolRow?.id ?? 0,
    participantCount: 2,
    status: 'approved',
  });
  applicationId = application.id;
  await ctx.database.db
    .update(applications)
    .set({ approvedAt: lateEvening })
    .where(eq(applications.id, applicationId));
});
afterAll(() => ctx.close());

describe('the zone the pages are drawn in', () => {
  it('draws a signed-in page’s moments as days and times in APP_TIMEZONE and names the zone', async () => {
    const response = await send('GET', `/foundation/event/${eventId}`, foundationSid);
    expect(response.statusCode).toBe(200);
    expect(drawnPart(response.body)).toContain('Одобрена 2 декабря 2026 г.');
    expect(response.body).toContain(zoneMeta);

    const approved = await send('GET', '/foundation-approved-applications', foundationSid);
    expect(drawnPart(approved.body)).toContain('2 декабря 2026 г. в 00:30');
    expect(approved.body).toContain(zoneMeta);
  });

  it('names the zone in the bare app too, in every encoding, which the browser draws forms with', async () => {
    const bare = await send('GET', '/auth');
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('<div id="root"></div>');
    expect(bare.body).toContain(zoneMeta);
    expect(bare.headers['cache-control']).toBe('no-cache');
    expect(bare.headers.vary).toBe('Accept-Encoding');
    const kept = await ctx.app.inject({
      method: 'GET',
      url: '/auth',
      headers: { 'accept-encoding': 'identity', 'if-none-match': String(bare.headers.etag) },
    });
    expect(kept.statusCode).toBe(304);

    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/admin/login',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain(zoneMeta);
  });
});

describe('/verify after 21:00 UTC', () => {
  it('says a code was used and revoked on the day it was in Moscow, as /claim does', async () => {
    now = new Date('2026-11-30T18:00:00+03:00');
    const completed = await send('PATCH', `/api/events/${eventId}`, foundationSid, {
      status: 'completed',
      attendance: [{ applicationId, attended: 2 }],
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const codes = await send('GET', `/api/applications/${applicationId}/codes`, schoolSid);
    const [used, lost] = codes.json() as { code: string }[];

    now = lateEvening;
    const claimed = await send('POST', '/api/claim', undefined, {
      code: used?.code,
      name: 'Мария Иванова',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const again = await send('POST', '/api/claim', undefined, { code: used?.code, name: 'Мария' });
    expect(again.json().message).toBe('Код уже использован 2 декабря 2026 г.');
    const reissued = await send(
      'POST',
      `/api/applications/${applicationId}/codes/${lost?.code}/reissue`,
      schoolSid,
    );
    expect(reissued.statusCode, reissued.body).toBe(200);

    const usedPage = await send('GET', `/verify/${used?.code}`);
    expect(usedPage.statusCode).toBe(200);
    expect(drawnPart(usedPage.body)).toContain('Код подтверждён. Использован 2 декабря 2026 г.');
    const lostPage = await send('GET', `/verify/${lost?.code}`);
    expect(drawnPart(lostPage.body)).toContain('Код отозван школой 2 декабря 2026 г.');
  });
});
