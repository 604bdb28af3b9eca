import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages } from '../../shared/calendars';
import { commonErrors } from '../../shared/errors';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { events, foundations, schools } from '../db/schema';
import { createApplication, createEvent } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
const publicUrl = 'https://volunteers.example';
const feedLimit = 20;

let ctx: TestContext;
let foundation: { sid: string; id: number };
let school: { sid: string; id: number };
let otherSchool: { sid: string; id: number };

const get = (url: string, sid?: string) =>
  ctx.app.inject({ method: 'GET', url, ...(sid ? { cookies: { sid } } : {}) });
const post = (url: string, sid: string) => ctx.app.inject({ method: 'POST', url, cookies: { sid } });

async function signedUp<Role extends 'school' | 'foundation'>(role: Role, name: string) {
  const { sid, user } = await signUp(ctx.app, role);
  const table = role === 'school' ? schools : foundations;
  const [row] = await ctx.database.db
    .update(table)
    .set({ moderationStatus: 'approved', name })
    .where(isOrganisationOf(table, user.id))
    .returning({ id: table.id });
  return { sid, id: row?.id ?? 0 };
}

async function ownEvent(title: string, values: Partial<typeof events.$inferInsert> = {}) {
  const event = await createEvent(ctx.database.db, foundation.id, { date: '2026-12-05', title });
  await ctx.database.db
    .update(events)
    .set({
      address: 'Москва, ул. Крымский Вал, 9',
      contactPersonName: 'Ольга Смирнова',
      contactPersonPhone: '+7 (495) 123-45-67',
      contactPersonEmail: 'olga@zeleny-gorod.example',
      ...values,
    })
    .where(eq(events.id, event.id));
  return event.id;
}

const apply = (
  eventId: number,
  schoolId: number,
  status: 'pending' | 'approved' | 'completed' | 'rejected',
) => createApplication(ctx.database.db, { eventId, schoolId, participantCount: 2, status });

/** The calendar as a real iCalendar parser reads it. */
function parsed(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  const vevents = root.getAllSubcomponents('vevent');
  return {
    root,
    events: vevents.map((vevent) => ({
      event: new ICAL.Event(vevent),
      status: vevent.getFirstPropertyValue('status'),
      url: vevent.getFirstPropertyValue('url'),
      organizer: vevent.getFirstProperty('organizer')?.getParameter('cn'),
    })),
  };
}

async function feedOf(sid: string) {
  const { url } = (await post('/api/calendar-feed', sid)).json<{ url: string }>();
  return { url, path: new URL(url).pathname };
}

const titlesIn = (text: string) => parsed(text).events.map(({ event }) => event.summary);

const eventBody = {
  title: 'Субботник в парке Горького',
  description: 'Убираем листья и готовим клумбы к зиме вместе с учениками.',
  date: '2026-12-05',
  startTime: '12:00',
  endTime: '15:00',
  location: 'Парк Горького, главный вход',
  address: 'Москва, ул. Крымский Вал, 9',
  activityType: 'ecology',
  minParticipants: 1,
  totalSlots: 20,
  hours: 3,
  contactPersonName: 'Ольга Смирнова',
  contactPersonPhone: '+7 (495) 123-45-67',
  contactPersonEmail: 'olga@zeleny-gorod.example',
};

beforeAll(async () => {
  ctx = await createTestApp({
    calendar,
    publicUrl,
    calendarFeedRateLimit: { max: feedLimit, timeWindow: 60_000 },
  });
  foundation = await signedUp('foundation', 'Фонд «Зелёный город»');
  school = await signedUp('school', 'Гимназия № 1543');
  otherSchool = await signedUp('school', 'Лицей № 2');
});
afterAll(() => ctx?.close());

describe('GET /api/events/{id}/calendar.ics', () => {
  it('is one event at 10:00 Moscow time with its VTIMEZONE, place, description, page and organiser', async () => {
    const id = await ownEvent('Субботник в парке Горького');
    const answer = await get(`/api/events/${id}/calendar.ics`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Субботник в парке Горького.ics')}`,
    );

    const {
      root,
      events: [only, ...rest],
    } = parsed(answer.body);
    expect(rest).toEqual([]);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBeNull();
    expect(root.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Moscow');
    const event = only?.event;
    expect(event?.uid).toBe(`event-${id}@volunteers.example`);
    expect(event?.sequence).toBe(0);
    expect(event?.startDate.toString()).toBe('2026-12-05T10:00:00');
    expect(event?.startDate.zone?.tzid).toBe('Europe/Moscow');
    expect(event?.startDate.toJSDate().toISOString()).toBe('2026-12-05T07:00:00.000Z');
    expect(event?.endDate.toJSDate().toISOString()).toBe('2026-12-05T10:00:00.000Z');
    expect(event?.summary).toBe('Субботник в парке Горького');
    expect(event?.location).toBe('Парк Горького, Москва, ул. Крымский Вал, 9');
    expect(event?.description).toContain('Описание мероприятия для школьников-волонтёров.');
    expect(event?.description).toContain('Контакт: Ольга Смирнова, +7 (495) 123-45-67');
    expect(event?.description).toContain(`${publicUrl}/events/${id}`);
    expect(only?.url).toBe(`${publicUrl}/events/${id}`);
    expect(only?.status).toBe('CONFIRMED');
    expect(only?.organizer).toBe('Фонд «Зелёный город»');
  });

  it('names the place once when the address repeats the place or holds it', async () => {
    const same = await ownEvent('Уборка набережной', {
      location: 'Москва, ул. Крымский Вал, 9',
      address: 'Москва, ул. Крымский Вал, 9',
    });
    const within = await ownEvent('Посадка клёнов', {
      location: 'Парк Горького',
      address: 'Москва, парк Горького, ул. Крымский Вал, 9',
    });
    const locationOf = async (id: number) =>
      parsed((await get(`/api/events/${id}/calendar.ics`)).body).events[0]?.event.location;
    expect(await locationOf(same)).toBe('Москва, ул. Крымский Вал, 9');
    expect(await locationOf(within)).toBe('Москва, парк Горького, ул. Крымский Вал, 9');
  });

  it('keeps its UID and raises its SEQUENCE when the foundation edits the event', async () => {
    const id = await ownEvent('Посадка деревьев');
    const before = parsed((await get(`/api/events/${id}/calendar.ics`)).body).events[0]?.event;

    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      cookies: { sid: foundation.sid },
      payload: eventBody,
    });
    expect(edit.statusCode).toBe(200);

    const after = parsed((await get(`/api/events/${id}/calendar.ics`)).body).events[0]?.event;
    expect(after?.uid).toBe(before?.uid);
    expect(after?.sequence).toBe((before?.sequence ?? 0) + 1);
    expect(after?.startDate.toString()).toBe('2026-12-05T12:00:00');
    expect(after?.location).toBe('Парк Горького, главный вход, Москва, ул. Крымский Вал, 9');
  });

  it('is CANCELLED with a higher SEQUENCE after cancelling: for the foundation, and gone for the public', async () => {
    const id = await ownEvent('Ярмарка');
    const cancel = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${id}`,
      cookies: { sid: foundation.sid },
      payload: { status: 'canceled' },
    });
    expect(cancel.statusCode).toBe(200);

    const own = parsed((await get(`/api/events/${id}/calendar.ics`, foundation.sid)).body).events[0];
    expect(own?.status).toBe('CANCELLED');
    expect(own?.event.sequence).toBe(1);
    const visitor = await get(`/api/events/${id}/calendar.ics`);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json()).toEqual({ message: 'Мероприятие не найдено' });
  });

  it('is 404 for an event that does not exist and 400 for an id that is not one', async () => {
    expect((await get('/api/events/999999/calendar.ics')).statusCode).toBe(404);
    const malformed = await get('/api/events/abc/calendar.ics');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Некорректный номер мероприятия' });
  });
});

describe('private feeds', () => {
  it("a school's feed has exactly its approved and completed events, cancelled ones as CANCELLED", async () => {
    const approved = await ownEvent('Одобренная заявка');
    const completed = await ownEvent('Завершённая заявка', { date: '2026-11-10', status: 'completed' });
    const cancelled = await ownEvent('Отменённое мероприятие', { status: 'canceled' });
    const pending = await ownEvent('Заявка на рассмотрении');
    const rejected = await ownEvent('Отклонённая заявка');
    const otherSchools = await ownEvent('Заявка другой школы');
    const longAgo = await ownEvent('Позапрошлый год', { date: '2025-09-01', status: 'completed' });
    await apply(approved, school.id, 'approved');
    await apply(completed, school.id, 'completed');
    await apply(cancelled, school.id, 'approved');
    await apply(pending, school.id, 'pending');
    await apply(rejected, school.id, 'rejected');
    await apply(otherSchools, otherSchool.id, 'approved');
    await apply(longAgo, school.id, 'completed');

    const { path } = await feedOf(school.sid);
    const answer = await get(path);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const feed = parsed(answer.body);
    expect(feed.root.getFirstPropertyValue('x-wr-calname')).toBe('Гимназия № 1543 — Школьное волонтёрство');
    expect(answer.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(feed.events.map(({ event }) => event.summary)).toEqual([
      'Завершённая заявка',
      'Одобренная заявка',
      'Отменённое мероприятие',
    ]);
    expect(feed.events.map(({ status }) => status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CANCELLED']);
    expect(feed.events.map(({ event }) => event.uid)).toEqual(
      [completed, approved, cancelled].map((id) => `event-${id}@volunteers.example`),
    );

    const other = await feedOf(otherSchool.sid);
    expect(titlesIn((await get(other.path)).body)).toEqual(['Заявка другой школы']);
  });

  it("a foundation's feed has its own events, cancelled ones included, and no other foundation's", async () => {
    const other = await signedUp('foundation', 'Фонд «Другой»');
    await createEvent(ctx.database.db, other.id, { date: '2026-12-05', title: 'Чужое мероприятие' });
    const { path } = await feedOf(foundation.sid);
    const feed = parsed((await get(path)).body);
    expect(feed.root.getFirstPropertyValue('x-wr-calname')).toBe(
      'Фонд «Зелёный город» — Школьное волонтёрство',
    );
    const titles = feed.events.map(({ event }) => event.summary);
    expect(titles).toContain('Субботник в парке Горького');
    expect(titles).toContain('Отменённое мероприятие');
    expect(titles).not.toContain('Чужое мероприятие');
  });

  it('is created on demand, shown again, and renewed: the old address is then 404', async () => {
    const { sid } = await signedUp('school', 'Школа № 7');
    expect((await get('/api/calendar-feed', sid)).json()).toEqual({ url: null });

    const first = await feedOf(sid);
    expect(first.url).toMatch(/^https:\/\/volunteers\.example\/api\/calendar\/[\w-]{43}\.ics$/);
    expect((await get('/api/calendar-feed', sid)).json()).toEqual({ url: first.url });
    expect((await get(first.path)).statusCode).toBe(200);

    const second = await feedOf(sid);
    expect(second.url).not.toBe(first.url);
    const old = await get(first.path);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: calendarMessages.feedNotFound });
    expect((await get(second.path)).statusCode).toBe(200);
    expect((await get('/api/calendar-feed', sid)).json()).toEqual({ url: second.url });
  });

  it('answers 400 for a token of the wrong shape and 404 for one nobody has', async () => {
    const malformed = await get('/api/calendar/short.ics');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: calendarMessages.malformedToken });
    expect((await get(`/api/calendar/${'a'.repeat(43)}.ics`)).statusCode).toBe(404);
  });

  it('answers 429 in Russian to an address that polls too often', async () => {
    const { path } = await feedOf(school.sid);
    const poll = () => ctx.app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.26' });
    for (let attempt = 0; attempt < feedLimit; attempt++) expect((await poll()).statusCode).toBe(200);
    const refused = await poll();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: commonErrors.tooManyRequests });
  });
});
