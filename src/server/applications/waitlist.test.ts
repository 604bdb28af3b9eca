import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages as messages } from '../../shared/applications';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { applications, events, notifications, users } from '../db/schema';
import { createEvent, createFoundation, createSchool } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

// A full event keeps schools waiting in line instead of turning them away; whatever frees places offers
// them to the first in line that fits.

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
let foundation: { id: number; userId: number; sid: string };

// The events here admit pupils of any age, so every application confirms the parents' consent.
const form = { contactPerson: 'Елена Викторовна', contactPhone: '+7 (499) 245-12-12', parentalConsent: true };

async function school() {
  const row = await createSchool(ctx.database.db);
  return { ...row, sid: (await createSession(ctx.database.db, row.userId)).sessionId };
}
type School = Awaited<ReturnType<typeof school>>;

const apply = (who: School, eventId: number, participantCount: number, waitlist = false) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/register`,
    cookies: { sid: who.sid },
    payload: { participantCount, waitlist, ...form },
  });
const idOf = async (answer: Promise<{ json: () => { id: number } }>) => (await answer).json().id;
const statusOf = async (applicationId: number) =>
  (
    await ctx.database.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, applicationId))
  )[0]?.status;
const reservedOf = async (eventId: number) =>
  (await ctx.database.db.select().from(events).where(eq(events.id, eventId)))[0]?.reservedSlots;
const state = async (who: School, eventId: number) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/application-status`,
      cookies: { sid: who.sid },
    })
  ).json();
const decide = (applicationId: number, body: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/foundation/applications/${applicationId}`,
    cookies: { sid: foundation.sid },
    payload: body,
  });
const cancel = (who: School, applicationId: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/applications/${applicationId}`, cookies: { sid: who.sid } });
const kindsFor = async (userId: number) =>
  (
    await ctx.database.db
      .select({ kind: notifications.kind, text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, userId))
  ).map((row) => row.kind);

let day = 1;
/** A fresh event with `places` places, each on a day of its own in December. */
const fullEventWith = async (places: number | null) =>
  createEvent(ctx.database.db, foundation.id, {
    date: `2026-12-${String(day++).padStart(2, '0')}`,
    totalSlots: places,
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

describe('joining and leaving the waitlist', () => {
  it('without waitlist a full event still answers 409; with it the school waits in line, holding no places', async () => {
    const event = await fullEventWith(4);
    const holder = await school();
    expect((await apply(holder, event.id, 4)).statusCode).toBe(201);

    const late = await school();
    const refused = await apply(late, event.id, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: messages.noPlaces });

    const joined = await apply(late, event.id, 2, true);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toEqual({
      id: expect.any(Number),
      status: 'waitlisted',
      message: messages.waitlisted,
    });
    expect(await reservedOf(event.id)).toBe(4);
    expect(await state(late, event.id)).toEqual({
      isRegistered: true,
      status: 'waitlisted',
      applicationId: joined.json().id,
      participantCount: 2,
      waitlistPosition: 1,
    });
    expect(await kindsFor(foundation.userId)).toContain('waitlist_joined');

    const again = await apply(late, event.id, 1, true);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.alreadyApplied });
  });

  it('an application that fits is an ordinary pending one even when the school offers to wait', async () => {
    const event = await fullEventWith(10);
    const answer = await apply(await school(), event.id, 3, true);
    expect(answer.json()).toMatchObject({ status: 'pending', message: messages.submitted });
    expect(await reservedOf(event.id)).toBe(3);
  });

  it('tells each school its place in line, and leaving is one call', async () => {
    const event = await fullEventWith(1);
    await apply(await school(), event.id, 1);
    const first = await school();
    const second = await school();
    const firstId = await idOf(apply(first, event.id, 2, true));
    await apply(second, event.id, 2, true);
    expect((await state(second, event.id)).waitlistPosition).toBe(2);
    const permissions = (sid: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/events/${event.id}/permissions`, cookies: { sid } });
    // The length of the line is the organiser's to know.
    expect((await permissions(foundation.sid)).json()).toEqual({ isOrganizer: true, waitlistedSchools: 2 });
    expect((await permissions(first.sid)).json()).toEqual({ isOrganizer: false, waitlistedSchools: null });

    const left = await cancel(first, firstId);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ message: messages.waitlistLeft });
    expect(await statusOf(firstId)).toBeUndefined();
    expect((await state(second, event.id)).waitlistPosition).toBe(1);
    expect(await reservedOf(event.id)).toBe(1);
    expect(await kindsFor(foundation.userId)).toContain('waitlist_left');
  });
});

describe('places freed move the line, first come first served, skipping only who does not fit', () => {
  it('a cancellation promotes the first in line that fits and tells the school and the foundation', async () => {
    const event = await fullEventWith(5);
    const holder = await school();
    const heldId = await idOf(apply(holder, event.id, 3));
    await apply(await school(), event.id, 2);
    const big = await school();
    const small = await school();
    const later = await school();
    const bigId = await idOf(apply(big, event.id, 4, true));
    const smallId = await idOf(apply(small, event.id, 2, true));
    const laterId = await idOf(apply(later, event.id, 1, true));

    expect((await cancel(holder, heldId)).statusCode).toBe(200);
    // 3 places free: the 4 do not fit and keep their place; the 2 and then the 1 do.
    expect(await statusOf(bigId)).toBe('waitlisted');
    expect(await statusOf(smallId)).toBe('pending');
    expect(await statusOf(laterId)).toBe('pending');
    expect(await reservedOf(event.id)).toBe(5);
    expect(await kindsFor(small.userId)).toContain('waitlist_promoted');
    const [promoted] = await ctx.database.db
      .select({ text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, small.userId), eq(notifications.kind, 'waitlist_promoted')));
    expect(promoted?.link).toBe('/school-applications');
    expect(promoted?.text).toContain('передана фонду на рассмотрение');
    expect((await state(big, event.id)).waitlistPosition).toBe(1);
  });

  it('a rejection, a partial approval, a lowered number and more places each promote', async () => {
    const event = await fullEventWith(6);
    const a = await school();
    const b = await school();
    const aId = await idOf(apply(a, event.id, 4));
    const bId = await idOf(apply(b, event.id, 2));
    const line = await Promise.all([school(), school(), school(), school()]);
    const lineIds: number[] = [];
    for (const who of line) lineIds.push(await idOf(apply(who, event.id, 1, true)));

    // Approving 3 of 4 frees one place: the first in line.
    expect((await decide(aId, { action: 'approve', participantCount: 3 })).json()).toEqual({
      message: messages.approvedInPart(3, 4),
    });
    expect(await statusOf(lineIds[0] ?? 0)).toBe('pending');

    // Rejecting the 2 frees two: the next two.
    expect((await decide(bId, { action: 'reject' })).statusCode).toBe(200);
    expect(await statusOf(lineIds[1] ?? 0)).toBe('pending');
    expect(await statusOf(lineIds[2] ?? 0)).toBe('pending');
    expect(await statusOf(lineIds[3] ?? 0)).toBe('waitlisted');

    // The school lowers its approved 3 to 2: the last one.
    const lowered = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/applications/${aId}`,
      cookies: { sid: a.sid },
      payload: { participantCount: 2 },
    });
    expect(lowered.json()).toEqual({ message: messages.countChanged });
    expect(await statusOf(lineIds[3] ?? 0)).toBe('pending');
    expect(await reservedOf(event.id)).toBe(6);

    // More places on the event serve whoever waits next.
    const next = await school();
    const nextId = await idOf(apply(next, event.id, 5, true));
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      cookies: { sid: foundation.sid },
      payload: await editableCopy(event.id, { totalSlots: 11 }),
    });
    expect(edited.json()).toMatchObject({ totalSlots: 11 });
    expect(await statusOf(nextId)).toBe('pending');
    expect(await reservedOf(event.id)).toBe(11);
  });

  it('promotes nobody once the event is cancelled or past', async () => {
    const event = await fullEventWith(1);
    const holder = await school();
    const heldId = await idOf(apply(holder, event.id, 1));
    const waiting = await school();
    const waitingId = await idOf(apply(waiting, event.id, 1, true));
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      cookies: { sid: foundation.sid },
      payload: { status: 'canceled' },
    });
    expect(await kindsFor(waiting.userId)).toContain('event_canceled');
    await cancel(holder, heldId);
    expect(await statusOf(waitingId)).toBe('waitlisted');
  });

  it('an administrator deleting an application or a whole school moves the line too', async () => {
    const [adminUser] = await ctx.database.db
      .insert(users)
      .values({ username: 'admin_waitlist', passwordHash: 'x', role: 'admin' })
      .returning({ id: users.id });
    const adminSid = (await createSession(ctx.database.db, adminUser?.id ?? 0)).sessionId;
    const event = await fullEventWith(4);
    const first = await school();
    const second = await school();
    const firstId = await idOf(apply(first, event.id, 2));
    await apply(second, event.id, 2);
    const line = [await school(), await school()];
    const lineIds: number[] = [];
    for (const who of line) lineIds.push(await idOf(apply(who, event.id, 2, true)));

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/applications/${firstId}`,
      cookies: { sid: adminSid },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await statusOf(lineIds[0] ?? 0)).toBe('pending');

    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${second.userId}`,
      cookies: { sid: adminSid },
    });
    expect(gone.statusCode).toBe(200);
    expect(await statusOf(lineIds[1] ?? 0)).toBe('pending');
    expect(await reservedOf(event.id)).toBe(4);
  });

  it('never promotes more than fits when 40 changes of number and applications race', async () => {
    const event = await fullEventWith(30);
    const holders = await Promise.all(Array.from({ length: 10 }, school));
    const holderIds: number[] = [];
    for (const who of holders) holderIds.push(await idOf(apply(who, event.id, 3)));
    const line = await Promise.all(Array.from({ length: 10 }, school));
    for (const who of line) await apply(who, event.id, 2, true);
    const newcomers = await Promise.all(Array.from({ length: 20 }, school));

    // Ten schools lower or raise their pending number while twenty more apply, all at once.
    await Promise.all([
      ...holders.map((who, index) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/applications/${holderIds[index]}`,
          cookies: { sid: who.sid },
          payload: { participantCount: index % 2 ? 1 : 5 },
        }),
      ),
      ...newcomers.map((who) => apply(who, event.id, 2, true)),
    ]);

    const rows = await ctx.database.db.select().from(applications).where(eq(applications.eventId, event.id));
    const held = rows
      .filter((row) => row.status === 'pending' || row.status === 'approved')
      .reduce((sum, row) => sum + row.participantCount, 0);
    expect(held).toBeLessThanOrEqual(30);
    expect(await reservedOf(event.id)).toBe(held);
  });
});

/** The event as its edit form would send it back, with `changes` applied. */
async function editableCopy(eventId: number, changes: object) {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}`,
    cookies: { sid: foundation.sid },
  });
  const event = answer.json();
  return {
    title: event.title,
    description: event.description,
    activityType: event.activityType,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    location: event.location,
    address: event.address,
    hours: event.hours,
    totalSlots: event.totalSlots,
    minParticipants: event.minParticipants,
    contactPersonName: 'Анна Смирнова',
    contactPersonPhone: '+7 (495) 123-45-67',
    contactPersonEmail: 'anna@example.org',
    ...changes,
  };
}
