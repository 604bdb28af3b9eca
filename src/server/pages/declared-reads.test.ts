import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as WebEntry from '../../web/entry-server';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { foundations, news, schools } from '../db/schema';
import {
  createAdmin,
  createApplication,
  createEvent,
  createHourCredit,
  firstParticipationCode,
  volunteerRequestInput,
} from '../test/factories';
import { completeProfile, createTestApp, signUp, type TestContext } from '../test/test-app';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
const pageRendererFile = fileURLToPath(new URL('../../web/entry-server.tsx', import.meta.url));
const stateScript = '<script type="application/json" id="rendered-state">';

/** `newcomer`: a school just signed up, whose working pages ask it to fill in its profile first. */
const visitors = ['anonymous', 'school', 'foundation', 'admin', 'newcomer'] as const;
type Visitor = (typeof visitors)[number];

/**
 * The server renders each page once, after its routes' loads (src/web/router.tsx) have fetched what it
 * draws; a page that asks for anything more is sent as the bare app. Every page the server draws is
 * opened here, by every visitor who may see it, and must arrive drawn.
 */
describe("each drawn page's routes declare every read it draws", () => {
  let ctx: TestContext;
  const sid: Partial<Record<Visitor, string>> = {};
  /** An address for each route pattern, and who may open it: everybody when the list is absent. */
  let addresses: Record<string, { url: string; visitors?: Visitor[] }[]>;

  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'declared-reads-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html lang="ru"><head><title>Школьное волонтёрство</title></head><body><div id="root"></div></body></html>',
    );
    ctx = await createTestApp({ calendar, webRoot, pageRendererFile });
    const db = ctx.database.db;

    const foundationAccount = await signUp(ctx.app, 'foundation');
    await completeProfile(ctx.app, foundationAccount);
    const [foundation] = await db
      .update(foundations)
      .set({ moderationStatus: 'approved' })
      .where(isOrganisationOf(foundations, foundationAccount.user.id))
      .returning({ id: foundations.id });
    const schoolAccount = await signUp(ctx.app, 'school');
    await completeProfile(ctx.app, schoolAccount);
    const [school] = await db
      .update(schools)
      .set({ moderationStatus: 'approved' })
      .where(isOrganisationOf(schools, schoolAccount.user.id))
      .returning({ id: schools.id });
    if (!foundation || !school) throw new Error('organisations not approved');
    sid.foundation = foundationAccount.sid;
    sid.school = schoolAccount.sid;
    sid.admin = (await createAdmin(db)).sid;
    sid.newcomer = (await signUp(ctx.app, 'school')).sid;

    const event = await createEvent(db, foundation.id, { title: 'Посадка деревьев', date: '2026-12-05' });
    const past = await createEvent(db, foundation.id, {
      title: 'Уборка сквера',
      date: '2026-11-10',
      status: 'completed',
    });
    await createApplication(db, {
      eventId: event.id,
      schoolId: school.id,
      participantCount: 5,
      status: 'approved',
    });
    const attended = await createApplication(db, {
      eventId: past.id,
      schoolId: school.id,
      participantCount: 4,
      status: 'approved',
    });
    const credit = await createHourCredit(db, {
      schoolId: school.id,
      event: past,
      applicationId: attended.id,
      participantCount: 4,
      hours: 3,
    });
    const code = await firstParticipationCode(db, credit);
    const [item] = await db
      .insert(news)
      .values({ title: 'Итоги осени', content: 'Школьники посадили сто деревьев.' })
      .returning({ id: news.id });
    const request = await ctx.app.inject({
      method: 'POST',
      url: '/api/volunteer-requests',
      cookies: { sid: foundationAccount.sid },
      payload: volunteerRequestInput,
    });
    expect(request.statusCode).toBe(201);
    const requestId = (request.json() as { id: number }).id;
    ctx.app.publicCache.invalidate();

    const all: Visitor[] = ['anonymous', 'school', 'foundation', 'admin'];
    const signedIn: Visitor[] = ['school', 'foundation', 'admin', 'newcomer'];
    const organisations: Visitor[] = ['school', 'foundation', 'newcomer'];
    addresses = {
      '/': [{ url: '/' }, { url: '/?eventPage=2&foundationSearch=Фонд' }],
      '/events': [{ url: '/events' }, { url: '/events?search=Посадка&type=ecology&page=1' }],
      '/events-calendar': [{ url: '/events-calendar' }],
      '/events/:id': [
        { url: `/events/${event.id}` },
        { url: `/events/${past.id}` },
        { url: '/events/999999' },
      ],
      '/event-detail': [{ url: `/event-detail?id=${event.id}` }, { url: '/event-detail?search=Посадка' }],
      '/event-detail/:id': [{ url: `/event-detail/${event.id}` }],
      // It only sends elsewhere; without a session the server sends the bare app for any redirect.
      '/school-applications-old': [{ url: '/school-applications-old', visitors: signedIn }],
      '/news': [{ url: '/news' }, { url: '/news?page=2' }],
      '/news/:id': [{ url: `/news/${item?.id}` }, { url: '/news/999999' }],
      '/foundations': [{ url: '/foundations' }, { url: '/foundations?direction=social&page=1' }],
      '/faq': [{ url: '/faq' }],
      '/terms-of-service': [{ url: '/terms-of-service' }],
      '/privacy-policy': [{ url: '/privacy-policy' }],
      '/volunteer-development': [{ url: '/volunteer-development' }],
      '/foundations/:id': [{ url: `/foundations/${foundation.id}` }, { url: '/foundations/999999' }],
      '/volunteer-requests': [
        { url: '/volunteer-requests' },
        { url: `/volunteer-requests?foundationId=${foundation.id}` },
      ],
      '/volunteer-requests/:id': [
        { url: `/volunteer-requests/${requestId}` },
        { url: '/volunteer-requests/999999' },
      ],
      '/verify': [{ url: '/verify' }],
      '/verify/:code': [{ url: `/verify/${code}` }, { url: '/verify/NO-SUCH-CODE' }],
      '*': [{ url: '/no-such-page' }],
      '/admin': [{ url: '/admin', visitors: ['admin'] }],
      '/dashboard': [
        { url: '/dashboard', visitors: signedIn },
        { url: '/dashboard?tab=profile', visitors: signedIn },
      ],
      '/dashboard/edit-profile': [{ url: '/dashboard/edit-profile', visitors: organisations }],
      '/dashboard/create-event': [{ url: '/dashboard/create-event', visitors: ['foundation'] }],
      '/dashboard/edit-event/:id': [{ url: `/dashboard/edit-event/${event.id}`, visitors: ['foundation'] }],
      '/dashboard/event/:id': [{ url: `/dashboard/event/${event.id}`, visitors: ['foundation'] }],
      '/dashboard/create-request': [{ url: '/dashboard/create-request', visitors: ['foundation'] }],
      '/foundation-approved-applications': [
        { url: '/foundation-approved-applications', visitors: ['foundation'] },
      ],
      '/foundation/event/:eventId': [{ url: `/foundation/event/${event.id}`, visitors: ['foundation'] }],
      '/foundation-applications': [{ url: '/foundation-applications', visitors: ['foundation'] }],
      '/school-approved-applications': [
        { url: '/school-approved-applications', visitors: ['school', 'newcomer'] },
      ],
      '/school-applications': [{ url: '/school-applications', visitors: ['school', 'newcomer'] }],
    };
    for (const list of Object.values(addresses)) {
      for (const address of list) address.visitors ??= all;
    }
  });
  afterAll(() => ctx.close());

  it('has an address for every route the server draws', async () => {
    const entry = (await import(pageRendererFile)) as typeof WebEntry;
    expect(Object.keys(addresses).sort()).toEqual(entry.drawnPaths().sort());
  });

  it.for(visitors)('draws every page the %s visitor may see, each in its one render', async (visitor) => {
    const bare: string[] = [];
    const visitorSid = sid[visitor];
    for (const list of Object.values(addresses)) {
      for (const { url } of list.filter((address) => address.visitors?.includes(visitor))) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: encodeURI(url),
          headers: { 'accept-encoding': 'identity' },
          ...(visitorSid ? { cookies: { sid: visitorSid } } : {}),
        });
        const drawn = response.statusCode === 302 || response.body.includes(stateScript);
        if (!drawn) bare.push(`${url}: ${response.statusCode}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
