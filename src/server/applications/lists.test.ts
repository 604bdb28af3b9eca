import { afterAll, beforeAll, expect, it } from 'vitest';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { foundations, schools } from '../db/schema';
import { createEvent } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

/** The app's clock: the loop applies ahead of the event and completes it on its day. */
let now = new Date('2026-11-23T09:00:00Z');
const calendar = createCalendar('Europe/Moscow', () => now);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ calendar });
});
afterAll(() => ctx.close());

const get = (url: string, sid: string) => ctx.app.inject({ method: 'GET', url, cookies: { sid } });

/** What the recipient's red dot and notification list show: the newest notification and the flag. */
async function newestNotification(sid: string) {
  const [newest] = (await get('/api/notifications', sid)).json() as { kind: string; text: string }[];
  const { hasNewNotifications } = (await get('/api/notifications/check', sid)).json();
  return { ...newest, hasNewNotifications };
}
const activeApplications = async (sid: string) => (await get('/api/profile', sid)).json().registeredEvents;

it('runs the whole loop: apply, reject with a reason, apply again, approve, complete, archive', async () => {
  const db = ctx.database.db;
  const foundation = await signUp(ctx.app, 'foundation');
  const [foundationRow] = await db
    .update(foundations)
    .set({
      moderationStatus: 'approved',
      name: 'Фонд «Тёплый дом»',
      phone: '+7 495 987-65-43',
      email: 'dom@example.org',
      contactPerson: 'Наталья',
    })
    .where(isOrganisationOf(foundations, foundation.user.id))
    .returning({ id: foundations.id });
  const school = await signUp(ctx.app, 'school');
  await db
    .update(schools)
    .set({ moderationStatus: 'approved', name: 'Лицей № 1535' })
    .where(isOrganisationOf(schools, school.user.id));
  const event = await createEvent(db, foundationRow?.id ?? 0, {
    title: 'Праздник в детском доме',
    date: '2026-12-20',
    totalSlots: 20,
  });

  const apply = () =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/register`,
      cookies: { sid: school.sid },
      payload: {
        participantCount: 6,
        parentalConsent: true,
        contactPerson: 'Елена',
        contactEmail: 'elena@example.org',
        applicationNote: '9 «А»',
      },
    });
  const first = (await apply()).json().id;
  expect(await activeApplications(school.sid)).toBe(1);
  expect(await newestNotification(foundation.sid)).toMatchObject({
    kind: 'application_received',
    hasNewNotifications: true,
  });

  const pendingPage = (
    await get('/api/foundation/applications?status=pending&page=1', foundation.sid)
  ).json();
  expect(pendingPage).toMatchObject({ total: 1, totalPages: 1, page: 1, pendingCount: 1 });
  expect(pendingPage.applications[0]).toMatchObject({
    id: first,
    participantCount: 6,
    applicationNote: '9 «А»',
    school: { fullName: 'Лицей № 1535', username: school.username },
    event: { title: 'Праздник в детском доме' },
  });

  await ctx.app.inject({
    method: 'PATCH',
    url: `/api/foundation/applications/${first}`,
    cookies: { sid: foundation.sid },
    payload: { action: 'reject', rejectionReason: 'Нужен сопровождающий' },
  });
  const afterReject = (await get('/api/my-applications', school.sid)).json();
  expect(afterReject[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Нужен сопровождающий' });
  expect(afterReject[0].foundation).toMatchObject({ name: 'Фонд «Тёплый дом»', phone: null, email: null });
  expect(await activeApplications(school.sid)).toBe(0);
  const rejection = await newestNotification(school.sid);
  expect(rejection).toMatchObject({ kind: 'application_rejected', hasNewNotifications: true });
  expect(rejection.text).toContain('Нужен сопровождающий');

  const second = (await apply()).json().id;
  await ctx.app.inject({
    method: 'PATCH',
    url: `/api/foundation/applications/${second}`,
    cookies: { sid: foundation.sid },
    payload: { action: 'approve' },
  });
  expect(await newestNotification(school.sid)).toMatchObject({ kind: 'application_approved' });
  expect(await activeApplications(school.sid)).toBe(1);
  const approved = (await get('/api/school/approved-applications', school.sid)).json();
  expect(approved).toHaveLength(1);
  expect(approved[0].foundation).toMatchObject({
    phone: '+7 495 987-65-43',
    email: 'dom@example.org',
    contactPerson: 'Наталья',
  });
  expect((await get('/api/foundation/approved-applications', foundation.sid)).json()[0]).toMatchObject({
    id: second,
  });

  const eventPage = (await get(`/api/foundation/events/${event.id}`, foundation.sid)).json();
  expect(eventPage).toMatchObject({ totalSlots: 20, confirmedCount: 6, pending: [] });
  expect(eventPage.participants[0]).toMatchObject({ contactEmail: 'elena@example.org' });
  const other = await signUp(ctx.app, 'foundation');
  expect((await get(`/api/foundation/events/${event.id}`, other.sid)).statusCode).toBe(404);

  now = new Date('2026-12-20T15:00:00+03:00');
  await ctx.app.inject({
    method: 'PATCH',
    url: `/api/events/${event.id}`,
    cookies: { sid: foundation.sid },
    payload: { status: 'completed' },
  });
  const completed = (await get('/api/my-applications', school.sid)).json();
  expect(completed.find((row: { status: string }) => row.status === 'completed')).toMatchObject({
    hoursEarned: 18,
  });
  const archive = (await get('/api/school/completed-events', school.sid)).json();
  expect(archive).toMatchObject([
    { eventTitle: 'Праздник в детском доме', participantCount: 6, hoursEarned: 18 },
  ]);
  expect((await get('/api/profile', school.sid)).json()).toMatchObject({
    totalHours: 18,
    totalEvents: 1,
    registeredEvents: 0,
  });
  const credit = await newestNotification(school.sid);
  expect(credit).toMatchObject({ kind: 'event_completed', hasNewNotifications: true });
  expect(credit.text).toContain('18');
  expect((await get('/api/foundation/stats', foundation.sid)).json()).toEqual({
    totalEvents: 1,
    totalVolunteerHours: 18,
  });

  const stranger = await signUp(ctx.app, 'school');
  const byStranger = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/school/archive/${archive[0].id}`,
    cookies: { sid: stranger.sid },
  });
  expect(byStranger.statusCode).toBe(404);
  const removed = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/school/archive/${archive[0].id}`,
    cookies: { sid: school.sid },
  });
  expect(removed.statusCode).toBe(200);
  expect((await get('/api/profile', school.sid)).json()).toMatchObject({ totalHours: 0, totalEvents: 0 });
  // The foundation did credit them: its total keeps them.
  expect((await get('/api/foundation/stats', foundation.sid)).json()).toMatchObject({
    totalVolunteerHours: 18,
  });
  // The application stays completed, but its hours went with the archive entry.
  const afterRemoval = (await get('/api/my-applications', school.sid)).json();
  expect(afterRemoval.find((row: { status: string }) => row.status === 'completed')).toMatchObject({
    hoursEarned: null,
  });
});

it('refuses a bad status filter and other roles', async () => {
  const foundation = await signUp(ctx.app, 'foundation');
  const bad = await get('/api/foundation/applications?status=maybe', foundation.sid);
  expect(bad.statusCode).toBe(400);
  const school = await signUp(ctx.app, 'school');
  expect((await get('/api/foundation/applications', school.sid)).statusCode).toBe(403);
  expect((await get('/api/my-applications', foundation.sid)).statusCode).toBe(403);
});
