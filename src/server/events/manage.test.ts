import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFormMessages } from '../../shared/event-form';
import { linkMessages } from '../../shared/links';
import { textMessages } from '../../shared/text';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { applications, events, foundations, hourCredits, schools } from '../db/schema';
import { createApplication, eventFormInput } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';
import { manageMessages } from './manage';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
let foundationA: string;
let foundationB: string;
let pendingFoundation: string;
let school: { sid: string; schoolId: number };

const validEvent = { ...eventFormInput, date: '2026-12-05' };

async function approvedFoundation() {
  const { sid, user } = await signUp(ctx.app, 'foundation');
  await ctx.database.db
    .update(foundations)
    .set({ moderationStatus: 'approved', name: 'Фонд «Зелёный город»' })
    .where(isOrganisationOf(foundations, user.id));
  return sid;
}

const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, sid: string, payload?: object) =>
  ctx.app.inject({ method, url, cookies: { sid }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  foundationA = await approvedFoundation();
  foundationB = await approvedFoundation();
  pendingFoundation = (await signUp(ctx.app, 'foundation')).sid;
  const signedUpSchool = await signUp(ctx.app, 'school');
  const [row] = await ctx.database.db
    .update(schools)
    .set({ moderationStatus: 'approved' })
    .where(isOrganisationOf(schools, signedUpSchool.user.id))
    .returning({ id: schools.id });
  school = { sid: signedUpSchool.sid, schoolId: row?.id ?? 0 };
});
afterAll(() => ctx.close());

describe('POST /api/events', () => {
  it('lets an approved foundation create an event', async () => {
    const response = await send('POST', '/api/events', foundationA, validEvent);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: validEvent.title,
      date: '2026-12-05',
      totalSlots: 15,
      remainingSlots: 15,
      ageRestriction: '12+',
      address: validEvent.location,
      foundation: { name: 'Фонд «Зелёный город»' },
    });
  });

  it.each([
    ['unlimited', null],
    [999999, null],
    [null, null],
    ['20', 20],
  ])('reads places %j as %j', async (totalSlots, expected) => {
    const response = await send('POST', '/api/events', foundationA, { ...validEvent, totalSlots });
    expect(response.statusCode).toBe(201);
    expect(response.json().totalSlots).toBe(expected);
  });

  it('refuses a school and a foundation awaiting moderation', async () => {
    const bySchool = await send('POST', '/api/events', school.sid, validEvent);
    expect(bySchool.statusCode).toBe(403);
    const byPending = await send('POST', '/api/events', pendingFoundation, validEvent);
    expect(byPending.statusCode).toBe(403);
    expect(byPending.json()).toEqual({ message: manageMessages.notApproved });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/events', payload: validEvent })).statusCode,
    ).toBe(401);
  });

  it.each([
    [{ title: 'Сад' }, eventFormMessages.title],
    [{ description: 'Коротко' }, eventFormMessages.description],
    [{ date: undefined }, eventFormMessages.date],
    [{ date: '05.12.2026' }, eventFormMessages.date],
    [{ date: '2027-02-30' }, eventFormMessages.date],
    [{ date: '2026-11-22' }, eventFormMessages.pastDate],
    [{ date: '9999-12-31' }, eventFormMessages.farDate],
    [{ date: '2028-11-24' }, eventFormMessages.farDate],
    [{ title: '\u202e\u200b\u200b\u00ad\u2066\u2069' }, textMessages.invisibleOnly],
    [{ requirements: '\u200b\u200b' }, textMessages.invisibleOnly],
    [{ contactPersonTelegram: 'javascript:alert(document.cookie)' }, linkMessages.telegram],
    [{ contactPersonVk: 'javascript:alert(document.cookie)' }, linkMessages.link],
    [{ hours: '0x3' }, eventFormMessages.hours],
    [{ startTime: '25:00' }, eventFormMessages.startTime],
    [{ endTime: undefined }, eventFormMessages.endTime],
    [{ endTime: '09:00' }, eventFormMessages.timeOrder],
    [{ location: 'Парк' }, eventFormMessages.address],
    [{ activityType: 'cooking' }, eventFormMessages.activityType],
    [{ minParticipants: 0 }, eventFormMessages.minParticipants],
    [{ minParticipants: 201, totalSlots: 'unlimited' }, eventFormMessages.minParticipantsMax],
    [{ totalSlots: 0 }, eventFormMessages.maxParticipants],
    [{ totalSlots: 501 }, eventFormMessages.maxParticipantsMax],
    [{ totalSlots: 'many' }, eventFormMessages.maxInvalid],
    [{ minParticipants: 10, totalSlots: 5 }, eventFormMessages.minAboveMax],
    [{ ageRestriction: 'twelve' }, eventFormMessages.ageRestriction],
    [{ ageRestriction: '2+' }, eventFormMessages.ageRange],
    [{ ageRestriction: '19+' }, eventFormMessages.ageRange],
    [{ contactPersonName: 'О' }, eventFormMessages.contactPersonName],
    [{ hours: 0 }, eventFormMessages.hours],
    [{ contactPersonPhone: '' }, eventFormMessages.contacts],
    [{ contactPersonEmail: undefined }, eventFormMessages.contacts],
    [{ contactPersonEmail: 'olga-at-example' }, eventFormMessages.email],
    [{ imageId: 999999 }, manageMessages.image],
  ])('refuses %j with its message', async (change, message) => {
    const response = await send('POST', '/api/events', foundationA, { ...validEvent, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('takes the last day two years ahead, and stores Telegram and VK contacts as links', async () => {
    const response = await send('POST', '/api/events', foundationA, {
      ...validEvent,
      date: '2028-11-23',
      contactPersonTelegram: '@olga_fond',
      contactPersonVk: 'vk.com/olga_fond',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      date: '2028-11-23',
      contactPersonTelegram: 'https://t.me/olga_fond',
      contactPersonVk: 'https://vk.com/olga_fond',
    });
  });
});

describe('changing and deleting events', () => {
  const createOwn = async (sid = foundationA, change: object = {}) =>
    (await send('POST', '/api/events', sid, { ...validEvent, ...change })).json().id as number;

  it('lets the owner edit, and refuses another foundation', async () => {
    const id = await createOwn();
    const edited = await send('PUT', `/api/events/${id}`, foundationA, {
      ...validEvent,
      title: 'Субботник на набережной',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().title).toBe('Субботник на набережной');

    const byOther = await send('PUT', `/api/events/${id}`, foundationB, { ...validEvent, title: 'Захват' });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ message: manageMessages.notOwner });
    expect((await send('DELETE', `/api/events/${id}`, foundationB)).statusCode).toBe(403);
    expect((await send('PATCH', `/api/events/${id}`, foundationB, { status: 'completed' })).statusCode).toBe(
      403,
    );
    expect((await send('PUT', '/api/events/999999', foundationA, validEvent)).statusCode).toBe(404);

    const [row] = await ctx.database.db.select().from(events).where(eq(events.id, id));
    expect(row?.title).toBe('Субботник на набережной');
  });

  it('keeps a past date it had, and refuses moving to a past or too distant day', async () => {
    const id = await createOwn();
    await ctx.database.db.update(events).set({ date: '2026-11-01' }).where(eq(events.id, id));
    const unchanged = await send('PUT', `/api/events/${id}`, foundationA, {
      ...validEvent,
      date: '2026-11-01',
      title: 'Субботник, отчёт после',
    });
    expect(unchanged.statusCode).toBe(200);
    for (const [date, message] of [
      ['2026-11-02', eventFormMessages.pastDate],
      ['9999-12-31', eventFormMessages.farDate],
    ] as const) {
      const moved = await send('PUT', `/api/events/${id}`, foundationA, { ...validEvent, date });
      expect(moved.statusCode).toBe(400);
      expect(moved.json()).toEqual({ message });
    }
    const [row] = await ctx.database.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ date: '2026-11-01', title: 'Субботник, отчёт после' });
  });

  it('does not let places drop below those already taken', async () => {
    const id = await createOwn();
    await createApplication(ctx.database.db, {
      eventId: id,
      schoolId: school.schoolId,
      participantCount: 8,
      status: 'approved',
    });
    await ctx.database.db.update(events).set({ reservedSlots: 8 }).where(eq(events.id, id));
    const response = await send('PUT', `/api/events/${id}`, foundationA, {
      ...validEvent,
      minParticipants: 1,
      totalSlots: 5,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: manageMessages.slotsBelowReserved(8) });
  });

  it('completes an event once, credits hours and notifies the school', async () => {
    // On its day: an event can be completed only once it has happened.
    const id = await createOwn(foundationA, { date: calendar.today() });
    const db = ctx.database.db;
    await createApplication(db, {
      eventId: id,
      schoolId: school.schoolId,
      participantCount: 4,
      status: 'approved',
    });
    const other = await signUp(ctx.app, 'school');
    const [otherSchool] = await db.select().from(schools).where(isOrganisationOf(schools, other.user.id));
    const pending = await createApplication(db, {
      eventId: id,
      schoolId: otherSchool?.id ?? 0,
      participantCount: 2,
      status: 'pending',
    });

    const response = await send('PATCH', `/api/events/${id}`, foundationA, { status: 'completed' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain('12');

    const credits = await db.select().from(hourCredits).where(eq(hourCredits.eventId, id));
    expect(credits).toMatchObject([{ schoolId: school.schoolId, participantCount: 4, hours: 12 }]);
    const [closed] = await db.select().from(applications).where(eq(applications.id, pending.id));
    expect(closed?.status).toBe('rejected');

    const again = await send('PATCH', `/api/events/${id}`, foundationA, { status: 'completed' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: manageMessages.alreadyCompleted });
    expect((await send('PUT', `/api/events/${id}`, foundationA, validEvent)).statusCode).toBe(409);
    expect(await db.select().from(hourCredits).where(eq(hourCredits.eventId, id))).toHaveLength(1);

    const check = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/check',
      cookies: { sid: school.sid },
    });
    expect(check.json()).toEqual({ hasNewNotifications: true });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      cookies: { sid: school.sid },
    });
    expect(list.json()[0]).toMatchObject({ kind: 'event_completed', isNew: true });
    expect(list.json()[0].text).toContain('начислено 12');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-read',
      cookies: { sid: school.sid },
    });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/check',
      cookies: { sid: school.sid },
    });
    expect(after.json()).toEqual({ hasNewNotifications: false });

    // Deleting the completed event keeps the school's hours.
    expect((await send('DELETE', `/api/events/${id}`, foundationA)).statusCode).toBe(200);
    expect(
      await db.select().from(hourCredits).where(eq(hourCredits.schoolId, school.schoolId)),
    ).toMatchObject([{ hours: 12, eventId: null, eventTitle: validEvent.title }]);
  });

  it('deletes an event with its applications', async () => {
    const id = await createOwn();
    await createApplication(ctx.database.db, {
      eventId: id,
      schoolId: school.schoolId,
      participantCount: 1,
      status: 'pending',
    });
    expect((await send('DELETE', `/api/events/${id}`, foundationA)).json()).toEqual({
      message: 'Мероприятие удалено',
    });
    expect(
      await ctx.database.db.select().from(applications).where(eq(applications.eventId, id)),
    ).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/events/${id}` })).statusCode).toBe(404);
    const [newest] = (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', cookies: { sid: school.sid } })
    ).json();
    expect(newest).toMatchObject({ kind: 'event_deleted', isNew: true });
  });
});

describe('GET /api/events?foundation=true', () => {
  it("lists only the caller's events, and only for foundations", async () => {
    const sid = await approvedFoundation();
    await send('POST', '/api/events', sid, validEvent);
    const own = await ctx.app.inject({ method: 'GET', url: '/api/events?foundation=true', cookies: { sid } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveLength(1);
    const bySchool = await ctx.app.inject({
      method: 'GET',
      url: '/api/events?foundation=true',
      cookies: { sid: school.sid },
    });
    expect(bySchool.statusCode).toBe(403);
  });

  it('answers one page of them with the total in X-Total-Count, so a big foundation never downloads all', async () => {
    const { sid, user } = await signUp(ctx.app, 'foundation');
    const [foundation] = await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved' })
      .where(isOrganisationOf(foundations, user.id))
      .returning({ id: foundations.id });
    if (!foundation) throw new Error('foundation not found');
    await ctx.database.db.insert(events).values(
      Array.from({ length: 25 }, (_, n) => ({
        ...validEvent,
        ageRestriction: null,
        title: `Мероприятие № ${n + 1}`,
        date: `2026-12-${String(n + 1).padStart(2, '0')}`,
        activityType: 'ecology' as const,
        foundationId: foundation.id,
      })),
    );
    const page = (number: number) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/events?foundation=true&page=${number}&limit=10`,
        cookies: { sid },
      });
    const first = await page(1);
    expect(first.json()).toHaveLength(10);
    expect(first.headers['x-total-count']).toBe('25');
    const last = await page(3);
    expect(last.json().map((event: { title: string }) => event.title)).toEqual(
      [21, 22, 23, 24, 25].map((n) => `Мероприятие № ${n}`),
    );
  });

  it('shows the owner its event while the public cannot see it', async () => {
    const sid = await approvedFoundation();
    const id = (await send('POST', '/api/events', sid, validEvent)).json().id;
    await send('PATCH', `/api/events/${id}`, sid, { status: 'canceled' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/events/${id}` })).statusCode).toBe(404);
    const owner = await ctx.app.inject({ method: 'GET', url: `/api/events/${id}`, cookies: { sid } });
    expect(owner.json()).toMatchObject({ status: 'canceled' });
  });
});

describe('foundation statistics', () => {
  it('counts events, applications and credited hours of the caller only', async () => {
    const sid = await approvedFoundation();
    const db = ctx.database.db;
    const first = (await send('POST', '/api/events', sid, { ...validEvent, date: calendar.today() })).json()
      .id;
    const second = (await send('POST', '/api/events', sid, validEvent)).json().id;
    await createApplication(db, {
      eventId: first,
      schoolId: school.schoolId,
      participantCount: 5,
      status: 'approved',
    });
    await createApplication(db, {
      eventId: second,
      schoolId: school.schoolId,
      participantCount: 2,
      status: 'pending',
    });
    await send('PATCH', `/api/events/${first}`, sid, { status: 'completed' });

    const get = (url: string, cookie = sid) =>
      ctx.app.inject({ method: 'GET', url, cookies: { sid: cookie } });
    expect((await get('/api/foundation/stats')).json()).toEqual({ totalEvents: 2, totalVolunteerHours: 15 });
    expect((await get('/api/foundation/application-stats')).json()).toEqual({
      totalApplications: 2,
      approvedApplications: 1,
      pendingApplications: 1,
      totalEvents: 2,
    });
    expect((await get('/api/foundation/applications-count')).json()).toEqual({ count: 1 });
    expect((await get('/api/foundation/stats', school.sid)).statusCode).toBe(403);
  });
});
