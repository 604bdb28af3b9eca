import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages as messages } from '../../shared/applications';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { applications, events, notifications } from '../db/schema';
import { createEvent, createFoundation, createSchool } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

// How many pupils an application brings: the cap, the parents' consent for the youngest, the
// foundation taking fewer than asked, and the school changing its number without losing its place.

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
let foundation: { id: number; userId: number; sid: string };
const contacts = { contactPerson: 'Елена Викторовна', contactPhone: '+7 (499) 245-12-12' };

async function school() {
  const row = await createSchool(ctx.database.db);
  return { ...row, sid: (await createSession(ctx.database.db, row.userId)).sessionId };
}
type School = Awaited<ReturnType<typeof school>>;

const apply = (who: School, eventId: number, body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/register`,
    cookies: { sid: who.sid },
    payload: { ...contacts, ...body },
  });
const change = (who: School, applicationId: number, participantCount: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/applications/${applicationId}`,
    cookies: { sid: who.sid },
    payload: { participantCount },
  });
const decide = (applicationId: number, body: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/foundation/applications/${applicationId}`,
    cookies: { sid: foundation.sid },
    payload: body,
  });
const rowOf = async (applicationId: number) =>
  (await ctx.database.db.select().from(applications).where(eq(applications.id, applicationId)))[0];
const reservedOf = async (eventId: number) =>
  (await ctx.database.db.select().from(events).where(eq(events.id, eventId)))[0]?.reservedSlots;
const latestNotice = async (userId: number) =>
  (
    await ctx.database.db
      .select({ kind: notifications.kind, text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, userId))
  ).at(-1);

let day = 1;
const eventWith = (values: { totalSlots?: number | null; ageRestriction?: number | null; date?: string }) =>
  createEvent(ctx.database.db, foundation.id, {
    date: values.date ?? `2026-12-${String(day++).padStart(2, '0')}`,
    totalSlots: values.totalSlots,
    ageRestriction: values.ageRestriction ?? 14,
  });

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const row = await createFoundation(ctx.database.db);
  foundation = {
    id: row.id,
    userId: row.userId,
    sid: (await createSession(ctx.database.db, row.userId)).sessionId,
  };
});
afterAll(() => ctx.close());

describe('the size of one application', () => {
  it.each([
    ['a limited event', 1000],
    ['an event without a limit', null],
  ])('holds at most 500 pupils on %s', async (_, totalSlots) => {
    const event = await eventWith({ totalSlots });
    const who = await school();
    const tooMany = await apply(who, event.id, { participantCount: 501 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: messages.participantsCap });
    expect(await reservedOf(event.id)).toBe(0);
    expect((await apply(who, event.id, { participantCount: 500 })).statusCode).toBe(201);
  });
});

describe("parents' written consent for pupils under 14", () => {
  it.each([
    ['without an age limit', null],
    ['from 12', 12],
  ])('is required on an event %s, and stored with who and when', async (_, ageRestriction) => {
    const event = await createEvent(ctx.database.db, foundation.id, {
      date: `2026-12-${String(day++).padStart(2, '0')}`,
      ageRestriction,
    });
    const who = await school();
    const without = await apply(who, event.id, { participantCount: 3 });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ message: messages.parentalConsent });
    expect(await reservedOf(event.id)).toBe(0);

    const confirmed = await apply(who, event.id, { participantCount: 3, parentalConsent: true });
    expect(confirmed.statusCode).toBe(201);
    const stored = await rowOf(confirmed.json().id);
    expect(stored?.parentalConsentBy).toBe(who.userId);
    expect(stored?.parentalConsentAt).toBeInstanceOf(Date);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/foundation/applications?status=pending',
      cookies: { sid: foundation.sid },
    });
    const shown = list.json().applications.find((item: { id: number }) => item.id === confirmed.json().id);
    expect(shown.parentalConsentAt).toBe(stored?.parentalConsentAt?.toISOString());
  });

  it('is neither asked for nor stored on an event from 14', async () => {
    const event = await eventWith({ ageRestriction: 14 });
    const answer = await apply(await school(), event.id, { participantCount: 3, parentalConsent: true });
    expect(answer.statusCode).toBe(201);
    expect((await rowOf(answer.json().id))?.parentalConsentAt).toBeNull();
  });
});

describe('the foundation approves fewer pupils than asked', () => {
  it('approves 8 of 10, frees 2 places at once and tells the school the numbers', async () => {
    const event = await eventWith({ totalSlots: 10 });
    const who = await school();
    const applied = (await apply(who, event.id, { participantCount: 10 })).json().id;

    const tooMany = await decide(applied, { action: 'approve', participantCount: 11 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: messages.approveAtMost(10) });
    expect((await rowOf(applied))?.status).toBe('pending');

    const approved = await decide(applied, { action: 'approve', participantCount: 8 });
    expect(approved.json()).toEqual({ message: 'Одобрено 8 из 10' });
    expect(await rowOf(applied)).toMatchObject({
      status: 'approved',
      participantCount: 8,
      requestedCount: 10,
    });
    expect(await reservedOf(event.id)).toBe(8);
    expect(await latestNotice(who.userId)).toEqual({
      kind: 'application_approved',
      text: `Заявка на «${event.title}» одобрена частично: 8 из 10 учеников. Контакты фонда — в разделе одобренных заявок`,
      link: '/school-approved-applications',
    });

    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/my-applications',
      cookies: { sid: who.sid },
    });
    expect(mine.json()[0]).toMatchObject({ participantCount: 8, requestedCount: 10, status: 'approved' });
  });

  it('approving all that were asked keeps no second number', async () => {
    const event = await eventWith({ totalSlots: 10 });
    const applied = (await apply(await school(), event.id, { participantCount: 4 })).json().id;
    expect((await decide(applied, { action: 'approve', participantCount: 4 })).json()).toEqual({
      message: messages.approved,
    });
    expect(await rowOf(applied)).toMatchObject({ participantCount: 4, requestedCount: null });
  });
});

describe('the school changes its number without cancelling', () => {
  it('grows a pending application only as far as the free places, and tells the foundation', async () => {
    const event = await eventWith({ totalSlots: 10 });
    const who = await school();
    const applied = (await apply(who, event.id, { participantCount: 4 })).json().id;
    await apply(await school(), event.id, { participantCount: 3 });

    const tooMany = await change(who, applied, 8);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: messages.notEnoughPlaces(3) });
    expect(await reservedOf(event.id)).toBe(7);

    const grown = await change(who, applied, 7);
    expect(grown.json()).toEqual({ message: messages.countChanged });
    expect(await reservedOf(event.id)).toBe(10);
    expect(await latestNotice(foundation.userId)).toEqual({
      kind: 'application_changed',
      text: `Школа № 1: заявка на «${event.title}» изменена, было 4, стало 7 учеников`,
      link: '/foundation-applications',
    });
    expect((await change(who, applied, 2)).statusCode).toBe(200);
    expect(await reservedOf(event.id)).toBe(5);
  });

  it('only lowers an approved application, and the places it gives back are free', async () => {
    const event = await eventWith({ totalSlots: 10 });
    const who = await school();
    const applied = (await apply(who, event.id, { participantCount: 8 })).json().id;
    await decide(applied, { action: 'approve', participantCount: 6 });

    const raised = await change(who, applied, 7);
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toEqual({ message: messages.approvedOnlyLower(6) });
    expect((await change(who, applied, 5)).statusCode).toBe(200);
    expect(await rowOf(applied)).toMatchObject({
      status: 'approved',
      participantCount: 5,
      requestedCount: null,
    });
    expect(await reservedOf(event.id)).toBe(5);
  });

  it('refuses another school, a decided application, a past event and a bad number, changing nothing', async () => {
    const event = await eventWith({ totalSlots: 10 });
    const who = await school();
    const applied = (await apply(who, event.id, { participantCount: 4 })).json().id;

    const intruder = await change(await school(), applied, 2);
    expect(intruder.statusCode).toBe(403);
    expect(intruder.json()).toEqual({ message: messages.notYourApplication });
    for (const [value, message] of [
      [0, messages.participantsMin],
      [501, messages.participantsCap],
      [2.5, messages.participantsWhole],
    ] as const) {
      const bad = await change(who, applied, value);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message });
    }
    const missing = await change(who, 999_999, 2);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.notFound });
    expect((await rowOf(applied))?.participantCount).toBe(4);

    await decide(applied, { action: 'reject' });
    const rejected = await change(who, applied, 2);
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json()).toEqual({ message: messages.cannotChangeCount });

    const past = await eventWith({ totalSlots: 10, date: '2026-11-30' });
    const pastApplication = (await apply(who, past.id, { participantCount: 4 })).json().id;
    await ctx.database.db.update(events).set({ date: '2026-11-20' }).where(eq(events.id, past.id));
    const tooLate = await change(who, pastApplication, 2);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual({ message: messages.eventOver });
  });

  it('never overbooks when 40 schools change numbers and apply at the same moment', async () => {
    // 20 places free, wanted 80 times over: 2 more by each of 20 schools, 2 by each of 20 newcomers.
    const event = await eventWith({ totalSlots: 60 });
    const holders = await Promise.all(Array.from({ length: 20 }, school));
    const ids: number[] = [];
    for (const who of holders) ids.push((await apply(who, event.id, { participantCount: 2 })).json().id);
    const newcomers = await Promise.all(Array.from({ length: 20 }, school));

    const answers = await Promise.all([
      ...holders.map((who, index) => change(who, ids[index] ?? 0, 4)),
      ...newcomers.map((who) => apply(who, event.id, { participantCount: 2 })),
    ]);
    expect(answers.every((answer) => [200, 201, 409].includes(answer.statusCode))).toBe(true);

    const rows = await ctx.database.db.select().from(applications).where(eq(applications.eventId, event.id));
    const held = rows.reduce((sum, row) => sum + row.participantCount, 0);
    expect(held).toBe(60);
    expect(await reservedOf(event.id)).toBe(60);
    expect(answers.filter((answer) => answer.statusCode !== 409)).toHaveLength(10);
  });
});
