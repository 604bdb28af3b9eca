import { createHash, randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProofCode } from '../../shared/proof-codes';
import { isOrganisationOf } from '../accounts/organisation';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { issueCertificate } from '../certificates/service';
import {
  applications,
  certificates,
  eventMessages,
  events,
  foundationReports,
  foundations,
  hourCredits,
  news,
  notifications,
  organisationInvitations,
  organisationMembers,
  participationCodes,
  schoolResponses,
  schools,
  users,
  volunteerRequests,
} from '../db/schema';
import { storeImage } from '../images/service';
import { mailSigningKey } from '../mail/signing-key';
import { unsubscribeToken } from '../mail/unsubscribe-token';
import {
  createApplication,
  createEvent,
  createHourCredit,
  createSchool,
  firstParticipationCode,
} from '../test/factories';
import { createTestApp, signUp, type TestContext, testHasher } from '../test/test-app';
import {
  type AnyCaller,
  authorizationMatrix,
  callers,
  type Kind,
  type MatrixRow,
  type MatrixWorld,
  type MemberCaller,
  markers,
  memberAnswer,
  memberCallers,
  memberMayRead,
  type Params,
} from './authorization-matrix';

// The events of the world are on 2026-12-05, so "today" is fixed before them.
const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
const password = 'secret123';

let ctx: TestContext;
let world: MatrixWorld;

type Account = { userId: number; username: string; organisationId: number };

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const db = ctx.database.db;

  // Organisations sign up through the API, as people do; the moderator's decision is written directly,
  // with the profile an approval needs (docs/spec/decisions.md), so the administrator may approve it again.
  async function organisation(role: 'school' | 'foundation', status: 'approved' | 'pending') {
    const { user, username } = await signUp(ctx.app, role);
    const table = role === 'school' ? schools : foundations;
    const [row] = await db
      .update(table)
      .set({
        moderationStatus: status,
        name: `${role === 'school' ? 'Школа' : 'Фонд'} ${username}`,
        description: 'Помогаем людям вместе со школьниками.',
        address: 'Москва, ул. Лесная, д. 12',
        phone: '+7 (495) 123-45-67',
        email: `${username}@example.org`,
      })
      .where(isOrganisationOf(table, user.id))
      .returning({ id: table.id });
    return { userId: user.id, username, organisationId: row?.id ?? 0 } satisfies Account;
  }
  const owners = {
    school: await organisation('school', 'approved'),
    otherSchool: await organisation('school', 'approved'),
    pendingSchool: await organisation('school', 'pending'),
    foundation: await organisation('foundation', 'approved'),
    otherFoundation: await organisation('foundation', 'approved'),
    pendingFoundation: await organisation('foundation', 'pending'),
  };
  // The first school's and the first foundation's other people, as the team would add them.
  async function member(of: Account, kind: 'school' | 'foundation', role: 'coordinator' | 'viewer') {
    const username = `matrix_${kind}_${role}`;
    const [user] = await db
      .insert(users)
      .values({ username, passwordHash: await testHasher.hash(password), role: kind })
      .returning({ id: users.id });
    if (!user) throw new Error('member not created');
    await db.insert(organisationMembers).values({
      userId: user.id,
      role,
      ...(kind === 'school' ? { schoolId: of.organisationId } : { foundationId: of.organisationId }),
    });
    return { userId: user.id, username, organisationId: of.organisationId } satisfies Account;
  }
  const accounts = {
    ...owners,
    schoolCoordinator: await member(owners.school, 'school', 'coordinator'),
    schoolViewer: await member(owners.school, 'school', 'viewer'),
    foundationCoordinator: await member(owners.foundation, 'foundation', 'coordinator'),
    foundationViewer: await member(owners.foundation, 'foundation', 'viewer'),
  };
  const [adminRow] = await db
    .insert(users)
    .values({ username: 'matrix_admin', passwordHash: await testHasher.hash(password), role: 'admin' })
    .returning({ id: users.id });
  const admin = { userId: adminRow?.id ?? 0, username: 'matrix_admin' };

  const foundationId = accounts.foundation.organisationId;
  const schoolId = accounts.school.organisationId;
  const insertedId = (rows: { id: number }[]) => {
    const [row] = rows;
    if (!row) throw new Error('fixture row not created');
    return row.id;
  };
  const fresh: MatrixWorld['fresh'] = {
    event: async () => (await createEvent(db, foundationId, { date: '2026-12-05' })).id,
    heldEvent: async () => (await createEvent(db, foundationId, { date: calendar.today() })).id,
    async application(status: 'pending' | 'approved' = 'pending') {
      const event = await createEvent(db, foundationId, { date: '2026-12-05', reservedSlots: 2 });
      const application = await createApplication(db, {
        eventId: event.id,
        schoolId,
        participantCount: 2,
        status,
      });
      return { eventId: event.id, applicationId: application.id };
    },
    archiveEntry: async () =>
      insertedId(
        await db
          .insert(hourCredits)
          .values({
            schoolId,
            eventTitle: 'Субботник',
            eventDate: '2026-10-01',
            participantCount: 2,
            hours: 6,
          })
          .returning({ id: hourCredits.id }),
      ),
    report: async () =>
      insertedId(
        await db
          .insert(foundationReports)
          .values({ foundationId, eventTitle: 'Субботник', eventDate: '2026-10-01', volunteersCount: 5 })
          .returning({ id: foundationReports.id }),
      ),
    volunteerRequest: () => requestOf(foundationId),
    async schoolResponse() {
      const requestId = await requestOf(foundationId);
      return insertedId(
        await db
          .insert(schoolResponses)
          .values({ requestId, schoolId, volunteersOffered: 5 })
          .returning({ id: schoolResponses.id }),
      );
    },
    news: async () =>
      insertedId(
        await db
          .insert(news)
          .values({ title: 'Новость', content: 'Текст новости для школьников.' })
          .returning({ id: news.id }),
      ),
    schoolAccount: async () => (await createSchool(db)).userId,
    certificate: async () =>
      (
        await issueCertificate(db, calendar, accounts.school.userId, {
          from: '2026-09-01',
          to: '2027-08-31',
        })
      ).code,
    async completedApplication() {
      const event = await createEvent(db, foundationId, { date: '2026-11-20', status: 'completed' });
      await db.update(events).set({ completedAt: calendar.now() }).where(eq(events.id, event.id));
      const application = await createApplication(db, {
        eventId: event.id,
        schoolId,
        participantCount: 2,
        status: 'completed',
      });
      const credit = await createHourCredit(db, {
        schoolId,
        applicationId: application.id,
        event,
        participantCount: 2,
        hours: 6,
      });
      const code = await firstParticipationCode(db, credit);
      return { eventId: event.id, applicationId: application.id, code: formatProofCode(code) };
    },
    async calendarToken() {
      const { userId } = await createSchool(db);
      const token = randomBytes(32).toString('base64url');
      await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
      return token;
    },
    async schoolMember() {
      const [user] = await db
        .insert(users)
        .values({
          username: `matrix_member_${randomBytes(4).toString('hex')}`,
          passwordHash: 'x',
          role: 'school',
        })
        .returning({ id: users.id });
      if (!user) throw new Error('member not created');
      return insertedId(
        await db
          .insert(organisationMembers)
          .values({ userId: user.id, schoolId, role: 'viewer' })
          .returning({ id: organisationMembers.id }),
      );
    },
    async invitation() {
      const token = randomBytes(32).toString('base64url');
      const id = insertedId(
        await db
          .insert(organisationInvitations)
          .values({
            schoolId,
            email: `matrix_${randomBytes(4).toString('hex')}@school.example`,
            role: 'coordinator',
            tokenHash: createHash('sha256').update(token).digest('hex'),
            invitedBy: owners.school.userId,
            expiresAt: new Date('2027-01-01T00:00:00Z'),
          })
          .returning({ id: organisationInvitations.id }),
      );
      return { id, token };
    },
  };
  async function requestOf(ownerId: number, title = 'Помощь на ярмарке') {
    return insertedId(
      await db
        .insert(volunteerRequests)
        .values({
          foundationId: ownerId,
          title,
          description: 'Нужны ребята, чтобы встречать гостей ярмарки.',
          eventDate: '2026-12-20',
          eventTime: '11:00',
          location: 'Москва, ВДНХ',
          volunteersNeeded: 10,
        })
        .returning({ id: volunteerRequests.id }),
    );
  }

  // Rows only read, each carrying a marker text, so that a list or detail shown to the wrong caller is
  // caught even when the status is right.
  const application = await fresh.application('approved');
  await db
    .update(applications)
    .set({ applicationNote: markers.applicationNote })
    .where(eq(applications.id, application.applicationId));
  const volunteerRequestId = await requestOf(foundationId);
  await db.insert(schoolResponses).values({
    requestId: volunteerRequestId,
    schoolId,
    volunteersOffered: 5,
    contactPerson: markers.responseContact,
  });
  const pendingFoundationRequestId = await requestOf(
    accounts.pendingFoundation.organisationId,
    markers.hiddenRequest,
  );
  const cancelled = await createEvent(db, foundationId, {
    date: '2026-12-05',
    status: 'canceled',
    title: markers.cancelledEvent,
  });
  await db
    .update(hourCredits)
    .set({ eventTitle: markers.archiveEntry })
    .where(eq(hourCredits.id, await fresh.archiveEntry()));
  await db
    .update(foundationReports)
    .set({ eventTitle: markers.report })
    .where(eq(foundationReports.id, await fresh.report()));
  await db
    .insert(notifications)
    .values({ userId: accounts.school.userId, kind: 'moderation', text: markers.notification });
  await db.insert(eventMessages).values({
    eventId: application.eventId,
    authorId: accounts.foundation.userId,
    text: markers.eventMessage,
  });
  const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#15803d' } })
    .png()
    .toBuffer();
  const completed = await fresh.completedApplication();

  const tables = {
    event: events,
    application: applications,
    hourCredit: hourCredits,
    report: foundationReports,
    volunteerRequest: volunteerRequests,
    schoolResponse: schoolResponses,
    news,
    user: users,
    school: schools,
    certificate: certificates,
    participationCode: participationCodes,
    eventMessage: eventMessages,
  } satisfies Record<Kind, unknown>;

  const memberIds = new Map(
    (
      await db
        .select({ id: organisationMembers.id, userId: organisationMembers.userId })
        .from(organisationMembers)
    ).map((row) => [row.userId, row.id]),
  );
  world = {
    usernameOf: (caller) => (caller === 'admin' ? admin : accounts[caller]).username,
    userIdOf: (caller) => (caller === 'admin' ? admin : accounts[caller]).userId,
    organisationIdOf: (caller) => accounts[caller].organisationId,
    memberIdOf: (caller) => memberIds.get(accounts[caller].userId) ?? 0,
    password,
    base: {
      eventId: application.eventId,
      applicationId: application.applicationId,
      cancelledEventId: cancelled.id,
      volunteerRequestId,
      pendingFoundationRequestId,
      imageId: (await storeImage(db, picture)).id,
      completedApplicationId: completed.applicationId,
      participationCode: completed.code,
      unsubscribeToken: unsubscribeToken(await mailSigningKey(db), accounts.school.userId, 'reminders'),
    },
    picture,
    fresh,
    async snapshot(kind, id) {
      const table = tables[kind];
      const [row] = await db.select().from(table).where(eq(table.id, id));
      return row ?? null;
    },
    async count(kind) {
      const [row] = await db.select({ n: count() }).from(tables[kind]);
      return row?.n ?? 0;
    },
  };
});
afterAll(() => ctx?.close());

const routeKey = (method: string, route: string) => `${method} ${route}`;

describe('the authorization matrix', () => {
  it('has a row for every API route the app registers, and no row for a route it does not', () => {
    // HEAD is added by Fastify for every GET and answers as the GET does.
    const registered = new Set(
      ctx.app.registeredRoutes
        .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
        .map((route) => routeKey(route.method, route.url)),
    );
    const listed = new Set(authorizationMatrix.map((row) => routeKey(row.method, row.route)));
    expect({
      registeredButMissingFromTheMatrix: [...registered].filter((key) => !listed.has(key)),
      inTheMatrixButNotRegistered: [...listed].filter((key) => !registered.has(key)),
    }).toEqual({ registeredButMissingFromTheMatrix: [], inTheMatrixButNotRegistered: [] });
  });

  const rowName = (row: MatrixRow) =>
    `${row.method} ${row.route}${row.query ? `?${row.query}` : ''}${row.variant ? ` (${row.variant})` : ''}`;

  it.each(authorizationMatrix.map((row) => [rowName(row), row] as const))('%s', async (_name, row) => {
    const problems: string[] = [];
    const everyone = [...callers, ...memberCallers];
    const expected = [...row.answers, ...memberCallers.map((caller) => memberAnswer(row, caller))];
    const answered: number[] = [];
    for (const caller of everyone) answered.push(await call(row, caller, problems));
    // Zero unexpected 2xx is checked first, so the most serious failure is the one reported.
    const unexpectedSuccess = everyone.filter(
      (_caller, index) => isSuccess(answered[index] ?? 0) && !isSuccess(expected[index] ?? 0),
    );
    expect(unexpectedSuccess, 'callers answered 2xx where the matrix refuses them').toEqual([]);
    const byCaller = (statuses: readonly number[]) =>
      Object.fromEntries(everyone.map((caller, index) => [caller, statuses[index]]));
    expect(byCaller(answered)).toEqual(byCaller(expected));
    expect(problems).toEqual([]);
  });
});

const isSuccess = (status: number) => status >= 200 && status < 300;
const isMember = (caller: AnyCaller): caller is MemberCaller =>
  (memberCallers as readonly string[]).includes(caller);

/**
 * One caller's request, with a new session of the caller's account: sign-in, sign-out and the
 * credential change end the session they are called with, and no row may depend on another.
 * Returns the status; anything else wrong with the answer goes into `problems`.
 */
async function call(row: MatrixRow, caller: AnyCaller, problems: string[]) {
  const params: Params = (await row.params?.(world)) ?? {};
  const path = row.route.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${row.route}: no value for :${name}`);
    return String(value);
  });
  const sid =
    caller === 'anonymous'
      ? undefined
      : (await createSession(ctx.database.db, world.userIdOf(caller))).sessionId;
  const before = await row.state?.(world, params);
  const response = await ctx.app.inject({
    method: row.method,
    url: row.query ? `${path}?${row.query}` : path,
    ...(sid ? { cookies: { sid } } : {}),
    ...(row.body ? { payload: row.body(world, caller, params) } : {}),
    ...(row.contentType ? { headers: { 'content-type': row.contentType } } : {}),
  });

  const status = response.statusCode;
  if (row.reveals) {
    const text = typeof row.reveals.text === 'string' ? row.reveals.text : row.reveals.text(world);
    const mayRead = isMember(caller) ? memberMayRead(row, caller) : row.reveals.to.includes(caller);
    if (response.body.includes(text) !== mayRead) {
      problems.push(`${caller}: ${mayRead ? 'does not see' : 'sees'} ${text}`);
    }
  }
  if (!isSuccess(status)) {
    if (!/[А-Яа-я]/.test(messageOf(response.body) ?? '')) {
      problems.push(`${caller}: ${status} without a Russian message: ${response.body.slice(0, 200)}`);
    }
    if (row.state) {
      const after = await row.state(world, params);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        problems.push(
          `${caller}: refused with ${status} but changed ${JSON.stringify(before)} to ${JSON.stringify(after)}`,
        );
      }
    }
  }
  return status;
}

function messageOf(body: string): string | undefined {
  try {
    const { message } = JSON.parse(body) as { message?: unknown };
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}
