import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages as messages } from '../../shared/applications';
import { linkMessages } from '../../shared/links';
import { textMessages } from '../../shared/text';
import { isOrganisationOf } from '../accounts/organisation';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { applications, events, foundations } from '../db/schema';
import { createEvent, createFoundation, createSchool } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
let foundationA: { sid: string; foundationId: number };
let foundationB: { sid: string; foundationId: number };

// The events here admit pupils of any age, so every application confirms the parents' consent.
const form = { contactPerson: 'Елена Викторовна', contactPhone: '+7 (499) 245-12-12', parentalConsent: true };

async function approvedFoundation() {
  const { sid, user } = await signUp(ctx.app, 'foundation');
  const [row] = await ctx.database.db
    .update(foundations)
    .set({ moderationStatus: 'approved', name: 'Фонд' })
    .where(isOrganisationOf(foundations, user.id))
    .returning({ id: foundations.id });
  return { sid, foundationId: row?.id ?? 0 };
}

/** A school straight in the database with a session, so dozens of them are cheap. */
async function schoolWithSession(status: 'approved' | 'pending' = 'approved') {
  const school = await createSchool(ctx.database.db, status);
  const { sessionId } = await createSession(ctx.database.db, school.userId);
  return { sid: sessionId, schoolId: school.id };
}

const apply = (sid: string, eventId: number, body: object = { participantCount: 1, ...form }) =>
  ctx.app.inject({ method: 'POST', url: `/api/events/${eventId}/register`, cookies: { sid }, payload: body });
const decide = (sid: string, applicationId: number, body: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/foundation/applications/${applicationId}`,
    cookies: { sid },
    payload: body,
  });
const reservedOf = async (eventId: number) =>
  (await ctx.database.db.select().from(events).where(eq(events.id, eventId)))[0]?.reservedSlots;

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  foundationA = await approvedFoundation();
  foundationB = await approvedFoundation();
});
afterAll(() => ctx.close());

describe('places are never overbooked', () => {
  it('gives 10 places to 10 of 40 schools applying at once, and a clear 409 to the other 30', async () => {
    const event = await createEvent(ctx.database.db, foundationA.foundationId, {
      date: '2026-12-10',
      totalSlots: 10,
    });
    const schools = await Promise.all(Array.from({ length: 40 }, () => schoolWithSession()));
    const answers = await Promise.all(schools.map((school) => apply(school.sid, event.id)));

    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(30);
    for (const answer of refused) expect(answer.json()).toEqual({ message: messages.noPlaces });
    expect(await reservedOf(event.id)).toBe(10);
    expect(
      await ctx.database.db.select().from(applications).where(eq(applications.eventId, event.id)),
    ).toHaveLength(10);
  });

  it('refuses more participants than remain, and cancel and reject free places', async () => {
    const event = await createEvent(ctx.database.db, foundationA.foundationId, {
      date: '2026-12-11',
      totalSlots: 5,
    });
    const first = await schoolWithSession();
    const second = await schoolWithSession();
    const tooMany = await apply(first.sid, event.id, { participantCount: 6, ...form });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: messages.notEnoughPlaces(5) });

    const taken = await apply(first.sid, event.id, { participantCount: 4, ...form });
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toMatchObject({ status: 'pending', message: messages.submitted });
    expect(await reservedOf(event.id)).toBe(4);
    expect((await apply(second.sid, event.id, { participantCount: 2, ...form })).statusCode).toBe(409);

    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/cancel-application`,
      cookies: { sid: first.sid },
    });
    expect(cancel.json()).toEqual({ message: messages.cancelled });
    expect(await reservedOf(event.id)).toBe(0);
    const [newest] = (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', cookies: { sid: foundationA.sid } })
    ).json();
    expect(newest).toMatchObject({ kind: 'application_cancelled' });

    const again = await apply(second.sid, event.id, { participantCount: 5, ...form });
    expect(again.statusCode).toBe(201);
    const rejected = await decide(foundationA.sid, again.json().id, {
      action: 'reject',
      rejectionReason: 'Нет сопровождающего',
    });
    expect(rejected.json()).toEqual({ message: messages.rejected });
    expect(await reservedOf(event.id)).toBe(0);
  });
});

describe('forbidden moves', () => {
  let eventId: number;
  let school: { sid: string; schoolId: number };
  beforeAll(async () => {
    eventId = (
      await createEvent(ctx.database.db, foundationA.foundationId, { date: '2026-12-12', totalSlots: 30 })
    ).id;
    school = await schoolWithSession();
  });

  it('a school applies once', async () => {
    expect((await apply(school.sid, eventId)).statusCode).toBe(201);
    const twice = await apply(school.sid, eventId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: messages.alreadyApplied });
  });

  it('a school sending the form from five tabs at once gets one application and four clear refusals', async () => {
    const event = await createEvent(ctx.database.db, foundationA.foundationId, {
      date: '2026-12-12',
      totalSlots: 30,
    });
    const eager = await schoolWithSession();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => apply(eager.sid, event.id, { participantCount: 3, ...form })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json()).toEqual({ message: messages.alreadyApplied });
    }
    expect(await reservedOf(event.id)).toBe(3);
  });

  it('a cancel and a rejection at the same moment free the places once', async () => {
    const event = await createEvent(ctx.database.db, foundationA.foundationId, {
      date: '2026-12-12',
      totalSlots: 30,
    });
    for (let round = 0; round < 5; round++) {
      const racer = await schoolWithSession();
      const applied = await apply(racer.sid, event.id, { participantCount: 4, ...form });
      const [cancelled, rejected, cancelledAgain] = await Promise.all([
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/applications/${applied.json().id}`,
          cookies: { sid: racer.sid },
        }),
        decide(foundationA.sid, applied.json().id, { action: 'reject' }),
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/applications/${applied.json().id}`,
          cookies: { sid: racer.sid },
        }),
      ]);
      const codes = [cancelled.statusCode, rejected.statusCode, cancelledAgain.statusCode];
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.every((code) => code === 200 || code === 404 || code === 409)).toBe(true);
      expect(await reservedOf(event.id)).toBe(0);
    }
  });

  it('a school awaiting moderation, a foundation and a visitor may not apply', async () => {
    const pending = await schoolWithSession('pending');
    const byPending = await apply(pending.sid, eventId);
    expect(byPending.statusCode).toBe(403);
    expect(byPending.json()).toEqual({ message: messages.notApprovedSchool });
    expect((await apply(foundationA.sid, eventId)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/events/${eventId}/register`, payload: form }))
        .statusCode,
    ).toBe(401);
  });

  it.each([
    [0, messages.participantsMin],
    [-1, messages.participantsMin],
    [1.5, messages.participantsWhole],
    ['x', messages.participantsMin],
  ])('participantCount %j is a 400', async (participantCount, message) => {
    const other = await schoolWithSession();
    const response = await apply(other.sid, eventId, { ...form, participantCount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('needs a contact person and at least one way to reach them', async () => {
    const other = await schoolWithSession();
    const noWay = await apply(other.sid, eventId, { participantCount: 1, contactPerson: 'Елена' });
    expect(noWay.json()).toEqual({ message: messages.oneContact });
    const noPerson = await apply(other.sid, eventId, {
      participantCount: 1,
      contactPhone: '+7 999 123-45-67',
    });
    expect(noPerson.json()).toEqual({ message: messages.contactPerson });
    const byTelegram = await apply(other.sid, eventId, {
      participantCount: 1,
      contactPerson: 'Елена',
      contactTelegram: '@elena',
      parentalConsent: true,
    });
    expect(byTelegram.statusCode).toBe(201);
    const [stored] = await ctx.database.db
      .select({ contactTelegram: applications.contactTelegram })
      .from(applications)
      .where(eq(applications.id, byTelegram.json().id));
    expect(stored?.contactTelegram).toBe('https://t.me/elena');
  });

  it.each([
    [{ contactTelegram: 'javascript:alert(1)' }, linkMessages.telegram],
    [{ contactVk: 'javascript:alert(1)' }, linkMessages.link],
    [{ contactPerson: '\u202e\u202d\u200b' }, textMessages.invisibleOnly],
    [{ applicationNote: '\u200b\u200b' }, textMessages.invisibleOnly],
    [{ participantCount: '0x2' }, messages.participantsMin],
  ])('refuses %j with 400 and its message', async (change, message) => {
    const other = await schoolWithSession();
    const response = await apply(other.sid, eventId, { ...form, participantCount: 1, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('past and completed events refuse applications', async () => {
    const past = await createEvent(ctx.database.db, foundationA.foundationId, { date: '2026-11-20' });
    const pastAnswer = await apply(school.sid, past.id);
    expect(pastAnswer.statusCode).toBe(409);
    expect(pastAnswer.json()).toEqual({ message: messages.pastEvent });
    const completed = await createEvent(ctx.database.db, foundationA.foundationId, {
      date: '2026-12-01',
      status: 'completed',
    });
    expect((await apply(school.sid, completed.id)).json()).toEqual({ message: messages.closedEvent });
  });

  it('an event that does not exist, is cancelled or belongs to a foundation awaiting moderation is a 404', async () => {
    const cancelled = await createEvent(ctx.database.db, foundationA.foundationId, {
      date: '2026-12-14',
      status: 'canceled',
    });
    const unchecked = await createFoundation(ctx.database.db, { status: 'pending' });
    const ofUnchecked = await createEvent(ctx.database.db, unchecked.id, { date: '2026-12-14' });
    for (const id of [cancelled.id, ofUnchecked.id, 2_000_000_000]) {
      const answer = await apply(school.sid, id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: messages.eventNotFound });
    }
    expect(await reservedOf(cancelled.id)).toBe(0);
  });

  it('a school cancels only an application that is waiting or approved, and says when there is none', async () => {
    const event = await createEvent(ctx.database.db, foundationA.foundationId, { date: '2026-12-15' });
    const owner = await schoolWithSession();
    const cancelByEvent = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/cancel-application`,
        cookies: { sid: owner.sid },
      });
    const nothing = await cancelByEvent();
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toEqual({ message: messages.notFound });

    const applied = (await apply(owner.sid, event.id, { participantCount: 3, ...form })).json().id;
    await decide(foundationA.sid, applied, { action: 'reject' });
    const rejected = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/applications/${applied}`,
      cookies: { sid: owner.sid },
    });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json()).toEqual({ message: messages.cannotCancel });
    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/applications/2000000000',
      cookies: { sid: owner.sid },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.notFound });
    expect(await reservedOf(event.id)).toBe(0);
  });

  it("foundation B cannot decide on foundation A's application; a rejected one cannot be approved", async () => {
    const other = await schoolWithSession();
    const applied = (await apply(other.sid, eventId)).json().id;
    const byB = await decide(foundationB.sid, applied, { action: 'approve' });
    expect(byB.statusCode).toBe(403);
    expect(byB.json()).toEqual({ message: messages.notYourEvent });

    expect((await decide(foundationA.sid, applied, { action: 'reject' })).statusCode).toBe(200);
    const approveRejected = await decide(foundationA.sid, applied, { action: 'approve' });
    expect(approveRejected.statusCode).toBe(409);
    expect(approveRejected.json()).toEqual({ message: messages.cannotApprove });
    expect((await decide(foundationA.sid, applied, { action: 'reject' })).statusCode).toBe(409);
  });

  it("a school cannot cancel another school's application", async () => {
    const owner = await schoolWithSession();
    const applied = (await apply(owner.sid, eventId)).json().id;
    const intruder = await schoolWithSession();
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/applications/${applied}`,
      cookies: { sid: intruder.sid },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.notYourApplication });
    const byOwner = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/applications/${applied}`,
      cookies: { sid: owner.sid },
    });
    expect(byOwner.statusCode).toBe(200);
  });
});

describe('status, permissions and notifications', () => {
  it('tells the foundation who applied and who cancelled, with the school, the event and the group', async () => {
    const event = await createEvent(ctx.database.db, foundationA.foundationId, {
      date: '2026-12-16',
      title: 'Уборка парка «Сокольники»',
    });
    const school = await schoolWithSession();
    expect((await apply(school.sid, event.id, { participantCount: 7, ...form })).statusCode).toBe(201);
    const latest = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/notifications', cookies: { sid: foundationA.sid } })
      ).json()[0];
    expect(await latest()).toMatchObject({
      kind: 'application_received',
      text: 'Новая заявка от школы «Школа № 1» на «Уборка парка «Сокольники»»: 7 участн.',
      link: '/foundation-applications',
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/cancel-application`,
      cookies: { sid: school.sid },
    });
    expect(await latest()).toMatchObject({
      kind: 'application_cancelled',
      text: 'Школа «Школа № 1» отменила заявку на «Уборка парка «Сокольники»»',
      link: '/foundation-applications',
    });
  });

  it('tells the event page who is registered and who organises it', async () => {
    const event = await createEvent(ctx.database.db, foundationA.foundationId, { date: '2026-12-13' });
    const school = await schoolWithSession();
    const status = (sid?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/application-status`,
        cookies: sid ? { sid } : {},
      });
    expect((await status()).json()).toEqual({
      isRegistered: false,
      status: null,
      applicationId: null,
      participantCount: null,
      waitlistPosition: null,
    });
    const applied = (await apply(school.sid, event.id)).json().id;
    expect((await status(school.sid)).json()).toEqual({
      isRegistered: true,
      status: 'pending',
      applicationId: applied,
      participantCount: 1,
      waitlistPosition: null,
    });
    await decide(foundationA.sid, applied, { action: 'approve' });
    expect((await status(school.sid)).json()).toMatchObject({ isRegistered: true, status: 'approved' });

    const permissions = (sid?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/permissions`,
        cookies: sid ? { sid } : {},
      });
    expect((await permissions(foundationA.sid)).json()).toEqual({ isOrganizer: true, waitlistedSchools: 0 });
    expect((await permissions(foundationB.sid)).json()).toEqual({
      isOrganizer: false,
      waitlistedSchools: null,
    });
    expect((await permissions()).json()).toEqual({ isOrganizer: false, waitlistedSchools: null });

    const notifications = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      cookies: { sid: school.sid },
    });
    expect(notifications.json()[0]).toMatchObject({ kind: 'application_approved' });
    const forFoundation = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      cookies: { sid: foundationA.sid },
    });
    expect(forFoundation.json().some((item: { kind: string }) => item.kind === 'application_received')).toBe(
      true,
    );
  });
});
