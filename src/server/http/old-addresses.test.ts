import { afterAll, beforeAll, expect, it } from 'vitest';
import { isOrganisationOf } from '../accounts/organisation';
import { schools } from '../db/schema';
import { createAdmin, createApplication, createEvent, createFoundation } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('the old addresses of applications answer as their current ones, reads and writes alike', async () => {
  const db = ctx.database.db;
  const school = await signUp(ctx.app, 'school');
  const [schoolRow] = await db
    .update(schools)
    .set({ moderationStatus: 'approved', name: 'Гимназия № 3' })
    .where(isOrganisationOf(schools, school.user.id))
    .returning({ id: schools.id });
  const foundation = await createFoundation(db);
  const event = await createEvent(db, foundation.id, { date: '2027-03-01' });
  await createApplication(db, {
    eventId: event.id,
    schoolId: schoolRow?.id ?? 0,
    participantCount: 4,
    status: 'pending',
  });
  const admin = await createAdmin(db);
  const get = (url: string, sid: string) => ctx.app.inject({ method: 'GET', url, cookies: { sid } });

  // Each with a piece of what it shows: the school's pending application.
  const pairs: [old: string, current: string, sid: string, shows: string][] = [
    ['/api/my-registrations?page=1', '/api/my-applications?page=1', school.sid, event.title],
    ['/api/my-registrations/counts', '/api/my-applications/counts', school.sid, '"pending":1'],
    [
      `/api/events/${event.id}/registration-status`,
      `/api/events/${event.id}/application-status`,
      school.sid,
      '"status":"pending"',
    ],
    [
      '/api/admin/registrations?status=pending',
      '/api/admin/applications?status=pending',
      admin.sid,
      event.title,
    ],
    ['/api/admin/registrations/export.csv', '/api/admin/applications/export.csv', admin.sid, event.title],
  ];
  for (const [old, current, sid, shows] of pairs) {
    const [before, now] = [await get(old, sid), await get(current, sid)];
    expect(before.statusCode, old).toBe(200);
    expect(before.body, old).toBe(now.body);
    expect(before.body, old).toContain(shows);
  }

  const cancelled = await ctx.app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/cancel-registration`,
    cookies: { sid: school.sid },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect((await get(`/api/my-applications/counts`, school.sid)).json()).toMatchObject({ pending: 0 });

  const another = await createEvent(db, foundation.id, { date: '2027-03-08' });
  const application = await createApplication(db, {
    eventId: another.id,
    schoolId: schoolRow?.id ?? 0,
    participantCount: 2,
    status: 'approved',
  });
  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/admin/registrations/${application.id}`,
    cookies: { sid: admin.sid },
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect((await get('/api/admin/applications', admin.sid)).body).not.toContain(another.title);

  // Only those addresses: one that merely starts alike is not another's.
  expect((await get('/api/my-registrationsx', school.sid)).statusCode).toBe(404);
});
