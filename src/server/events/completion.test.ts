import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages } from '../../shared/applications';
import { completionMessages, eventFormMessages } from '../../shared/event-form';
import { isOrganisationOf } from '../accounts/organisation';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { applications, events, foundations, hourCredits, schools, users } from '../db/schema';
import { createApplication, eventFormInput } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';
import { manageMessages } from './manage';

/** The app's clock, moved by the tests: events are planned ahead, then their day comes. */
let now = new Date('2026-11-23T09:00:00Z');
const calendar = createCalendar('Europe/Moscow', () => now);
const setToday = (day: string, time = '09:00') => {
  now = new Date(`${day}T${time}:00+03:00`);
};

let ctx: TestContext;
let foundation: string;

const eventBody = {
  ...eventFormInput,
  date: '2026-12-05',
  minParticipants: 1,
  totalSlots: 'unlimited',
  ageRestriction: '14+',
};

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  sid: string,
  payload?: object,
) => ctx.app.inject({ method, url, cookies: { sid }, ...(payload ? { payload } : {}) });

async function approvedSchool(name: string) {
  const { sid, user } = await signUp(ctx.app, 'school');
  const [row] = await ctx.database.db
    .update(schools)
    .set({ moderationStatus: 'approved', name })
    .where(isOrganisationOf(schools, user.id))
    .returning({ id: schools.id });
  return { sid, id: row?.id ?? 0 };
}

/** Sends the event form on 23 November, with `values` in place of the usual ones. */
const postEvent = (values: Partial<typeof eventBody> = {}) => {
  setToday('2026-11-23');
  return send('POST', '/api/events', foundation, { ...eventBody, ...values });
};

async function createOwnEvent(values: Partial<typeof eventBody> = {}) {
  const response = await postEvent(values);
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

const complete = (eventId: number, attendance?: { applicationId: number; attended: number }[]) =>
  send('PATCH', `/api/events/${eventId}`, foundation, {
    status: 'completed',
    ...(attendance ? { attendance } : {}),
  });

const statusOf = async (eventId: number) =>
  (await ctx.database.db.select({ status: events.status }).from(events).where(eq(events.id, eventId)))[0]
    ?.status;

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const signedUp = await signUp(ctx.app, 'foundation');
  foundation = signedUp.sid;
  await ctx.database.db
    .update(foundations)
    .set({ moderationStatus: 'approved', name: 'Фонд «Зелёный город»' })
    .where(isOrganisationOf(foundations, signedUp.user.id));
});
afterAll(() => ctx.close());

describe('completing an event only once it has happened', () => {
  it('refuses before the event day in the app time zone and changes nothing, then completes on the day', async () => {
    const eventId = await createOwnEvent({ date: '2026-12-05' });
    const school = await approvedSchool('Школа № 5');
    const application = await createApplication(ctx.database.db, {
      eventId,
      schoolId: school.id,
      participantCount: 4,
      status: 'approved',
    });

    // 23:30 in Moscow on the day before is still the day before, though it is the 4th in UTC too.
    setToday('2026-12-04', '23:30');
    const early = await complete(eventId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'Мероприятие ещё не состоялось' });
    expect(await statusOf(eventId)).toBe('upcoming');
    const [untouched] = await ctx.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(untouched).toMatchObject({ status: 'approved', hoursEarned: null, attendedCount: null });
    expect(
      await ctx.database.db.select().from(hourCredits).where(eq(hourCredits.eventId, eventId)),
    ).toHaveLength(0);

    // 00:10 in Moscow is the event's day, though UTC still says the 4th.
    setToday('2026-12-05', '00:10');
    const onTheDay = await complete(eventId);
    expect(onTheDay.statusCode).toBe(200);
    expect(onTheDay.json()).toEqual({ message: 'Мероприятие завершено. Начислено волонтёрских часов: 12' });
  });
});

describe('hours no longer than the event', () => {
  it.each([
    ['10:00', '12:30', 3],
    ['10:00', '13:00', 3],
    ['09:15', '09:45', 1],
  ])('accepts %s–%s with %i hours', async (startTime, endTime, hours) => {
    const response = await postEvent({ startTime, endTime, hours });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['10:00', '12:30', 4],
    ['10:00', '13:00', 24],
    ['09:15', '09:45', 2],
  ])('refuses %s–%s with %i hours, on create and on update', async (startTime, endTime, hours) => {
    const created = await postEvent({ startTime, endTime, hours });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ message: eventFormMessages.hoursOverLength });

    const eventId = await createOwnEvent();
    const updated = await send('PUT', `/api/events/${eventId}`, foundation, {
      ...eventBody,
      startTime,
      endTime,
      hours,
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toEqual({ message: eventFormMessages.hoursOverLength });
    const [stored] = await ctx.database.db.select().from(events).where(eq(events.id, eventId));
    expect(stored?.hours).toBe(3);
  });
});

describe('attendance on completion', () => {
  it('credits the pupils who came, marks a school that did not come and closes waiting applications', async () => {
    const eventId = await createOwnEvent({ date: '2026-12-05' });
    const came = await approvedSchool('Лицей № 1535');
    const absent = await approvedSchool('Школа № 7');
    const everyone = await approvedSchool('Гимназия № 2');
    const waiting = await approvedSchool('Школа № 9');
    const queued = await approvedSchool('Школа № 11');
    const db = ctx.database.db;
    const eightOfTen = await createApplication(db, {
      eventId,
      schoolId: came.id,
      participantCount: 10,
      status: 'approved',
    });
    const noneOfFive = await createApplication(db, {
      eventId,
      schoolId: absent.id,
      participantCount: 5,
      status: 'approved',
    });
    const allOfTwo = await createApplication(db, {
      eventId,
      schoolId: everyone.id,
      participantCount: 2,
      status: 'approved',
    });
    const pending = await createApplication(db, {
      eventId,
      schoolId: waiting.id,
      participantCount: 3,
      status: 'pending',
    });
    const waitlisted = await createApplication(db, {
      eventId,
      schoolId: queued.id,
      participantCount: 3,
      status: 'waitlisted',
    });
    setToday('2026-12-05', '15:00');

    // Each wrong attendance is refused in Russian and leaves the event as it was.
    const refusals: [object[], string][] = [
      [[{ applicationId: pending.id, attended: 1 }], completionMessages.foreignApplication(pending.id)],
      [[{ applicationId: 999_999, attended: 1 }], completionMessages.foreignApplication(999_999)],
      [[{ applicationId: eightOfTen.id, attended: 11 }], completionMessages.attendedOverApproved(10)],
      [
        [
          { applicationId: eightOfTen.id, attended: 8 },
          { applicationId: eightOfTen.id, attended: 7 },
        ],
        completionMessages.duplicate(eightOfTen.id),
      ],
      [[{ applicationId: eightOfTen.id, attended: -1 }], completionMessages.attended],
      [[{ applicationId: eightOfTen.id, attended: 2.5 }], completionMessages.attended],
    ];
    for (const [attendance, message] of refusals) {
      const response = await send('PATCH', `/api/events/${eventId}`, foundation, {
        status: 'completed',
        attendance,
      });
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const notCompleting = await send('PATCH', `/api/events/${eventId}`, foundation, {
      status: 'active',
      attendance: [{ applicationId: eightOfTen.id, attended: 8 }],
    });
    expect(notCompleting.statusCode).toBe(400);
    expect(notCompleting.json()).toEqual({ message: completionMessages.attendanceOnlyOnCompletion });
    expect(await statusOf(eventId)).toBe('upcoming');

    const response = await complete(eventId, [
      { applicationId: eightOfTen.id, attended: 8 },
      { applicationId: noneOfFive.id, attended: 0 },
    ]);
    expect(response.statusCode).toBe(200);
    // 8 × 3 + 0 + 2 × 3: the school left out of the list counts all its pupils.
    expect(response.json()).toEqual({ message: 'Мероприятие завершено. Начислено волонтёрских часов: 30' });

    const rows = await db.select().from(applications).where(eq(applications.eventId, eventId));
    const byId = (id: number) => rows.find((row) => row.id === id);
    expect(byId(eightOfTen.id)).toMatchObject({ status: 'completed', attendedCount: 8, hoursEarned: 24 });
    expect(byId(noneOfFive.id)).toMatchObject({ status: 'completed', attendedCount: 0, hoursEarned: 0 });
    expect(byId(allOfTwo.id)).toMatchObject({ status: 'completed', attendedCount: 2, hoursEarned: 6 });
    for (const closed of [pending, waitlisted]) {
      expect(byId(closed.id)).toMatchObject({
        status: 'rejected',
        rejectionReason: manageMessages.pendingClosedOnCompletion,
      });
    }
    const credits = await db.select().from(hourCredits).where(eq(hourCredits.eventId, eventId));
    const [own] = await db.select().from(foundations).where(eq(foundations.name, 'Фонд «Зелёный город»'));
    expect(
      credits.map(({ schoolId, participantCount, hours, foundationId }) => ({
        schoolId,
        participantCount,
        hours,
        foundationId,
      })),
    ).toEqual(
      expect.arrayContaining([
        { schoolId: came.id, participantCount: 8, hours: 24, foundationId: own?.id },
        { schoolId: everyone.id, participantCount: 2, hours: 6, foundationId: own?.id },
      ]),
    );
    expect(credits).toHaveLength(2);

    const newest = async (sid: string) => (await send('GET', '/api/notifications', sid)).json()[0];
    expect(await newest(came.sid)).toMatchObject({
      kind: 'event_completed',
      text: `Мероприятие «${eventBody.title}» завершено: начислено 24 волонтёрских часа, пришли 8 из 10`,
    });
    expect((await newest(absent.sid)).text).toContain('ученики не пришли');
    expect((await newest(queued.sid)).text).toContain('закрыта: мероприятие завершено');

    // What each school sees: the application with who came, the archive entry with the approved number.
    const mine = (await send('GET', '/api/my-applications', came.sid)).json();
    expect(mine[0]).toMatchObject({
      status: 'completed',
      participantCount: 10,
      attendedCount: 8,
      hoursEarned: 24,
    });
    expect((await send('GET', '/api/school/completed-events', came.sid)).json()).toMatchObject([
      { participantCount: 8, approvedCount: 10, hoursEarned: 24 },
    ]);
    const absentOwn = (await send('GET', '/api/my-applications', absent.sid)).json();
    expect(absentOwn[0]).toMatchObject({ status: 'completed', attendedCount: 0, hoursEarned: null });
    expect((await send('GET', '/api/school/completed-events', absent.sid)).json()).toEqual([]);
    expect((await send('GET', '/api/profile', absent.sid)).json()).toMatchObject({
      totalHours: 0,
      totalEvents: 0,
    });

    // The foundation's page of the event shows the same.
    const page = (await send('GET', `/api/foundation/events/${eventId}`, foundation)).json();
    expect(page.hours).toBe(3);
    expect(
      page.participants.map((row: { attendedCount: number; hoursEarned: number | null }) => [
        row.attendedCount,
        row.hoursEarned,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [8, 24],
        [0, null],
        [2, 6],
      ]),
    );
  });
});

describe("the foundation's hours stay when the school tidies its archive or the event is deleted", () => {
  it('lowers the school total only', async () => {
    // A foundation of its own, so its totals hold this test's hours alone.
    const { sid: ownFoundation, user } = await signUp(ctx.app, 'foundation');
    await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved', name: 'Фонд «Добрые руки»' })
      .where(isOrganisationOf(foundations, user.id));
    setToday('2026-11-23');
    const created = await send('POST', '/api/events', ownFoundation, { ...eventBody, date: '2026-11-23' });
    const eventId = created.json().id as number;
    const school = await approvedSchool('Школа № 20');
    await createApplication(ctx.database.db, {
      eventId,
      schoolId: school.id,
      participantCount: 5,
      status: 'approved',
    });
    const foundationHours = async () =>
      (await send('GET', '/api/foundation/stats', ownFoundation)).json().totalVolunteerHours;
    // Read before: the dashboard's counters are kept until hours are credited.
    expect(await foundationHours()).toBe(0);
    const done = await send('PATCH', `/api/events/${eventId}`, ownFoundation, { status: 'completed' });
    expect(done.statusCode).toBe(200);

    const schoolHours = async () => (await send('GET', '/api/profile', school.sid)).json().totalHours;
    const foundationProfileHours = async () =>
      (await send('GET', '/api/profile', ownFoundation)).json().totalHours;
    const impactHours = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/stats/impact' })).json().hoursCredited;
    expect(await schoolHours()).toBe(15);
    expect(await foundationHours()).toBe(15);
    expect(await foundationProfileHours()).toBe(15);
    const impactBefore = await impactHours();

    const [entry] = (await send('GET', '/api/school/completed-events', school.sid)).json();
    expect((await send('DELETE', `/api/school/archive/${entry.id}`, school.sid)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/school/archive/${entry.id}`, school.sid)).statusCode).toBe(404);
    expect((await send('GET', '/api/school/completed-events', school.sid)).json()).toEqual([]);
    expect(await schoolHours()).toBe(0);
    expect((await send('GET', '/api/my-applications', school.sid)).json()[0].hoursEarned).toBeNull();
    expect(await foundationHours()).toBe(15);
    expect(await foundationProfileHours()).toBe(15);
    expect(await impactHours()).toBe(impactBefore);
    const page = (await send('GET', `/api/foundation/events/${eventId}`, ownFoundation)).json();
    expect(page.participants[0].hoursEarned).toBe(15);

    expect((await send('DELETE', `/api/events/${eventId}`, ownFoundation)).statusCode).toBe(200);
    expect(await foundationHours()).toBe(15);
    expect(await foundationProfileHours()).toBe(15);
  });
});

describe('the 240,000-hour inflation of issue 24', () => {
  it('refuses each step that made it and credits only the pupils who came', async () => {
    setToday('2026-06-01');
    const school = await approvedSchool('Школа № 240');
    // An event with unlimited places half a year ahead, three hours long.
    const eventId = await createOwnEvent({ date: '2026-12-20', totalSlots: 'unlimited' });
    setToday('2026-06-01');

    // 10,000 pupils in one application.
    const huge = await send('POST', `/api/events/${eventId}/register`, school.sid, {
      participantCount: 10_000,
      contactPerson: 'Иван Петрович',
      contactPhone: '+7 900 000-00-00',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ message: applicationMessages.participantsCap });

    // 24 hours for a three-hour event.
    const inflated = await send('PUT', `/api/events/${eventId}`, foundation, {
      ...eventBody,
      date: '2026-12-20',
      hours: 24,
    });
    expect(inflated.statusCode).toBe(400);
    expect(inflated.json()).toEqual({ message: eventFormMessages.hoursOverLength });

    // The most one application may hold, approved.
    const application = await createApplication(ctx.database.db, {
      eventId,
      schoolId: school.id,
      participantCount: 500,
      status: 'approved',
    });

    // Completed months before it happens.
    const early = await complete(eventId, [{ applicationId: application.id, attended: 500 }]);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: manageMessages.notYetHeld });

    // On the day, the hours follow who came: 40 of 500, 3 hours each.
    setToday('2026-12-20', '18:00');
    const done = await complete(eventId, [{ applicationId: application.id, attended: 40 }]);
    expect(done.json()).toEqual({ message: 'Мероприятие завершено. Начислено волонтёрских часов: 120' });
    expect((await send('GET', '/api/profile', school.sid)).json().totalHours).toBe(120);
  });
});

describe('an administrator deleting a foundation that credited hours', () => {
  it('deletes it and leaves the schools their hours', async () => {
    const db = ctx.database.db;
    const { sid: leaving, user } = await signUp(ctx.app, 'foundation');
    await db
      .update(foundations)
      .set({ moderationStatus: 'approved' })
      .where(isOrganisationOf(foundations, user.id));
    setToday('2026-11-23');
    const created = await send('POST', '/api/events', leaving, { ...eventBody, date: '2026-11-23' });
    const eventId = created.json().id as number;
    const school = await approvedSchool('Школа № 30');
    await createApplication(db, { eventId, schoolId: school.id, participantCount: 4, status: 'approved' });
    expect((await send('PATCH', `/api/events/${eventId}`, leaving, { status: 'completed' })).statusCode).toBe(
      200,
    );

    const [admin] = await db
      .insert(users)
      .values({ username: 'completion_admin', passwordHash: 'x', role: 'admin' })
      .returning({ id: users.id });
    const adminSid = (await createSession(db, admin?.id ?? 0)).sessionId;
    const deleted = await send('DELETE', `/api/admin/users/${user.id}`, adminSid);
    expect(deleted.statusCode).toBe(200);
    expect((await send('GET', '/api/profile', school.sid)).json().totalHours).toBe(12);
  });
});
