import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { foundations, schools } from '../db/schema';
import { createApplication } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
let foundationSid: string;
let schoolId: number;

/** Signs an organisation up through the API and records the moderator's decision. */
async function organisation(role: 'school' | 'foundation', status: 'approved' | 'pending' | 'rejected') {
  const { sid, user } = await signUp(ctx.app, role);
  const table = role === 'school' ? schools : foundations;
  const [row] = await ctx.database.db
    .update(table)
    .set({ moderationStatus: status, name: role === 'school' ? 'Школа № 7' : 'Фонд «Зелёный город»' })
    .where(isOrganisationOf(table, user.id))
    .returning({ id: table.id });
  return { sid, id: row?.id ?? 0 };
}

const impact = async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/stats/impact' });
  expect(response.statusCode).toBe(200);
  return response.json();
};

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  foundationSid = (await organisation('foundation', 'approved')).sid;
  await organisation('foundation', 'pending');
  await organisation('foundation', 'rejected');
  schoolId = (await organisation('school', 'approved')).id;
  await organisation('school', 'pending');
});
afterAll(() => ctx.close());

describe('GET /api/stats/impact', () => {
  it('counts approved organisations only, and nothing held yet', async () => {
    expect(await impact()).toEqual({ schools: 1, foundations: 1, eventsHeld: 0, hoursCredited: 0 });
  });

  it('raises events held and hours credited when a foundation completes an event', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/events',
      cookies: { sid: foundationSid },
      payload: {
        title: 'Субботник в парке Горького',
        description: 'Убираем листья и готовим клумбы к зиме вместе с учениками.',
        // Today: an event can be completed only once its day has come.
        date: calendar.today(),
        startTime: '10:00',
        endTime: '13:00',
        location: 'Парк Горького, главный вход',
        activityType: 'ecology',
        minParticipants: 1,
        totalSlots: 15,
        hours: 3,
        contactPersonName: 'Ольга Смирнова',
        contactPersonPhone: '+7 (495) 123-45-67',
        contactPersonEmail: 'olga@zeleny-gorod.example',
      },
    });
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as number;
    await createApplication(ctx.database.db, { eventId, schoolId, participantCount: 4, status: 'approved' });
    // Read once before completing, so that a stale kept answer would show below.
    expect(await impact()).toMatchObject({ eventsHeld: 0, hoursCredited: 0 });

    const completed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      cookies: { sid: foundationSid },
      payload: { status: 'completed' },
    });
    expect(completed.statusCode).toBe(200);
    // Three hours for each of the four pupils.
    expect(await impact()).toEqual({ schools: 1, foundations: 1, eventsHeld: 1, hoursCredited: 12 });
  });
});
