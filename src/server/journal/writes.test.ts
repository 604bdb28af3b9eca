import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntryAnswer, JournalPage } from '../../shared/journal';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { foundations, hourCredits, schools } from '../db/schema';
import { manageMessages } from '../events/manage';
import { createAdmin, eventFormInput } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

/**
 * The journal's writes (issue 53, item 4; docs/decisions/091), driven through the API as people would
 * use it, and read back as each side reads its journal: the school that applied and the foundation that
 * organises, each seeing its own person by name and the other side's by organisation and role.
 */

/** The app's clock, moved by the tests: events are planned ahead, then their day comes. */
let now = new Date('2026-11-23T09:00:00+03:00');
const calendar = createCalendar('Europe/Moscow', () => now);
const setToday = (day: string) => {
  now = new Date(`${day}T09:00:00+03:00`);
};

let ctx: TestContext;

interface Organisation {
  sid: string;
  username: string;
  id: number;
}

let foundation: Organisation;
let lyceum: Organisation;
let gymnasium: Organisation;
let college: Organisation;

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  sid: string,
  payload?: object,
) => ctx.app.inject({ method, url, cookies: { sid }, ...(payload ? { payload } : {}) });

async function approved(role: 'school' | 'foundation', name: string): Promise<Organisation> {
  const { sid, username, user } = await signUp(ctx.app, role);
  const table = role === 'school' ? schools : foundations;
  const [row] = await ctx.database.db
    .update(table)
    .set({ moderationStatus: 'approved', name })
    .where(isOrganisationOf(table, user.id))
    .returning({ id: table.id });
  return { sid, username, id: row?.id ?? 0 };
}

/** Every entry of the reader's journal, newest first. */
async function journalOf(who: { sid: string }): Promise<JournalEntryAnswer[]> {
  const response = await send('GET', '/api/organisation/journal?limit=100', who.sid);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as JournalPage).entries;
}

/** The entries of one event in the reader's journal, oldest first, as the story happened. */
async function storyOf(who: { sid: string }, eventId: number) {
  return (await journalOf(who)).filter((entry) => entry.eventId === eventId).reverse();
}

const eventBody = { ...eventFormInput, ageRestriction: '14+', minParticipants: 1, totalSlots: 6 };

async function createOwnEvent(values: Partial<typeof eventBody> & { date: string }): Promise<number> {
  setToday('2026-11-23');
  const response = await send('POST', '/api/events', foundation.sid, { ...eventBody, ...values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

async function apply(school: Organisation, eventId: number, participantCount: number, waitlist = false) {
  const response = await send('POST', `/api/events/${eventId}/register`, school.sid, {
    participantCount,
    contactPerson: 'Ирина Павловна',
    contactPhone: '+7 900 123-45-67',
    waitlist,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

const decide = (applicationId: number, decision: object) =>
  send('PATCH', `/api/foundation/applications/${applicationId}`, foundation.sid, decision);

beforeAll(async () => {
  ctx = await createTestApp({ calendar, publicUrl: 'https://volunteers.example' });
  foundation = await approved('foundation', 'Фонд «Зелёный город»');
  lyceum = await approved('school', 'Лицей № 2');
  gymnasium = await approved('school', 'Гимназия № 5');
  college = await approved('school', 'Школа № 57');
});
afterAll(() => ctx?.close());

/** The foundation's person as the school sees them: by organisation and role, never by name. */
const foundationOwnerSeenBySchool = { name: null, role: 'owner', organisationName: 'Фонд «Зелёный город»' };

describe('the journal of an application', () => {
  it('records applying, the waitlist, a changed count, a partial approval, a promotion, a rejection and a cancellation', async () => {
    // Six places: the lyceum's four leave two, so the gymnasium's four wait and the college's one fits.
    const eventId = await createOwnEvent({ title: 'Уборка набережной', date: '2026-12-05' });
    const lyceumApplication = await apply(lyceum, eventId, 4);
    const gymnasiumApplication = await apply(gymnasium, eventId, 4, true);
    const collegeApplication = await apply(college, eventId, 1);
    expect(
      (await send('PATCH', `/api/applications/${lyceumApplication}`, lyceum.sid, { participantCount: 3 }))
        .statusCode,
    ).toBe(200);
    expect((await decide(lyceumApplication, { action: 'approve', participantCount: 2 })).statusCode).toBe(
      200,
    );
    // Four places free now: the rejection lets the gymnasium's four in.
    expect(
      (await decide(collegeApplication, { action: 'reject', rejectionReason: 'Нужны ученики постарше' }))
        .statusCode,
    ).toBe(200);
    // Nobody waits any more: the one-statement cancellation, whose entry its function writes.
    expect(
      (await send('DELETE', `/api/applications/${gymnasiumApplication}`, gymnasium.sid)).statusCode,
    ).toBe(200);

    const lyceumSees = await storyOf(lyceum, eventId);
    expect(lyceumSees.map((entry) => [entry.kind, entry.actor?.name ?? null])).toEqual([
      ['application.submitted', lyceum.username],
      ['application.count_changed', lyceum.username],
      ['application.approved', null],
    ]);
    expect(lyceumSees.map((entry) => [entry.before, entry.after])).toEqual([
      [null, { participantCount: 4, status: 'pending' }],
      [{ participantCount: 4 }, { participantCount: 3 }],
      [
        { status: 'pending', participantCount: 3 },
        { status: 'approved', participantCount: 2 },
      ],
    ]);
    expect(lyceumSees[2]?.actor).toEqual(foundationOwnerSeenBySchool);
    expect(lyceumSees.every((entry) => entry.eventTitle === 'Уборка набережной')).toBe(true);
    expect(lyceumSees.every((entry) => entry.applicationId === lyceumApplication)).toBe(true);

    const gymnasiumSees = await storyOf(gymnasium, eventId);
    expect(gymnasiumSees.map((entry) => [entry.kind, entry.actor, entry.after])).toEqual([
      [
        'application.waitlisted',
        { name: gymnasium.username, role: 'owner', organisationName: 'Гимназия № 5' },
        { participantCount: 4, status: 'waitlisted' },
      ],
      // The platform moved it up by the waitlist's rule: nobody did.
      ['application.promoted', null, { status: 'pending', participantCount: 4 }],
      [
        'application.cancelled',
        { name: gymnasium.username, role: 'owner', organisationName: 'Гимназия № 5' },
        null,
      ],
    ]);
    expect(gymnasiumSees[2]?.before).toEqual({ participantCount: 4, status: 'pending' });

    const collegeSees = await storyOf(college, eventId);
    expect(collegeSees.map((entry) => [entry.kind, entry.after])).toEqual([
      ['application.submitted', { participantCount: 1, status: 'pending' }],
      ['application.rejected', { status: 'rejected', reason: 'Нужны ученики постарше' }],
    ]);
    expect(collegeSees[1]?.before).toEqual({ status: 'pending', participantCount: 1 });

    // The foundation reads every school's entries of its event, its own person by name, the schools' not.
    const foundationSees = await storyOf(foundation, eventId);
    expect(
      foundationSees.map((entry) => [entry.kind, entry.actor?.name ?? null, entry.applicationId]),
    ).toEqual([
      ['event.created', foundation.username, null],
      ['application.submitted', null, lyceumApplication],
      ['application.waitlisted', null, gymnasiumApplication],
      ['application.submitted', null, collegeApplication],
      ['application.count_changed', null, lyceumApplication],
      ['application.approved', foundation.username, lyceumApplication],
      ['application.rejected', foundation.username, collegeApplication],
      ['application.promoted', null, gymnasiumApplication],
      ['application.cancelled', null, gymnasiumApplication],
    ]);
    expect(foundationSees[1]?.actor).toEqual({ name: null, role: 'owner', organisationName: 'Лицей № 2' });
    expect(foundationSees[0]?.after).toMatchObject({
      date: '2026-12-05',
      startTime: '10:00',
      location: 'Парк Горького, главный вход',
    });
    // No school reads another's entries.
    expect((await journalOf(lyceum)).some((entry) => entry.applicationId === gymnasiumApplication)).toBe(
      false,
    );
  });

  it('records a cancellation that moves the waitlist up, and the promotion after it', async () => {
    const eventId = await createOwnEvent({ title: 'Помощь приюту', date: '2026-12-08', totalSlots: 3 });
    const cancelled = await apply(lyceum, eventId, 3);
    const waiting = await apply(gymnasium, eventId, 2, true);
    // Named by the event, with somebody waiting: the transaction's path through cancel_application.
    expect((await send('POST', `/api/events/${eventId}/cancel-application`, lyceum.sid)).statusCode).toBe(
      200,
    );

    expect((await storyOf(foundation, eventId)).map((entry) => [entry.kind, entry.applicationId])).toEqual([
      ['event.created', null],
      ['application.submitted', cancelled],
      ['application.waitlisted', waiting],
      ['application.cancelled', cancelled],
      ['application.promoted', waiting],
    ]);
    expect((await storyOf(lyceum, eventId)).at(-1)).toMatchObject({
      kind: 'application.cancelled',
      actor: { name: lyceum.username, role: 'owner', organisationName: 'Лицей № 2' },
      before: { participantCount: 3, status: 'pending' },
    });
    expect((await storyOf(gymnasium, eventId)).map((entry) => entry.kind)).toEqual([
      'application.waitlisted',
      'application.promoted',
    ]);
  });

  it('writes nothing when a change is refused', async () => {
    const eventId = await createOwnEvent({ title: 'Сбор макулатуры', date: '2026-12-06', totalSlots: 3 });
    const applicationId = await apply(lyceum, eventId, 3);
    const before = { lyceum: await journalOf(lyceum), foundation: await journalOf(foundation) };

    const refused = [
      // Applying twice, with more pupils than places, approving more than asked, growing an approved one.
      await send('POST', `/api/events/${eventId}/register`, lyceum.sid, {
        participantCount: 1,
        contactPerson: 'Ирина Павловна',
        contactPhone: '+7 900 123-45-67',
      }),
      await send('POST', `/api/events/${eventId}/register`, gymnasium.sid, {
        participantCount: 2,
        contactPerson: 'Ирина Павловна',
        contactPhone: '+7 900 123-45-67',
      }),
      await decide(applicationId, { action: 'approve', participantCount: 5 }),
      await send('PATCH', `/api/applications/${applicationId}`, gymnasium.sid, { participantCount: 1 }),
      await send('DELETE', `/api/applications/${applicationId}`, gymnasium.sid),
      // Completing an event before its day, correcting attendance of one not completed.
      await send('PATCH', `/api/events/${eventId}`, foundation.sid, { status: 'completed' }),
      await send('PUT', `/api/events/${eventId}/attendance`, foundation.sid, {
        attendance: [{ applicationId, attended: 1 }],
      }),
      // Another foundation's event.
      await send('DELETE', `/api/events/${eventId}`, (await approved('foundation', 'Фонд «Чужой»')).sid),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([409, 409, 409, 403, 403, 409, 409, 403]);
    expect(await journalOf(lyceum)).toEqual(before.lyceum);
    expect(await journalOf(foundation)).toEqual(before.foundation);

    // An edit that moves nothing a class plans by (the description) is not an entry either.
    const edit = await send('PUT', `/api/events/${eventId}`, foundation.sid, {
      ...eventBody,
      title: 'Сбор макулатуры',
      date: '2026-12-06',
      totalSlots: 3,
      description: 'Собираем макулатуру всей школой, приносите связки к главному входу.',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await journalOf(foundation)).toEqual(before.foundation);
  });
});

describe('the journal of hours', () => {
  it('records the completion, a corrected attendance, a reissued code, a certificate and an archive withdrawal', async () => {
    const eventId = await createOwnEvent({ title: 'Высадка деревьев', date: '2026-12-07' });
    const applicationId = await apply(lyceum, eventId, 4);
    const waiting = await apply(gymnasium, eventId, 3, true);
    expect((await decide(applicationId, { action: 'approve' })).statusCode).toBe(200);

    setToday('2026-12-07');
    const completed = await send('PATCH', `/api/events/${eventId}`, foundation.sid, {
      status: 'completed',
      attendance: [{ applicationId, attended: 3 }],
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const corrected = await send('PUT', `/api/events/${eventId}/attendance`, foundation.sid, {
      attendance: [{ applicationId, attended: 4 }],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const codes = await send('GET', `/api/applications/${applicationId}/codes`, lyceum.sid);
    const [lost] = codes.json() as { code: string }[];
    const reissued = await send(
      'POST',
      `/api/applications/${applicationId}/codes/${lost?.code}/reissue`,
      lyceum.sid,
    );
    expect(reissued.statusCode, reissued.body).toBe(200);
    const fresh = reissued.json().code.code as string;

    const certificate = await send(
      'GET',
      '/api/school/certificate.pdf?from=2026-12-01&to=2026-12-31',
      lyceum.sid,
    );
    expect(certificate.statusCode, certificate.body).toBe(200);
    // Downloading the same certificate again issues nothing new.
    await send('GET', '/api/school/certificate.pdf?from=2026-12-01&to=2026-12-31', lyceum.sid);

    const [credit] = await ctx.database.db
      .select({ id: hourCredits.id })
      .from(hourCredits)
      .where(eq(hourCredits.applicationId, applicationId));
    expect((await send('DELETE', `/api/school/archive/${credit?.id}`, lyceum.sid)).statusCode).toBe(200);

    const lyceumSees = (await journalOf(lyceum)).filter(
      (entry) => entry.eventId === eventId || entry.kind === 'certificate.issued',
    );
    expect(lyceumSees.reverse().map((entry) => [entry.kind, entry.before, entry.after])).toEqual([
      ['application.submitted', null, { participantCount: 4, status: 'pending' }],
      [
        'application.approved',
        { status: 'pending', participantCount: 4 },
        { status: 'approved', participantCount: 4 },
      ],
      [
        'event.completed',
        { status: 'approved', participantCount: 4 },
        { status: 'completed', attended: 3, hours: 9 },
      ],
      ['application.attendance_corrected', { attended: 3, hours: 9 }, { attended: 4, hours: 12 }],
      ['code.reissued', { code: lost?.code }, { code: fresh, hours: 3 }],
      [
        'certificate.issued',
        null,
        {
          code: expect.stringMatching(/^[0-9A-Z]{4}-/),
          from: '2026-12-01',
          to: '2026-12-31',
          events: 1,
          pupils: 4,
          hours: 12,
        },
      ],
      ['archive.withdrawn', { eventDate: '2026-12-07', participantCount: 4, hours: 12 }, { withdrawn: true }],
    ]);
    expect(lyceumSees.find((entry) => entry.kind === 'event.completed')?.actor).toEqual(
      foundationOwnerSeenBySchool,
    );
    expect(lyceumSees.find((entry) => entry.kind === 'code.reissued')?.actor?.name).toBe(lyceum.username);

    // The gymnasium still waiting was closed by the completion.
    expect((await storyOf(gymnasium, eventId)).map((entry) => [entry.kind, entry.after])).toEqual([
      ['application.waitlisted', { participantCount: 3, status: 'waitlisted' }],
      ['application.rejected', { status: 'rejected', reason: manageMessages.pendingClosedOnCompletion }],
    ]);

    // The foundation sees the hours it credited and corrected, not the school's codes, certificate or archive.
    const foundationSees = await storyOf(foundation, eventId);
    expect(foundationSees.map((entry) => entry.kind)).toEqual([
      'event.created',
      'application.submitted',
      'application.waitlisted',
      'application.approved',
      'event.completed',
      'application.rejected',
      'application.attendance_corrected',
    ]);
    expect(foundationSees[4]?.actor?.name).toBe(foundation.username);
    expect(foundationSees.some((entry) => entry.applicationId === waiting)).toBe(true);
  });
});

describe('the journal of an event', () => {
  it('records a new day, time or place, a cancellation and a deletion, for the foundation and the schools applied', async () => {
    const moved = await createOwnEvent({ title: 'Мастер-класс', date: '2026-12-10' });
    const applicationId = await apply(lyceum, moved, 2);
    const edit = await send('PUT', `/api/events/${moved}`, foundation.sid, {
      ...eventBody,
      title: 'Мастер-класс',
      date: '2026-12-11',
      startTime: '11:00',
      endTime: '14:00',
      location: 'Библиотека № 3',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const change = {
      before: {
        date: '2026-12-10',
        startTime: '10:00',
        endTime: '13:00',
        location: 'Парк Горького, главный вход',
      },
      after: { date: '2026-12-11', startTime: '11:00', endTime: '14:00', location: 'Библиотека № 3' },
    };
    const foundationChange = (await storyOf(foundation, moved)).find(
      (entry) => entry.kind === 'event.changed',
    );
    expect(foundationChange).toMatchObject({ ...change, applicationId: null, eventTitle: 'Мастер-класс' });
    expect(foundationChange?.actor?.name).toBe(foundation.username);
    const lyceumChange = (await storyOf(lyceum, moved)).find((entry) => entry.kind === 'event.changed');
    expect(lyceumChange).toMatchObject({ ...change, applicationId, actor: foundationOwnerSeenBySchool });

    const status = await send('PATCH', `/api/events/${moved}`, foundation.sid, { status: 'canceled' });
    expect(status.statusCode, status.body).toBe(200);
    expect((await storyOf(lyceum, moved)).at(-1)).toMatchObject({
      kind: 'event.cancelled',
      before: { status: 'upcoming' },
      after: { status: 'canceled' },
    });
    expect(
      (await storyOf(foundation, moved)).filter((entry) => entry.kind === 'event.cancelled'),
    ).toHaveLength(1);

    const deleted = await createOwnEvent({ title: 'Ярмарка', date: '2026-12-12' });
    const deletedApplication = await apply(gymnasium, deleted, 2);
    expect((await send('DELETE', `/api/events/${deleted}`, foundation.sid)).statusCode).toBe(200);
    expect((await storyOf(foundation, deleted)).at(-1)).toMatchObject({
      kind: 'event.deleted',
      before: { status: 'upcoming', date: '2026-12-12' },
      after: null,
    });
    expect((await storyOf(gymnasium, deleted)).at(-1)).toMatchObject({
      kind: 'event.deleted',
      applicationId: deletedApplication,
      before: { applicationStatus: 'pending', participantCount: 2 },
    });
  });

  it('records the administrator’s deletions by their role', async () => {
    const admin = await createAdmin(ctx.database.db);
    const eventId = await createOwnEvent({ title: 'Концерт', date: '2026-12-14' });
    const applicationId = await apply(lyceum, eventId, 2);
    const otherEvent = await createOwnEvent({ title: 'Выставка', date: '2026-12-15' });
    await apply(gymnasium, otherEvent, 1);

    expect((await send('DELETE', `/api/admin/applications/${applicationId}`, admin.sid)).statusCode).toBe(
      200,
    );
    expect((await send('DELETE', `/api/admin/events/${otherEvent}`, admin.sid)).statusCode).toBe(200);

    // The administrator deletes a school's only person, and the school with them.
    const leaving = await signUp(ctx.app, 'school');
    await ctx.database.db
      .update(schools)
      .set({ moderationStatus: 'approved', name: 'Школа № 99' })
      .where(isOrganisationOf(schools, leaving.user.id));
    const leavingApplication = await apply({ ...leaving, id: 0 }, eventId, 1);
    expect((await send('DELETE', `/api/admin/users/${leaving.user.id}`, admin.sid)).statusCode).toBe(200);

    const administrator = { name: null, role: 'admin', organisationName: null };
    expect((await storyOf(lyceum, eventId)).at(-1)).toMatchObject({
      kind: 'application.cancelled',
      actor: administrator,
      before: { status: 'pending', participantCount: 2 },
    });
    expect(
      (await storyOf(foundation, eventId))
        .filter((entry) => entry.kind === 'application.cancelled')
        .map((entry) => [entry.applicationId, entry.actor, entry.before]),
    ).toEqual([
      [applicationId, administrator, { status: 'pending', participantCount: 2 }],
      [leavingApplication, administrator, { status: 'pending', participantCount: 1 }],
    ]);
    expect((await storyOf(foundation, otherEvent)).at(-1)).toMatchObject({
      kind: 'event.deleted',
      actor: administrator,
    });
    expect((await storyOf(gymnasium, otherEvent)).at(-1)).toMatchObject({
      kind: 'event.deleted',
      actor: administrator,
    });
  });
});

describe('the journal of a profile', () => {
  it('records the fields that changed, before and after, in the organisation’s own journal only', async () => {
    const account = await signUp(ctx.app, 'school');
    const profile = {
      username: account.username,
      fullName: 'Школа № 1234',
      schoolType: 'state',
      description: 'Помогаем людям вместе со школьниками.',
      address: 'Москва, ул. Лесная, д. 12',
      phone: '+7 (495) 123-45-67',
      email: 'org@example.org',
    };
    const save = (values: object) => send('PATCH', '/api/profile', account.sid, { ...profile, ...values });
    expect((await save({})).statusCode).toBe(200);
    expect((await save({ phone: '+7 (495) 765-43-21', email: 'school@example.org' })).statusCode).toBe(200);
    // Saved as it is: no entry.
    expect((await save({ phone: '+7 (495) 765-43-21', email: 'school@example.org' })).statusCode).toBe(200);

    const entries = (await journalOf(account)).filter((entry) => entry.kind === 'profile.changed');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actor: { name: account.username, role: 'owner', organisationName: 'Школа № 1234' },
      before: { phone: '+7 (495) 123-45-67', email: 'org@example.org' },
      after: { phone: '+7 (495) 765-43-21', email: 'school@example.org' },
    });
    expect(entries[1]?.after).toMatchObject({
      fullName: 'Школа № 1234',
      address: 'Москва, ул. Лесная, д. 12',
    });
    expect((await journalOf(foundation)).some((entry) => entry.kind === 'profile.changed')).toBe(false);
  });
});
