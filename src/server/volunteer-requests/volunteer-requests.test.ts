import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationStatus } from '../../shared/roles';
import { textMessages } from '../../shared/text';
import { volunteerRequestMessages as messages } from '../../shared/volunteer-requests';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import {
  foundations,
  organisationMembers,
  schoolResponses,
  schools,
  users,
  volunteerRequests,
} from '../db/schema';
import { createFoundation, createSchool, volunteerRequestInput } from '../test/factories';
import { recordStatements } from '../test/statements';
import { createTestApp, type TestContext } from '../test/test-app';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;

async function foundationWithSession(status: ModerationStatus = 'approved', name?: string) {
  const foundation = await createFoundation(ctx.database.db, { status, ...(name ? { name } : {}) });
  const { sessionId } = await createSession(ctx.database.db, foundation.userId);
  return { sid: sessionId, id: foundation.id, userId: foundation.userId };
}
async function schoolWithSession(status: ModerationStatus = 'approved') {
  const school = await createSchool(ctx.database.db, status);
  const { sessionId } = await createSession(ctx.database.db, school.userId);
  return { sid: sessionId, id: school.id, userId: school.userId };
}

let nextCoordinator = 1;
/** A second member of the school or the foundation, signed in (issue 53: an organisation is its people). */
async function coordinatorOf(organisation: { schoolId: number } | { foundationId: number }) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      username: `coordinator${nextCoordinator++}`,
      passwordHash: 'x',
      role: 'schoolId' in organisation ? 'school' : 'foundation',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  await ctx.database.db
    .insert(organisationMembers)
    .values({ userId: user.id, ...organisation, role: 'coordinator' });
  return { sid: (await createSession(ctx.database.db, user.id)).sessionId, userId: user.id };
}

const validRequest = {
  ...volunteerRequestInput,
  address: 'Москва, ВДНХ, павильон 57',
  requirements: ['Тёплая одежда'],
};
const validResponse = {
  volunteersOffered: 8,
  message: 'Придут 8 «В» и классный руководитель',
  contactPerson: 'Ольга Сергеевна',
  contactPhone: '+7 (495) 111-22-33',
  contactEmail: 'olga@school.example',
};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, sid?: string, payload?: object) =>
  ctx.app.inject({ method, url, ...(sid ? { cookies: { sid } } : {}), ...(payload ? { payload } : {}) });
const createRequest = async (sid: string, values: object = {}) => {
  const response = await call('POST', '/api/volunteer-requests', sid, { ...validRequest, ...values });
  expect(response.statusCode).toBe(201);
  return response.json().request.id as number;
};
const respond = (sid: string | undefined, requestId: number, body: object = validResponse) =>
  call('POST', `/api/volunteer-requests/${requestId}/respond`, sid, body);
const newestNotification = async (sid: string) =>
  (await call('GET', '/api/notifications', sid)).json()[0] as { kind: string; text: string; link: string };

let foundationA: Awaited<ReturnType<typeof foundationWithSession>>;
let foundationB: Awaited<ReturnType<typeof foundationWithSession>>;

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  foundationA = await foundationWithSession('approved', 'Фонд «Тёплый дом»');
  foundationB = await foundationWithSession('approved', 'Фонд «Другой»');
});
afterAll(() => ctx.close());

describe('publishing a request', () => {
  it('creates it for an approved foundation, with requirements from a one-item list', async () => {
    const response = await call('POST', '/api/volunteer-requests', foundationA.sid, validRequest);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      request: {
        title: validRequest.title,
        eventDate: '2026-12-20',
        eventTime: '11:00',
        requirements: 'Тёплая одежда',
        volunteersNeeded: 12,
        status: 'open',
      },
      foundation: { name: 'Фонд «Тёплый дом»', userId: foundationA.userId },
      responsesCount: 0,
      responses: [],
    });
    const empty = await createRequest(foundationA.sid, { requirements: [] });
    expect((await call('GET', `/api/volunteer-requests/${empty}`)).json().request.requirements).toBeNull();
  });

  it.each([
    [{ title: 'Сад' }, messages.title],
    [{ title: undefined }, messages.title],
    [{ description: 'Коротко о главном' }, messages.description],
    [{ eventDate: undefined }, messages.eventDate],
    [{ eventDate: '2026-02-30' }, messages.eventDate],
    [{ eventDate: '20.12.2026' }, messages.eventDate],
    [{ eventDate: '2026-11-22' }, messages.pastDate],
    [{ eventDate: '9999-12-31' }, messages.farDate],
    [{ eventDate: '2028-11-24' }, messages.farDate],
    [{ title: '\u200b\u200b\u200b\u200b\u200b\u200b' }, textMessages.invisibleOnly],
    [{ requirements: ['\u2066\u2069'] }, textMessages.invisibleOnly],
    [{ volunteersNeeded: '0x3' }, messages.volunteersNeeded],
    [{ eventTime: '' }, messages.eventTime],
    [{ eventTime: '25:00' }, messages.eventTime],
    [{ location: 'Ш' }, messages.location],
    [{ volunteersNeeded: 0 }, messages.volunteersNeeded],
    [{ volunteersNeeded: -3 }, messages.volunteersNeeded],
    [{ volunteersNeeded: 2.5 }, messages.volunteersNeeded],
    [{ volunteersNeeded: 'много' }, messages.volunteersNeeded],
    [{ requirements: 'не список' }, messages.requirements],
    [{ title: 'Я'.repeat(201) }, messages.tooLong(200)],
  ])('refuses %j with its message and stores nothing', async (change, message) => {
    const before = (await ctx.database.db.select().from(volunteerRequests)).length;
    const response = await call('POST', '/api/volunteer-requests', foundationA.sid, {
      ...validRequest,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await ctx.database.db.select().from(volunteerRequests)).toHaveLength(before);
  });

  it('refuses a school, a visitor and a foundation awaiting moderation', async () => {
    const school = await schoolWithSession();
    expect((await call('POST', '/api/volunteer-requests', school.sid, validRequest)).statusCode).toBe(403);
    expect((await call('POST', '/api/volunteer-requests', undefined, validRequest)).statusCode).toBe(401);
    const pending = await foundationWithSession('pending');
    const byPending = await call('POST', '/api/volunteer-requests', pending.sid, validRequest);
    expect(byPending.statusCode).toBe(403);
    expect(byPending.json()).toEqual({ message: messages.notApprovedFoundation });
  });
});

describe('the list and the detail', () => {
  it('lists open requests first with their response counts, filters by foundation and pages', async () => {
    const hidden = await foundationWithSession('approved');
    const open = await createRequest(hidden.sid, { title: 'Открытая заявка фонда' });
    const closed = await createRequest(hidden.sid, { title: 'Закрытая заявка фонда' });
    await call('PATCH', `/api/volunteer-requests/${closed}`, hidden.sid, { status: 'closed' });
    await respond((await schoolWithSession()).sid, open);

    const list = await call('GET', `/api/volunteer-requests?foundationId=${hidden.id}`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(
      list
        .json()
        .map((item: { request: { title: string; status: string }; responsesCount: number }) => [
          item.request.title,
          item.request.status,
          item.responsesCount,
        ]),
    ).toEqual([
      ['Открытая заявка фонда', 'open', 1],
      ['Закрытая заявка фонда', 'closed', 0],
    ]);
    const page2 = await call('GET', `/api/volunteer-requests?foundationId=${hidden.id}&page=2&limit=1`);
    expect(page2.json()).toHaveLength(1);
    expect(page2.json()[0].request.title).toBe('Закрытая заявка фонда');
    expect((await call('GET', '/api/volunteer-requests?page=0')).statusCode).toBe(400);
  });

  it('hides requests of a foundation that is not approved, except from the foundation itself', async () => {
    const later = await foundationWithSession('approved');
    const id = await createRequest(later.sid);
    await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'needs_changes' })
      .where(eq(foundations.id, later.id));
    const byVisitor = await call('GET', `/api/volunteer-requests/${id}`);
    expect(byVisitor.statusCode).toBe(404);
    expect(byVisitor.json()).toEqual({ message: messages.notFound });
    expect((await call('GET', `/api/volunteer-requests/${id}`, later.sid)).statusCode).toBe(200);
    expect((await call('GET', `/api/volunteer-requests?foundationId=${later.id}`)).json()).toEqual([]);
    expect((await call('GET', '/api/volunteer-requests/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/volunteer-requests/abc')).json()).toEqual({
      message: messages.requestId,
    });
  });

  it('shows every response to the owner, its own to a school, and none to anyone else', async () => {
    const id = await createRequest(foundationA.sid);
    const first = await schoolWithSession();
    const second = await schoolWithSession();
    await respond(first.sid, id);
    await respond(second.sid, id, { ...validResponse, volunteersOffered: 3 });

    const forOwner = (await call('GET', `/api/volunteer-requests/${id}`, foundationA.sid)).json();
    expect(forOwner.responsesCount).toBe(2);
    expect(forOwner.responses).toHaveLength(2);
    expect(forOwner.responses[1]).toMatchObject({
      response: { volunteersOffered: 8, contactPhone: validResponse.contactPhone, status: 'pending' },
      school: { id: first.id },
      profile: { fullName: 'Школа № 1', avatar: null },
    });
    const forSchool = (await call('GET', `/api/volunteer-requests/${id}`, second.sid)).json();
    expect(forSchool.responses.map((item: { school: { id: number } }) => item.school.id)).toEqual([
      second.id,
    ]);
    expect((await call('GET', `/api/volunteer-requests/${id}`, foundationB.sid)).json().responses).toEqual(
      [],
    );
    const forVisitor = (await call('GET', `/api/volunteer-requests/${id}`)).json();
    expect(forVisitor).toMatchObject({ responsesCount: 2, responses: [] });
  });

  it('reads a request for a visitor in one statement: no responses are looked for where none are shown', async () => {
    const id = await createRequest(foundationA.sid);
    await respond((await schoolWithSession()).sid, id);
    const recorder = recordStatements(ctx.database.db);
    try {
      const forVisitor = await call('GET', `/api/volunteer-requests/${id}`);
      expect(forVisitor.json()).toMatchObject({ responsesCount: 1, responses: [] });
      expect(recorder.roundTrips, recorder.statements.join('\n---\n')).toBe(1);
    } finally {
      recorder.restore();
    }
  });
});

describe('responding', () => {
  it('takes one response per school, notifies the foundation, and answers a second with 409', async () => {
    const id = await createRequest(foundationA.sid, { title: 'Сбор вещей для приюта' });
    const school = await schoolWithSession();
    const first = await respond(school.sid, id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: messages.responded });
    expect(await newestNotification(foundationA.sid)).toMatchObject({
      kind: 'response_received',
      link: `/volunteer-requests/${id}`,
    });
    const second = await respond(school.sid, id, { ...validResponse, volunteersOffered: 2 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: messages.alreadyResponded });
  });

  it('keeps one response when the same school answers twice at once', async () => {
    const id = await createRequest(foundationA.sid);
    const school = await schoolWithSession();
    const answers = await Promise.all([
      respond(school.sid, id),
      respond(school.sid, id),
      respond(school.sid, id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(
      await ctx.database.db.select().from(schoolResponses).where(eq(schoolResponses.requestId, id)),
    ).toHaveLength(1);
  });

  it('refuses closed and fulfilled requests with 409', async () => {
    const school = await schoolWithSession();
    for (const status of ['closed', 'fulfilled'] as const) {
      const id = await createRequest(foundationA.sid);
      await call('PATCH', `/api/volunteer-requests/${id}`, foundationA.sid, { status });
      const response = await respond(school.sid, id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: messages.notOpen });
    }
  });

  it('refuses a visitor (401), a foundation (403) and a school awaiting moderation (403)', async () => {
    const id = await createRequest(foundationA.sid);
    expect((await respond(undefined, id)).statusCode).toBe(401);
    expect((await respond(foundationB.sid, id)).statusCode).toBe(403);
    const pending = await schoolWithSession('pending');
    const byPending = await respond(pending.sid, id);
    expect(byPending.statusCode).toBe(403);
    expect(byPending.json()).toEqual({ message: messages.notApprovedSchool });
    expect((await respond((await schoolWithSession()).sid, 999999)).statusCode).toBe(404);
  });

  it.each([
    [0, messages.volunteersOffered],
    [-1, messages.volunteersOffered],
    [1.5, messages.volunteersOffered],
    ['x', messages.volunteersOffered],
  ])('refuses volunteersOffered %j with its message', async (volunteersOffered, message) => {
    const id = await createRequest(foundationA.sid);
    const response = await respond((await schoolWithSession()).sid, id, {
      ...validResponse,
      volunteersOffered,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('takes a response with the count alone: contacts and message are optional', async () => {
    const id = await createRequest(foundationA.sid);
    expect((await respond((await schoolWithSession()).sid, id, { volunteersOffered: '4' })).statusCode).toBe(
      201,
    );
  });
});

describe('processing responses and changing the status', () => {
  it('lets the owner accept with a note once; the school is notified and sees it', async () => {
    const id = await createRequest(foundationA.sid);
    const school = await schoolWithSession();
    await respond(school.sid, id);
    const [mine] = (await call('GET', `/api/volunteer-requests/${id}`, school.sid)).json().responses;
    const responseId = mine.response.id as number;

    const byB = await call('PUT', `/api/school-responses/${responseId}`, foundationB.sid, {
      status: 'accepted',
    });
    expect(byB.statusCode).toBe(403);
    expect(byB.json()).toEqual({ message: messages.notYourResponse });
    expect(
      (await call('PUT', `/api/school-responses/${responseId}`, school.sid, { status: 'accepted' }))
        .statusCode,
    ).toBe(403);
    const bad = await call('PUT', `/api/school-responses/${responseId}`, foundationA.sid, {
      status: 'pending',
    });
    expect(bad.json()).toEqual({ message: messages.responseStatus });

    const accepted = await call('PUT', `/api/school-responses/${responseId}`, foundationA.sid, {
      status: 'accepted',
      processingNote: 'Ждём к 10:45 у главного входа',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: messages.processed });
    const seen = (await call('GET', `/api/volunteer-requests/${id}`, school.sid)).json().responses[0]
      .response;
    expect(seen).toMatchObject({ status: 'accepted', processingNote: 'Ждём к 10:45 у главного входа' });
    const notification = await newestNotification(school.sid);
    expect(notification.kind).toBe('response_processed');
    expect(notification.text).toContain('принят');
    expect(notification.text).toContain('Ждём к 10:45 у главного входа');

    const again = await call('PUT', `/api/school-responses/${responseId}`, foundationA.sid, {
      status: 'rejected',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.responseNotPending });
    expect(
      (await call('PUT', '/api/school-responses/999999', foundationA.sid, { status: 'accepted' })).statusCode,
    ).toBe(404);
  });

  it('lets only the owner close or fulfil its request, with a valid status', async () => {
    const id = await createRequest(foundationA.sid);
    const byB = await call('PATCH', `/api/volunteer-requests/${id}`, foundationB.sid, { status: 'closed' });
    expect(byB.statusCode).toBe(403);
    expect(byB.json()).toEqual({ message: messages.notYourRequest });
    const school = await schoolWithSession();
    expect(
      (await call('PATCH', `/api/volunteer-requests/${id}`, school.sid, { status: 'closed' })).statusCode,
    ).toBe(403);
    const bad = await call('PATCH', `/api/volunteer-requests/${id}`, foundationA.sid, { status: 'done' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: messages.status });
    const fulfilled = await call('PATCH', `/api/volunteer-requests/${id}`, foundationA.sid, {
      status: 'fulfilled',
    });
    expect(fulfilled.json().request.status).toBe('fulfilled');
    expect(
      (await call('PATCH', '/api/volunteer-requests/999999', foundationA.sid, { status: 'open' })).statusCode,
    ).toBe(404);
  });
});

describe('the school edits or withdraws its pending response', () => {
  const edited = {
    volunteersOffered: 5,
    message: 'Придут пятеро: у 8 «В» контрольная',
    contactPerson: 'Ирина Павловна',
    contactPhone: '+7 (495) 444-55-66',
    contactEmail: 'irina@school.example',
  };
  const edit = (sid: string | undefined, responseId: number | string, body: object = edited) =>
    call('PATCH', `/api/school-responses/${responseId}`, sid, body);
  const withdraw = (sid: string | undefined, responseId: number | string) =>
    call('DELETE', `/api/school-responses/${responseId}`, sid);
  const decide = (responseId: number, status: 'accepted' | 'rejected') =>
    call('PUT', `/api/school-responses/${responseId}`, foundationA.sid, { status });
  const stored = async (responseId: number) =>
    (await ctx.database.db.select().from(schoolResponses).where(eq(schoolResponses.id, responseId)))[0];
  const notificationsOf = async (sid: string) => (await call('GET', '/api/notifications', sid)).json().length;

  /** A request of foundation A with one pending response of a fresh school. */
  async function pendingResponse(title = 'Помощь на новогодней ярмарке') {
    const requestId = await createRequest(foundationA.sid, { title });
    const school = await schoolWithSession();
    const created = await respond(school.sid, requestId);
    expect(created.statusCode).toBe(201);
    return { requestId, school, responseId: created.json().id as number };
  }

  it('lets the owning school change every field while pending; the foundation is notified', async () => {
    const { requestId, school, responseId } = await pendingResponse('Ёлка в приюте');
    const answer = await edit(school.sid, responseId, { ...edited, volunteersOffered: '5' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: messages.responseUpdated,
      response: { id: responseId, status: 'pending', ...edited },
    });
    const seen = (await call('GET', `/api/volunteer-requests/${requestId}`, foundationA.sid)).json();
    expect(seen.responses).toHaveLength(1);
    expect(seen.responses[0].response).toMatchObject({ volunteersOffered: 5, message: edited.message });
    expect(await newestNotification(foundationA.sid)).toEqual(
      expect.objectContaining({
        kind: 'response_edited',
        text: 'Школа № 1: отклик на заявку «Ёлка в приюте» изменён, 5 волонтёров',
        link: `/volunteer-requests/${requestId}`,
      }),
    );
  });

  it('takes the body whole, as responding does: a field left out is cleared', async () => {
    const { school, responseId } = await pendingResponse();
    const answer = await edit(school.sid, responseId, { volunteersOffered: 3 });
    expect(answer.statusCode).toBe(200);
    expect(await stored(responseId)).toMatchObject({
      volunteersOffered: 3,
      message: null,
      contactPerson: null,
      contactPhone: null,
      contactEmail: null,
    });
  });

  it('does not notify the foundation of an edit that changes nothing', async () => {
    const { school, responseId } = await pendingResponse();
    const before = await notificationsOf(foundationA.sid);
    expect((await edit(school.sid, responseId, validResponse)).statusCode).toBe(200);
    expect(await notificationsOf(foundationA.sid)).toBe(before);
  });

  it('lets the owning school withdraw it; the foundation is notified and the school may respond again', async () => {
    const { requestId, school, responseId } = await pendingResponse('Сбор макулатуры');
    const answer = await withdraw(school.sid, responseId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: messages.responseWithdrawn });
    expect(await stored(responseId)).toBeUndefined();
    const seen = (await call('GET', `/api/volunteer-requests/${requestId}`, school.sid)).json();
    expect(seen).toMatchObject({ responsesCount: 0, responses: [] });
    expect(await newestNotification(foundationA.sid)).toEqual(
      expect.objectContaining({
        kind: 'response_withdrawn',
        text: 'Школа № 1: отклик на заявку «Сбор макулатуры» отозван',
        link: `/volunteer-requests/${requestId}`,
      }),
    );

    const again = await respond(school.sid, requestId, { ...validResponse, volunteersOffered: 2 });
    expect(again.statusCode).toBe(201);
    const [mine] = (await call('GET', `/api/volunteer-requests/${requestId}`, school.sid)).json().responses;
    expect(mine.response).toMatchObject({ volunteersOffered: 2, status: 'pending' });
    const gone = await withdraw(school.sid, responseId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: messages.responseNotFound });
  });

  it('refuses another school, other roles and a visitor, and changes nothing', async () => {
    const { school, responseId } = await pendingResponse();
    const other = await schoolWithSession();
    for (const answer of [await edit(other.sid, responseId), await withdraw(other.sid, responseId)]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: messages.notYourSchoolResponse });
    }
    for (const sid of [foundationA.sid, foundationB.sid]) {
      expect((await edit(sid, responseId)).statusCode).toBe(403);
      expect((await withdraw(sid, responseId)).statusCode).toBe(403);
    }
    expect((await edit(undefined, responseId)).statusCode).toBe(401);
    expect((await withdraw(undefined, responseId)).statusCode).toBe(401);
    expect(await stored(responseId)).toMatchObject({ volunteersOffered: 8, status: 'pending' });
    expect(school.id).not.toBe(other.id);
  });

  it('answers 404 for a response that does not exist and 400 for a malformed id', async () => {
    const school = await schoolWithSession();
    for (const answer of [await edit(school.sid, 999999), await withdraw(school.sid, 999999)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: messages.responseNotFound });
    }
    for (const answer of [await edit(school.sid, '1e1'), await withdraw(school.sid, '0x10')]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: messages.responseId });
    }
  });

  it.each(['accepted', 'rejected'] as const)('refuses both once the response is %s', async (status) => {
    const { school, responseId } = await pendingResponse();
    expect((await decide(responseId, status)).statusCode).toBe(200);
    const before = await stored(responseId);
    for (const answer of [await edit(school.sid, responseId), await withdraw(school.sid, responseId)]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: messages.responseAlreadyDecided });
    }
    expect(await stored(responseId)).toEqual(before);
  });

  it.each(['closed', 'fulfilled'] as const)(
    'on a %s request refuses an edit but takes a withdrawal',
    async (status) => {
      const { requestId, school, responseId } = await pendingResponse();
      await call('PATCH', `/api/volunteer-requests/${requestId}`, foundationA.sid, { status });
      const refused = await edit(school.sid, responseId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: messages.editNotOpen });
      expect(await stored(responseId)).toMatchObject({ volunteersOffered: 8 });
      expect((await withdraw(school.sid, responseId)).statusCode).toBe(200);
      expect(await stored(responseId)).toBeUndefined();
    },
  );

  it('lets a school no longer approved withdraw, but not edit', async () => {
    const { school, responseId } = await pendingResponse();
    await ctx.database.db
      .update(schools)
      .set({ moderationStatus: 'needs_changes' })
      .where(eq(schools.id, school.id));
    const refused = await edit(school.sid, responseId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messages.notApprovedSchool });
    expect((await withdraw(school.sid, responseId)).statusCode).toBe(200);
  });

  it.each([
    [{ volunteersOffered: 0 }, messages.volunteersOffered],
    [{ volunteersOffered: 'x' }, messages.volunteersOffered],
    [{ volunteersOffered: '0x3' }, messages.volunteersOffered],
    [{ volunteersOffered: undefined }, messages.volunteersOffered],
    [{ volunteersOffered: 10_001 }, messages.volunteersNeededMax],
    [{ message: '\u200b\u200b\u200b' }, textMessages.invisibleOnly],
    [{ contactPhone: '7'.repeat(41) }, messages.tooLong(40)],
  ])('refuses the edit %j with its message and changes nothing', async (change, message) => {
    const { school, responseId } = await pendingResponse();
    const before = await stored(responseId);
    const notifications = await notificationsOf(foundationA.sid);
    const answer = await edit(school.sid, responseId, { ...edited, ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message });
    expect(await stored(responseId)).toEqual(before);
    expect(await notificationsOf(foundationA.sid)).toBe(notifications);
  });

  // The school's change and the foundation's decision lock the same row: one of them sees the other.
  it('never both withdraws and accepts a response when they race', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { school, responseId } = await pendingResponse();
      const [withdrawn, accepted] = await Promise.all([
        withdraw(school.sid, responseId),
        decide(responseId, 'accepted'),
      ]);
      const codes = [withdrawn.statusCode, accepted.statusCode];
      expect([
        [200, 404],
        [409, 200],
      ]).toContainEqual(codes);
      const row = await stored(responseId);
      if (withdrawn.statusCode === 200) expect(row).toBeUndefined();
      else expect(row).toMatchObject({ status: 'accepted', volunteersOffered: 8 });
    }
  });

  it('accepts either the edited response or refuses the edit when an edit and a decision race', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { school, responseId } = await pendingResponse();
      const [changed, accepted] = await Promise.all([
        edit(school.sid, responseId),
        decide(responseId, 'accepted'),
      ]);
      expect(accepted.statusCode).toBe(200);
      expect([200, 409]).toContain(changed.statusCode);
      expect(await stored(responseId)).toMatchObject({
        status: 'accepted',
        volunteersOffered: changed.statusCode === 200 ? 5 : 8,
      });
    }
  });
});

describe('every member of the foundation and of the school', () => {
  it('reads, hears of and decides on responses as the owner does', async () => {
    const foundation = await foundationWithSession('approved');
    const coordinator = await coordinatorOf({ foundationId: foundation.id });
    const id = await createRequest(coordinator.sid);
    const school = await schoolWithSession();
    const schoolCoordinator = await coordinatorOf({ schoolId: school.id });

    expect((await respond(school.sid, id)).statusCode).toBe(201);
    for (const sid of [foundation.sid, coordinator.sid]) {
      expect(await newestNotification(sid)).toMatchObject({ kind: 'response_received' });
      expect((await call('GET', `/api/volunteer-requests/${id}`, sid)).json().responses).toHaveLength(1);
    }
    // The request names the foundation by its owner's account, whoever published it.
    expect((await call('GET', `/api/volunteer-requests/${id}`)).json().foundation.userId).toBe(
      foundation.userId,
    );
    const [seen] = (await call('GET', `/api/volunteer-requests/${id}`, schoolCoordinator.sid)).json()
      .responses;
    expect(seen.school.id).toBe(school.id);

    const accepted = await call('PUT', `/api/school-responses/${seen.response.id}`, coordinator.sid, {
      status: 'accepted',
    });
    expect(accepted.statusCode).toBe(200);
    for (const sid of [school.sid, schoolCoordinator.sid]) {
      expect(await newestNotification(sid)).toMatchObject({ kind: 'response_processed' });
    }
    const closed = await call('PATCH', `/api/volunteer-requests/${id}`, coordinator.sid, {
      status: 'closed',
    });
    expect(closed.statusCode).toBe(200);
  });

  it("lets the school's coordinator withdraw the school's response, and nobody of another school", async () => {
    const id = await createRequest(foundationA.sid);
    const school = await schoolWithSession();
    expect((await respond(school.sid, id)).statusCode).toBe(201);
    const [mine] = (await call('GET', `/api/volunteer-requests/${id}`, school.sid)).json().responses;
    const other = await coordinatorOf({ schoolId: (await schoolWithSession()).id });
    const byOther = await call('DELETE', `/api/school-responses/${mine.response.id}`, other.sid);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ message: messages.notYourSchoolResponse });
    const coordinator = await coordinatorOf({ schoolId: school.id });
    expect(
      (await call('DELETE', `/api/school-responses/${mine.response.id}`, coordinator.sid)).statusCode,
    ).toBe(200);
  });
});
