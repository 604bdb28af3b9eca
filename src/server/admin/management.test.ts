import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../shared/admin';
import { authMessages } from '../../shared/auth';
import { authErrors } from '../../shared/errors';
import type { MemberRole } from '../../shared/roles';
import { createSession } from '../auth/sessions';
import type { Db } from '../db/client';
import {
  applications,
  events,
  foundationReports,
  foundations,
  hourCredits,
  notifications,
  organisationMembers,
  schools,
  sessions,
  users,
} from '../db/schema';
import {
  createApplication,
  createEvent,
  createFoundation,
  createHourCredit,
  createSchool,
} from '../test/factories';
import { createTestApp, sessionCookieOf, type TestContext, testHasher } from '../test/test-app';

/** The organisation person `userId` is a member of, as a condition on its table. */
const ofMember = (table: typeof foundations | typeof schools, userId: number) =>
  sql`${table.id} in (select ${table === foundations ? organisationMembers.foundationId : organisationMembers.schoolId}
    from ${organisationMembers} where ${organisationMembers.userId} = ${userId})`;

let ctx: TestContext;
let db: Db;
let admin: { id: number; sid: string };
let school: { userId: number; sid: string };
let foundation: { id: number; userId: number; sid: string };

const sessionOf = async (userId: number) => (await createSession(db, userId)).sessionId;

async function createAdmin(username: string, password: string) {
  const [row] = await db
    .insert(users)
    .values({ username, passwordHash: await testHasher.hash(password), role: 'admin' })
    .returning({ id: users.id });
  if (!row) throw new Error('admin not created');
  return { id: row.id, sid: await sessionOf(row.id) };
}

const get = (url: string, sid?: string) =>
  ctx.app.inject({ method: 'GET', url, ...(sid ? { cookies: { sid } } : {}) });
const send = (method: 'DELETE' | 'PATCH', url: string, sid?: string, payload?: object) =>
  ctx.app.inject({ method, url, ...(sid ? { cookies: { sid } } : {}), ...(payload ? { payload } : {}) });
const totalOf = (response: { headers: Record<string, unknown> }) => Number(response.headers['x-total-count']);

async function reservedSlotsOf(eventId: number) {
  const [row] = await db
    .select({ reserved: events.reservedSlots })
    .from(events)
    .where(eq(events.id, eventId));
  return row?.reserved;
}

async function notificationsOf(userId: number, kind: string) {
  return db
    .select({ text: notifications.text })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  admin = await createAdmin('chief', 'admin-secret');
  const schoolRow = await createSchool(db);
  school = { userId: schoolRow.userId, sid: await sessionOf(schoolRow.userId) };
  const foundationRow = await createFoundation(db, { name: 'Фонд «Берег»' });
  foundation = {
    id: foundationRow.id,
    userId: foundationRow.userId,
    sid: await sessionOf(foundationRow.userId),
  };
  await db.insert(users).values({ username: 'volunteer_vera', passwordHash: 'x', role: 'volunteer' });
});
afterAll(() => ctx.close());

describe('GET /api/admin/stats', () => {
  it('counts accounts by role, foundation profiles, events and every application', async () => {
    const second = await createFoundation(db, { status: 'pending' });
    const otherSchool = await createSchool(db, 'pending');
    const first = await createEvent(db, foundation.id, { date: '2026-12-05', reservedSlots: 5 });
    await createEvent(db, second.id, { date: '2026-12-06' });
    const [schoolRow] = await db.select().from(schools).where(ofMember(schools, school.userId));
    await createApplication(db, {
      eventId: first.id,
      schoolId: schoolRow?.id ?? 0,
      participantCount: 3,
      status: 'pending',
    });
    await createApplication(db, {
      eventId: first.id,
      schoolId: otherSchool.id,
      participantCount: 2,
      status: 'rejected',
    });

    const response = await get('/api/admin/stats', admin.sid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      users: { total: 6, foundations: 2, schools: 2, volunteers: 1, admins: 1 },
      foundations: 2,
      events: 2,
      registrations: 2,
    });
  });
});

describe('who may call the management API', () => {
  it('answers 401 to visitors and 403 to schools and foundations, and changes nothing', async () => {
    const [event] = await db.select({ id: events.id }).from(events).limit(1);
    const [application] = await db.select({ id: applications.id }).from(applications).limit(1);
    const calls: { method: 'GET' | 'DELETE' | 'PATCH'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/admin/stats' },
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: '/api/admin/events' },
      { method: 'GET', url: '/api/admin/applications' },
      { method: 'GET', url: '/api/admin/reports' },
      { method: 'GET', url: '/api/admin/foundations' },
      { method: 'GET', url: '/api/admin/organizations/moderation?status=bogus' },
      { method: 'DELETE', url: `/api/admin/users/${school.userId}` },
      { method: 'DELETE', url: `/api/admin/events/${event?.id}` },
      { method: 'DELETE', url: `/api/admin/applications/${application?.id}` },
      {
        method: 'PATCH',
        url: '/api/admin/update-credentials',
        payload: { currentPassword: 'admin-secret', newPassword: 'taken-over' },
      },
    ];
    for (const call of calls) {
      const request = {
        method: call.method,
        url: call.url,
        ...(call.payload ? { payload: call.payload } : {}),
      };
      const anonymous = await ctx.app.inject(request);
      expect([call.url, anonymous.statusCode, anonymous.json()]).toEqual([
        call.url,
        401,
        { message: 'Необходима авторизация' },
      ]);
      for (const sid of [school.sid, foundation.sid]) {
        const refused = await ctx.app.inject({ ...request, cookies: { sid } });
        expect([call.url, refused.statusCode]).toEqual([call.url, 403]);
      }
    }
    expect(await db.select().from(users).where(eq(users.id, school.userId))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(events)
        .where(eq(events.id, event?.id ?? 0)),
    ).toHaveLength(1);
    expect(
      await db
        .select()
        .from(applications)
        .where(eq(applications.id, application?.id ?? 0)),
    ).toHaveLength(1);
  });
});

describe('GET /api/admin/users', () => {
  it('pages on the server with the total in X-Total-Count', async () => {
    const all = await get('/api/admin/users', admin.sid);
    expect(all.statusCode).toBe(200);
    expect(totalOf(all)).toBe(6);
    expect(all.json()).toHaveLength(6);

    const first = await get('/api/admin/users?page=1&limit=4', admin.sid);
    const second = await get('/api/admin/users?page=2&limit=4', admin.sid);
    expect(totalOf(first)).toBe(6);
    expect(first.json()).toHaveLength(4);
    expect(second.json()).toHaveLength(2);
    const ids = [...first.json(), ...second.json()].map((user: { id: number }) => user.id);
    expect(new Set(ids).size).toBe(6);

    expect((await get('/api/admin/users?page=0', admin.sid)).statusCode).toBe(400);
  });

  it('searches account and organisation names regardless of case, wildcards taken literally', async () => {
    const named = await createFoundation(db, { name: 'Фонд «Лесная Тропа»' });
    const byName = await get(`/api/admin/users?search=${encodeURIComponent('лесная тропа')}`, admin.sid);
    expect(byName.json().map((user: { id: number }) => user.id)).toEqual([named.userId]);
    expect(totalOf(byName)).toBe(1);

    const byUsername = await get('/api/admin/users?search=VOLUNTEER_V', admin.sid);
    expect(byUsername.json()).toEqual([
      expect.objectContaining({ username: 'volunteer_vera', role: 'volunteer' }),
    ]);

    const wildcard = await get(`/api/admin/users?search=${encodeURIComponent('%')}`, admin.sid);
    expect(wildcard.json()).toEqual([]);
    expect(totalOf(wildcard)).toBe(0);
  });

  it('filters by role and shows the organisation fields', async () => {
    const response = await get('/api/admin/users?role=foundation', admin.sid);
    const rows = response.json() as { role: string; fullName: string | null }[];
    expect(totalOf(response)).toBe(3);
    expect(rows.every((row) => row.role === 'foundation')).toBe(true);

    await db
      .update(foundations)
      .set({ email: 'bereg@example.org', phone: '+7 900 111-22-33', address: 'Москва, ул. Речная, 1' })
      .where(eq(foundations.id, foundation.id));
    const mine = (await get('/api/admin/users?search=Берег', admin.sid)).json();
    expect(mine).toEqual([
      expect.objectContaining({
        id: foundation.userId,
        fullName: 'Фонд «Берег»',
        role: 'foundation',
        email: 'bereg@example.org',
        isProfileComplete: true,
        moderationStatus: 'approved',
        moderationComment: null,
        moderatedAt: null,
      }),
    ]);

    const admins = (await get('/api/admin/users?role=admin', admin.sid)).json();
    expect(admins).toEqual([
      expect.objectContaining({
        id: admin.id,
        fullName: null,
        moderationStatus: null,
        isProfileComplete: true,
      }),
    ]);

    const wrong = await get('/api/admin/users?role=superuser', admin.sid);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: adminMessages.role });
  });
});

describe('GET /api/admin/organizations/moderation', () => {
  it('lists foundations and schools, pending first, with filters', async () => {
    const all = await get('/api/admin/organizations/moderation', admin.sid);
    expect(all.statusCode).toBe(200);
    const rows = all.json() as { id: number; type: string; moderationStatus: string }[];
    expect(totalOf(all)).toBe(5);
    expect(rows.map((row) => row.moderationStatus)).toEqual([
      'pending',
      'pending',
      'approved',
      'approved',
      'approved',
    ]);
    expect(rows.some((row) => row.id === admin.id)).toBe(false);

    await db
      .update(schools)
      .set({ moderationComment: 'Проверено', moderatedAt: new Date('2026-03-01T08:30:00Z') })
      .where(ofMember(schools, school.userId));
    const approvedSchools = await get(
      '/api/admin/organizations/moderation?status=approved&type=school',
      admin.sid,
    );
    expect(approvedSchools.json()).toEqual([
      expect.objectContaining({
        id: school.userId,
        type: 'school',
        name: 'Школа № 1',
        moderationStatus: 'approved',
        moderationComment: 'Проверено',
        moderatedAt: '2026-03-01T08:30:00.000Z',
      }),
    ]);
    const [createdAt] = approvedSchools.json().map((row: { createdAt: string }) => row.createdAt);
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    expect(totalOf(approvedSchools)).toBe(1);

    const paged = await get('/api/admin/organizations/moderation?type=foundation&limit=1&page=2', admin.sid);
    expect(paged.json()).toHaveLength(1);
    expect(totalOf(paged)).toBe(3);
  });

  it('gives what a decision needs: description, website, directions and address', async () => {
    await db
      .update(foundations)
      .set({
        description: 'Чистим берега рек вместе со школьниками.',
        website: 'https://bereg.example.org/',
        address: 'Москва, ул. Речная, 1',
        directions: ['ecology', 'education'],
      })
      .where(eq(foundations.id, foundation.id));
    await db
      .update(schools)
      .set({ website: 'https://school1.example.org/' })
      .where(ofMember(schools, school.userId));
    const rows = (await get('/api/admin/organizations/moderation', admin.sid)).json() as {
      id: number;
    }[];
    expect(rows.find((row) => row.id === foundation.userId)).toMatchObject({
      description: 'Чистим берега рек вместе со школьниками.',
      website: 'https://bereg.example.org/',
      address: 'Москва, ул. Речная, 1',
      directions: ['ecology', 'education'],
    });
    // A school has no fields of work, but its site is there.
    expect(rows.find((row) => row.id === school.userId)).toMatchObject({
      website: 'https://school1.example.org/',
      directions: [],
    });
  });

  it('refuses an unknown status or type with a Russian message', async () => {
    const status = await get('/api/admin/organizations/moderation?status=maybe', admin.sid);
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({ message: adminMessages.moderationStatus });
    const type = await get('/api/admin/organizations/moderation?type=admin', admin.sid);
    expect(type.statusCode).toBe(400);
    expect(type.json()).toEqual({ message: adminMessages.organisationType });
  });
});

describe('the lists of events, applications, reports and foundations', () => {
  it('lists every event of every foundation, the latest day first, with its applications', async () => {
    const hidden = await createFoundation(db, { name: 'Фонд «Тень»', status: 'rejected' });
    const cancelled = await createEvent(db, hidden.id, {
      date: '2027-01-10',
      status: 'canceled',
      title: 'Отменённый сбор',
    });
    const response = await get('/api/admin/events', admin.sid);
    expect(response.statusCode).toBe(200);
    expect(totalOf(response)).toBe(3);
    const rows = response.json() as { id: number; date: string }[];
    expect(rows.map((row) => row.date)).toEqual(['2027-01-10', '2026-12-06', '2026-12-05']);
    expect(rows[0]).toMatchObject({
      id: cancelled.id,
      status: 'canceled',
      foundationName: 'Фонд «Тень»',
      applicationsCount: 0,
    });
    expect(rows[2]).toMatchObject({ foundationName: 'Фонд «Берег»', applicationsCount: 2, reservedSlots: 5 });

    const found = await get(`/api/admin/events?search=${encodeURIComponent('отменённый')}`, admin.sid);
    expect(found.json().map((row: { id: number }) => row.id)).toEqual([cancelled.id]);
  });

  it('lists every application with its event and school, filtered by status', async () => {
    const all = await get('/api/admin/applications', admin.sid);
    expect(totalOf(all)).toBe(2);
    const rejected = await get('/api/admin/applications?status=rejected', admin.sid);
    expect(totalOf(rejected)).toBe(1);
    expect(rejected.json()).toEqual([
      expect.objectContaining({
        status: 'rejected',
        participantCount: 2,
        event: expect.objectContaining({ date: '2026-12-05' }),
        foundationName: 'Фонд «Берег»',
        school: expect.objectContaining({ name: 'Школа № 1' }),
      }),
    ]);
    const wrong = await get('/api/admin/applications?status=lost', admin.sid);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: adminMessages.applicationStatus });
  });

  it('lists every foundation report, the newest first, with its foundation', async () => {
    await db.insert(foundationReports).values([
      {
        foundationId: foundation.id,
        eventTitle: 'Уборка берега',
        eventDate: '2026-05-01',
        volunteersCount: 12,
        createdAt: new Date('2026-05-02T10:00:00Z'),
      },
      {
        foundationId: foundation.id,
        eventTitle: 'Посадка деревьев',
        eventDate: '2026-06-01',
        volunteersCount: 7,
        createdAt: new Date('2026-06-02T10:00:00Z'),
      },
    ]);
    const response = await get('/api/admin/reports?limit=1', admin.sid);
    expect(totalOf(response)).toBe(2);
    const [foundationUser] = await db.select().from(users).where(eq(users.id, foundation.userId));
    expect(response.json()).toEqual([
      expect.objectContaining({
        eventTitle: 'Посадка деревьев',
        volunteersCount: 7,
        foundationName: 'Фонд «Берег»',
        foundationUsername: foundationUser?.username,
      }),
    ]);
  });

  it('gives the news form every foundation by name, whatever its moderation state', async () => {
    const response = await get('/api/admin/foundations', admin.sid);
    const rows = response.json() as { name: string; moderationStatus: string }[];
    expect(rows).toHaveLength(4);
    const quoted = rows.map((row) => row.name).filter((name) => name.startsWith('Фонд «'));
    expect(quoted).toEqual(['Фонд «Берег»', 'Фонд «Лесная Тропа»', 'Фонд «Тень»']);
    expect(rows).toContainEqual({
      id: expect.any(Number),
      name: 'Фонд «Тень»',
      location: 'Москва',
      moderationStatus: 'rejected',
    });
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('never deletes an administrator', async () => {
    const other = await createAdmin('deputy', 'deputy-secret');
    for (const id of [other.id, admin.id]) {
      const response = await send('DELETE', `/api/admin/users/${id}`, admin.sid);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: adminMessages.adminNotDeletable });
    }
    expect(await db.select().from(users).where(eq(users.id, other.id))).toHaveLength(1);
    expect((await get('/api/user', other.sid)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    const missing = await send('DELETE', '/api/admin/users/999999', admin.sid);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: adminMessages.userNotFound });
    const malformed = await send('DELETE', '/api/admin/users/abc', admin.sid);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: adminMessages.userId });
  });

  it('deletes a school: its places come back, the foundation hears of it, its sessions end', async () => {
    const owner = await createFoundation(db, { name: 'Фонд «Река»' });
    const leaving = await createSchool(db);
    const staying = await createSchool(db);
    const event = await createEvent(db, owner.id, { date: '2026-12-20', totalSlots: 10, reservedSlots: 5 });
    const done = await createEvent(db, owner.id, { date: '2026-10-01', status: 'completed' });
    const pending = await createApplication(db, {
      eventId: event.id,
      schoolId: leaving.id,
      participantCount: 3,
      status: 'pending',
    });
    await createApplication(db, {
      eventId: event.id,
      schoolId: staying.id,
      participantCount: 2,
      status: 'approved',
    });
    await createHourCredit(db, { schoolId: leaving.id, event: done, participantCount: 4, hours: 12 });
    const oldSid = await sessionOf(leaving.userId);
    expect((await get('/api/user', oldSid)).statusCode).toBe(200);

    const response = await send('DELETE', `/api/admin/users/${leaving.userId}`, admin.sid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: adminMessages.userDeleted });

    expect(await reservedSlotsOf(event.id)).toBe(2);
    expect(await db.select().from(applications).where(eq(applications.id, pending.id))).toEqual([]);
    expect(await db.select().from(hourCredits).where(eq(hourCredits.schoolId, leaving.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.userId))).toEqual([]);
    expect((await get('/api/user', oldSid)).statusCode).toBe(401);
    expect(await notificationsOf(owner.userId, 'application_cancelled')).toEqual([
      { text: expect.stringContaining(event.title) },
    ]);

    const again = await send('DELETE', `/api/admin/users/${leaving.userId}`, admin.sid);
    expect(again.statusCode).toBe(404);
  });

  it('never takes an event below zero places when deleting a school', async () => {
    const owner = await createFoundation(db);
    const leaving = await createSchool(db);
    const event = await createEvent(db, owner.id, { date: '2026-12-21', reservedSlots: 1 });
    await createApplication(db, {
      eventId: event.id,
      schoolId: leaving.id,
      participantCount: 3,
      status: 'approved',
    });
    expect((await send('DELETE', `/api/admin/users/${leaving.userId}`, admin.sid)).statusCode).toBe(200);
    expect(await reservedSlotsOf(event.id)).toBe(0);
  });

  it('deletes a foundation with its events; schools with active applications are told', async () => {
    const leaving = await createFoundation(db, { name: 'Фонд «Закрытие»' });
    const applicant = await createSchool(db);
    const upcoming = await createEvent(db, leaving.id, {
      date: '2026-12-22',
      reservedSlots: 3,
      title: 'Зимний сбор',
    });
    const completed = await createEvent(db, leaving.id, { date: '2026-09-01', status: 'completed' });
    await createApplication(db, {
      eventId: upcoming.id,
      schoolId: applicant.id,
      participantCount: 3,
      status: 'pending',
    });
    const credit = await createHourCredit(db, {
      schoolId: applicant.id,
      event: completed,
      participantCount: 2,
      hours: 6,
    });
    const oldSid = await sessionOf(leaving.userId);

    const response = await send('DELETE', `/api/admin/users/${leaving.userId}`, admin.sid);
    expect(response.statusCode).toBe(200);
    expect(await db.select().from(events).where(eq(events.foundationId, leaving.id))).toEqual([]);
    expect(await db.select().from(applications).where(eq(applications.schoolId, applicant.id))).toEqual([]);
    expect(await notificationsOf(applicant.userId, 'event_deleted')).toEqual([
      { text: expect.stringContaining('Зимний сбор') },
    ]);
    expect((await get('/api/user', oldSid)).statusCode).toBe(401);
    const [kept] = await db.select().from(hourCredits).where(eq(hourCredits.id, credit.id));
    expect(kept).toMatchObject({ hours: 6, eventId: null });
  });
});

describe('DELETE /api/admin/events/{id}', () => {
  it('deletes any event with its applications; schools are told, credited hours stay', async () => {
    const owner = await createFoundation(db, { status: 'pending' });
    const first = await createSchool(db);
    const second = await createSchool(db);
    const event = await createEvent(db, owner.id, { date: '2026-12-23', reservedSlots: 5, title: 'Ярмарка' });
    await createApplication(db, {
      eventId: event.id,
      schoolId: first.id,
      participantCount: 3,
      status: 'pending',
    });
    await createApplication(db, {
      eventId: event.id,
      schoolId: second.id,
      participantCount: 2,
      status: 'approved',
    });
    await createHourCredit(db, { schoolId: second.id, event, participantCount: 2, hours: 6 });

    const response = await send('DELETE', `/api/admin/events/${event.id}`, admin.sid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: adminMessages.eventDeleted });
    expect(await db.select().from(events).where(eq(events.id, event.id))).toEqual([]);
    expect(await db.select().from(applications).where(eq(applications.eventId, event.id))).toEqual([]);
    for (const school of [first, second]) {
      expect(await notificationsOf(school.userId, 'event_deleted')).toEqual([
        { text: expect.stringContaining('Ярмарка') },
      ]);
    }
    expect(await db.select().from(hourCredits).where(eq(hourCredits.schoolId, second.id))).toEqual([
      expect.objectContaining({ hours: 6, eventId: null, eventTitle: 'Ярмарка' }),
    ]);

    const again = await send('DELETE', `/api/admin/events/${event.id}`, admin.sid);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: adminMessages.eventNotFound });
  });
});

describe('DELETE /api/admin/applications/{id}', () => {
  it('deletes an application, gives its places back and tells the school', async () => {
    const owner = await createFoundation(db);
    const applicant = await createSchool(db);
    const event = await createEvent(db, owner.id, { date: '2026-12-24', totalSlots: 10, reservedSlots: 6 });
    const approved = await createApplication(db, {
      eventId: event.id,
      schoolId: applicant.id,
      participantCount: 4,
      status: 'approved',
    });

    const response = await send('DELETE', `/api/admin/applications/${approved.id}`, admin.sid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: adminMessages.applicationDeleted });
    expect(await reservedSlotsOf(event.id)).toBe(2);
    expect(await db.select().from(applications).where(eq(applications.id, approved.id))).toEqual([]);
    expect(await notificationsOf(applicant.userId, 'application_deleted')).toEqual([
      { text: expect.stringContaining(event.title) },
    ]);

    const again = await send('DELETE', `/api/admin/applications/${approved.id}`, admin.sid);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: adminMessages.applicationNotFound });
  });

  it('leaves the places alone when the application held none', async () => {
    const owner = await createFoundation(db);
    const applicant = await createSchool(db);
    const event = await createEvent(db, owner.id, { date: '2026-12-25', reservedSlots: 2 });
    const rejected = await createApplication(db, {
      eventId: event.id,
      schoolId: applicant.id,
      participantCount: 5,
      status: 'rejected',
    });
    expect((await send('DELETE', `/api/admin/applications/${rejected.id}`, admin.sid)).statusCode).toBe(200);
    expect(await reservedSlotsOf(event.id)).toBe(2);
  });
});

describe('PATCH /api/admin/update-credentials', () => {
  const url = '/api/admin/update-credentials';
  const adminLogin = (username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  let root: { id: number; sid: string };

  beforeAll(async () => {
    const created = await createAdmin('root', 'root-secret');
    const login = await adminLogin('root', 'root-secret');
    root = { id: created.id, sid: sessionCookieOf(login) ?? '' };
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const response = await send('PATCH', url, root.sid, {
      currentPassword: 'guess-1',
      newPassword: 'another1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: adminMessages.wrongCurrentPassword });
    expect((await get('/api/user', root.sid)).statusCode).toBe(200);
    expect((await adminLogin('root', 'root-secret')).statusCode).toBe(200);
    expect((await adminLogin('root', 'another1')).statusCode).toBe(401);
  });

  it('checks the form with the Russian messages', async () => {
    const cases: [object, string][] = [
      [{ newPassword: 'another1' }, adminMessages.currentPassword],
      [{ currentPassword: 'root-secret', newPassword: '12345' }, authMessages.passwordMin],
      [{ currentPassword: 'root-secret' }, adminMessages.nothingToChange],
      [{ currentPassword: 'root-secret', newUsername: '  ', newPassword: '' }, adminMessages.nothingToChange],
      [{ currentPassword: 'root-secret', newUsername: 'ab' }, authMessages.usernameMin],
    ];
    for (const [payload, message] of cases) {
      const response = await send('PATCH', url, root.sid, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
    }
    expect((await get('/api/user', root.sid)).json()).toMatchObject({ username: 'root' });
  });

  it('refuses a name taken by another account, whatever its case', async () => {
    const response = await send('PATCH', url, root.sid, {
      currentPassword: 'root-secret',
      newUsername: 'VOLUNTEER_VERA',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: authErrors.usernameTaken });
    expect((await get('/api/user', root.sid)).json()).toMatchObject({ username: 'root' });
  });

  it('changes name and password and ends every session of the account', async () => {
    const otherSid = await sessionOf(root.id);
    const response = await send('PATCH', url, root.sid, {
      currentPassword: 'root-secret',
      newUsername: 'superroot',
      newPassword: 'fresh-secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: adminMessages.credentialsUpdated });
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(response.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe('');

    expect((await get('/api/user', root.sid)).statusCode).toBe(401);
    expect((await get('/api/user', otherSid)).statusCode).toBe(401);
    expect((await adminLogin('superroot', 'root-secret')).statusCode).toBe(401);
    expect((await adminLogin('root', 'fresh-secret')).statusCode).toBe(401);
    const signedIn = await adminLogin('superroot', 'fresh-secret');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: root.id, username: 'superroot', role: 'admin' });
  });
});

describe('an organisation of several people', () => {
  /** Another person in an organisation's team, signed in. */
  async function addMember(
    organisation: { schoolId: number } | { foundationId: number },
    role: MemberRole,
    username: string,
  ) {
    const [user] = await db
      .insert(users)
      .values({ username, passwordHash: 'x', role: 'schoolId' in organisation ? 'school' : 'foundation' })
      .returning({ id: users.id });
    if (!user) throw new Error('user not created');
    await db.insert(organisationMembers).values({ userId: user.id, role, ...organisation });
    return { userId: user.id, sid: await sessionOf(user.id) };
  }
  const roleOf = async (userId: number) =>
    (
      await db
        .select({ role: organisationMembers.role })
        .from(organisationMembers)
        .where(eq(organisationMembers.userId, userId))
    )[0]?.role;

  it('lists each person with the organisation, and the organisation once, under its owner', async () => {
    const team = await createSchool(db, 'pending');
    await db.update(schools).set({ name: 'Школа «Команда»' }).where(eq(schools.id, team.id));
    const coordinator = await addMember({ schoolId: team.id }, 'coordinator', 'team_coordinator');

    const people = await get(`/api/admin/users?search=${encodeURIComponent('команда')}`, admin.sid);
    expect(totalOf(people)).toBe(2);
    expect(people.json()).toEqual(
      expect.arrayContaining(
        [team.userId, coordinator.userId].map((id) =>
          expect.objectContaining({ id, fullName: 'Школа «Команда»', moderationStatus: 'pending' }),
        ),
      ),
    );

    const queue = await get('/api/admin/organizations/moderation?type=school&limit=100', admin.sid);
    const listed = (queue.json() as { id: number; organisationId: number }[]).filter(
      (item) => item.organisationId === team.id,
    );
    expect(listed).toEqual([expect.objectContaining({ id: team.userId, name: 'Школа «Команда»' })]);
  });

  it('tells every member when the administrator moderates the organisation through any of them', async () => {
    const team = await createFoundation(db, { name: 'Фонд «Сообща»', status: 'pending' });
    const viewer = await addMember({ foundationId: team.id }, 'viewer', 'team_viewer');
    const response = await send('PATCH', `/api/admin/organizations/${viewer.userId}/moderate`, admin.sid, {
      status: 'needs_changes',
      comment: 'Укажите адрес',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await db.select().from(foundations).where(eq(foundations.id, team.id));
    expect(row).toMatchObject({ moderationStatus: 'needs_changes', moderationComment: 'Укажите адрес' });
    for (const userId of [team.userId, viewer.userId]) {
      expect(await notificationsOf(userId, 'moderation')).toHaveLength(1);
    }
  });

  it('deletes one of several people alone, and the organisation with its last one', async () => {
    const owner = await createFoundation(db, { name: 'Фонд «Остров»' });
    const team = await createSchool(db);
    const event = await createEvent(db, owner.id, { date: '2026-12-26', totalSlots: 10, reservedSlots: 3 });
    const application = await createApplication(db, {
      eventId: event.id,
      schoolId: team.id,
      participantCount: 3,
      status: 'approved',
    });
    const coordinator = await addMember({ schoolId: team.id }, 'coordinator', 'team_second');
    const leavingSid = await sessionOf(team.userId);

    const first = await send('DELETE', `/api/admin/users/${team.userId}`, admin.sid);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: adminMessages.userDeleted });
    expect(await db.select().from(users).where(eq(users.id, team.userId))).toEqual([]);
    expect((await get('/api/user', leavingSid)).statusCode).toBe(401);
    // The school stays with its application and places; its remaining person now owns it.
    expect(await db.select().from(schools).where(eq(schools.id, team.id))).toHaveLength(1);
    expect(await db.select().from(applications).where(eq(applications.id, application.id))).toHaveLength(1);
    expect(await reservedSlotsOf(event.id)).toBe(3);
    expect(await notificationsOf(owner.userId, 'application_cancelled')).toEqual([]);
    expect(await roleOf(coordinator.userId)).toBe('owner');
    expect((await get('/api/user', coordinator.sid)).statusCode).toBe(200);

    const last = await send('DELETE', `/api/admin/users/${coordinator.userId}`, admin.sid);
    expect(last.statusCode).toBe(200);
    expect(await db.select().from(schools).where(eq(schools.id, team.id))).toEqual([]);
    expect(await db.select().from(applications).where(eq(applications.id, application.id))).toEqual([]);
    expect(await reservedSlotsOf(event.id)).toBe(0);
    expect(await notificationsOf(owner.userId, 'application_cancelled')).toHaveLength(1);
  });

  it('keeps a foundation while one of its people stays, and tells each member of each side', async () => {
    const team = await createFoundation(db, { name: 'Фонд «Вместе»' });
    const coordinator = await addMember({ foundationId: team.id }, 'coordinator', 'team_fund');
    const applicant = await createSchool(db);
    const colleague = await addMember({ schoolId: applicant.id }, 'viewer', 'team_school');
    const kept = await createEvent(db, team.id, { date: '2026-12-27', reservedSlots: 2, title: 'Сбор' });
    await createApplication(db, {
      eventId: kept.id,
      schoolId: applicant.id,
      participantCount: 2,
      status: 'pending',
    });

    // A second owner: the one deleted was not the only one, so nobody is promoted.
    await db
      .update(organisationMembers)
      .set({ role: 'owner' })
      .where(eq(organisationMembers.userId, coordinator.userId));
    expect((await send('DELETE', `/api/admin/users/${team.userId}`, admin.sid)).statusCode).toBe(200);
    expect(await db.select().from(events).where(eq(events.id, kept.id))).toHaveLength(1);
    expect(await notificationsOf(applicant.userId, 'event_deleted')).toEqual([]);

    const response = await send('DELETE', `/api/admin/events/${kept.id}`, admin.sid);
    expect(response.statusCode).toBe(200);
    for (const userId of [applicant.userId, colleague.userId, coordinator.userId]) {
      expect(await notificationsOf(userId, 'event_deleted')).toEqual([
        { text: expect.stringContaining('Сбор') },
      ]);
    }
  });
});
