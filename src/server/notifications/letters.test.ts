import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailKind } from '../../shared/notification-settings';
import { isOrganisationOf } from '../accounts/organisation';
import { ensureAdmin } from '../auth/service';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { events, foundations, mailOutbox, notifications, schools, users } from '../db/schema';
import { isLetterReference, type StoredMessage } from '../mail/outbox';
import { createApplication, createFoundation, createSchool, volunteerRequestInput } from '../test/factories';
import { createTestApp, sessionCookieOf, signUp, type TestContext, testHasher } from '../test/test-app';
import { describeChanges } from './letters';
import { wordLetter } from './worded-letters';

// Which change mails whom: after each call the outbox holds exactly the letters the other side should
// get, to the e-mail of its profile, and none for an account without one or that turned the kind off.

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
const db = () => ctx.database.db;

interface Account {
  id: number;
  userId: number;
  sid: string;
  email: string | null;
}

let nextAccount = 1;
/** An approved organisation with a session, its profile e-mail and the kinds it turned off. */
async function account(
  role: 'foundation' | 'school',
  options: { email?: string | null; optOuts?: MailKind[]; name?: string } = {},
): Promise<Account> {
  const n = nextAccount++;
  const email = options.email === undefined ? `${role}${n}@example.ru` : options.email;
  const name = options.name ?? (role === 'foundation' ? `Фонд «Лес ${n}»` : `Школа № ${n}`);
  const row =
    role === 'foundation' ? await createFoundation(db(), { name }) : await createSchool(db(), 'approved');
  const table = role === 'foundation' ? foundations : schools;
  await db().update(table).set({ email, name }).where(eq(table.id, row.id));
  await db()
    .update(users)
    .set({ mailOptOuts: options.optOuts ?? [] })
    .where(eq(users.id, row.userId));
  const { sessionId } = await createSession(db(), row.userId);
  return { id: row.id, userId: row.userId, sid: sessionId, email };
}

/**
 * The letters queued since the outbox was last cleared, as the recipient will read them: those queued by
 * what happened are worded as the worker words them.
 */
async function outbox() {
  const rows = await db()
    .select({ to: mailOutbox.toAddress, kind: mailOutbox.kind, message: mailOutbox.message })
    .from(mailOutbox)
    .orderBy(mailOutbox.id);
  const worded = await Promise.all(
    rows.map(async (row) => {
      const stored = row.message as StoredMessage;
      const message = isLetterReference(stored) ? await wordLetter(db(), stored) : stored;
      if (!message) throw new Error(`no words for ${JSON.stringify(stored)}`);
      return { ...row, message };
    }),
  );
  return worded.map((row) => {
    const message = row.message;
    return {
      to: row.to,
      kind: row.kind,
      subject: message.subject,
      path: message.action?.path,
      text: [
        ...message.paragraphs,
        ...(message.details ?? []).map((detail) => `${detail.label}: ${detail.value}`),
      ].join('\n'),
    };
  });
}
const outboxSummary = async () =>
  (await outbox()).map(({ to, kind, subject, path }) => ({ to, kind, subject, path }));

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who: { sid: string }, payload?: object) =>
  ctx.app.inject({ method, url, cookies: { sid: who.sid }, ...(payload ? { payload } : {}) });

// Events admit pupils of any age, so every application confirms the parents' consent.
const form = { contactPerson: 'Елена Викторовна', contactPhone: '+7 (499) 245-12-12', parentalConsent: true };
const apply = (school: Account, eventId: number, participantCount: number, waitlist = false) =>
  call('POST', `/api/events/${eventId}/register`, school, { participantCount, waitlist, ...form });
const applicationOf = async (
  school: Account,
  eventId: number,
  participantCount: number,
  waitlist = false,
) => {
  const answer = await apply(school, eventId, participantCount, waitlist);
  expect(answer.statusCode).toBe(201);
  return answer.json().id as number;
};

const eventForm = {
  title: 'Субботник в парке Горького',
  description: 'Убираем листья и готовим клумбы к зиме вместе с учениками.',
  date: '2026-12-05',
  startTime: '10:00',
  endTime: '13:00',
  location: 'Парк Горького, главный вход',
  activityType: 'ecology',
  minParticipants: 1,
  totalSlots: 10,
  hours: 3,
  contactPersonName: 'Ольга Смирнова',
  contactPersonPhone: '+7 (495) 123-45-67',
  contactPersonEmail: 'olga@zeleny-gorod.example',
};
let titles = 1;
/** An event of `foundation` made through the API, with a title of its own. */
async function eventOf(foundation: Account, values: Partial<typeof eventForm> = {}) {
  const form = { ...eventForm, title: `${eventForm.title} ${titles++}`, ...values };
  const answer = await call('POST', '/api/events', foundation, form);
  expect(answer.statusCode, answer.body).toBe(201);
  return { id: answer.json().id as number, form };
}

let adminSid: string;
beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  await ensureAdmin(db(), testHasher, {
    username: 'admin',
    password: 'admin-pass',
    generatePassword: () => '',
  });
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password: 'admin-pass' },
  });
  adminSid = sessionCookieOf(login) ?? '';
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await db().delete(mailOutbox);
});

describe('a new application', () => {
  it('mails the foundation the school, the pupils, the day, time and place, and a link to decide', async () => {
    const foundation = await account('foundation');
    const school = await account('school', { name: 'Школа № 57' });
    const event = await eventOf(foundation);
    await db().delete(mailOutbox);

    await applicationOf(school, event.id, 12 - 4);

    const [letter, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(letter).toMatchObject({
      to: foundation.email,
      kind: 'applications',
      subject: `Новая заявка на «${event.form.title}»`,
      path: '/foundation-applications',
    });
    expect(letter?.text).toContain('Школа № 57: новая заявка на');
    expect(letter?.text).toContain('8 учеников');
    expect(letter?.text).toContain('Дата: 5 декабря 2026 г.');
    expect(letter?.text).toContain('Время: 10:00–13:00');
    expect(letter?.text).toContain('Место: Парк Горького, главный вход');
  });

  it('mails nothing for joining the waitlist, nor for a refused application', async () => {
    const foundation = await account('foundation');
    const [first, second] = [await account('school'), await account('school')];
    const event = await eventOf(foundation, { totalSlots: 5 });
    await applicationOf(first, event.id, 5);
    await db().delete(mailOutbox);

    expect((await apply(second, event.id, 3, true)).statusCode).toBe(201);
    expect((await apply(first, event.id, 1)).statusCode).toBe(409);

    expect(await outbox()).toEqual([]);
  });

  it('mails nobody whose profile has no e-mail or who turned new applications off', async () => {
    const school = await account('school');
    for (const foundation of [
      await account('foundation', { email: null }),
      await account('foundation', { email: '  ' }),
      await account('foundation', { optOuts: ['applications'] }),
    ]) {
      const event = await eventOf(foundation);
      await applicationOf(school, event.id, 3);
    }
    expect(await outbox()).toEqual([]);
  });
});

describe("the foundation's decision", () => {
  it('mails the school its approval with the foundation, the day and where to find the contacts', async () => {
    const foundation = await account('foundation', { name: 'Фонд «Тёплый дом»' });
    const school = await account('school');
    const event = await eventOf(foundation);
    const id = await applicationOf(school, event.id, 6);
    await db().delete(mailOutbox);

    expect(
      (await call('PATCH', `/api/foundation/applications/${id}`, foundation, { action: 'approve' }))
        .statusCode,
    ).toBe(200);
    // A decision taken twice is refused and mails nothing more.
    expect(
      (await call('PATCH', `/api/foundation/applications/${id}`, foundation, { action: 'approve' }))
        .statusCode,
    ).toBe(409);

    const [letter, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(letter).toMatchObject({
      to: school.email,
      kind: 'decisions',
      subject: `Заявка на «${event.form.title}» одобрена`,
      path: '/school-approved-applications',
    });
    expect(letter?.text).toContain('Фонд: Фонд «Тёплый дом»');
    expect(letter?.text).toContain('Дата: 5 декабря 2026 г.');
  });

  it('mails a partial approval, and the waitlisted school and the foundation when the freed places move it up', async () => {
    const foundation = await account('foundation');
    const [first, waiting] = [await account('school'), await account('school')];
    const event = await eventOf(foundation, { totalSlots: 10 });
    const id = await applicationOf(first, event.id, 10);
    await applicationOf(waiting, event.id, 4, true);
    await db().delete(mailOutbox);

    const answer = await call('PATCH', `/api/foundation/applications/${id}`, foundation, {
      action: 'approve',
      participantCount: 6,
    });
    expect(answer.statusCode).toBe(200);

    const title = event.form.title;
    expect(await outboxSummary()).toEqual([
      {
        to: waiting.email,
        kind: 'decisions',
        subject: `Заявка на «${title}» вышла из листа ожидания`,
        path: '/school-applications',
      },
      {
        to: foundation.email,
        kind: 'applications',
        subject: `Заявка из листа ожидания на «${title}»`,
        path: '/foundation-applications',
      },
      {
        to: first.email,
        kind: 'decisions',
        subject: `Заявка на «${title}» одобрена частично`,
        path: '/school-approved-applications',
      },
    ]);
    const letters = await outbox();
    expect(letters[2]?.text).toContain('6 из 10 учеников');
  });

  it('mails a rejection with its reason, but not to a school that turned decisions off', async () => {
    const foundation = await account('foundation');
    const [school, quiet] = [await account('school'), await account('school', { optOuts: ['decisions'] })];
    const event = await eventOf(foundation);
    const id = await applicationOf(school, event.id, 3);
    const quietId = await applicationOf(quiet, event.id, 3);
    await db().delete(mailOutbox);

    for (const applicationId of [id, quietId]) {
      const answer = await call('PATCH', `/api/foundation/applications/${applicationId}`, foundation, {
        action: 'reject',
        rejectionReason: 'Группа уже набрана',
      });
      expect(answer.statusCode).toBe(200);
    }

    const [letter, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(letter).toMatchObject({
      to: school.email,
      kind: 'decisions',
      subject: `Заявка на «${event.form.title}» отклонена`,
      path: '/school-applications',
    });
    expect(letter?.text).toContain('Причина: Группа уже набрана.');
  });
});

describe("the school's change of its application", () => {
  it('mails the foundation a cancellation, and both sides of the application it moves up', async () => {
    const foundation = await account('foundation');
    const [leaving, waiting] = [await account('school', { name: 'Лицей № 2' }), await account('school')];
    const event = await eventOf(foundation, { totalSlots: 10 });
    const id = await applicationOf(leaving, event.id, 10);
    await applicationOf(waiting, event.id, 5, true);
    await db().delete(mailOutbox);

    expect((await call('DELETE', `/api/applications/${id}`, leaving)).statusCode).toBe(200);

    const title = event.form.title;
    expect(await outboxSummary()).toEqual([
      {
        to: foundation.email,
        kind: 'applications',
        subject: `Школа отменила заявку на «${title}»`,
        path: '/foundation-applications',
      },
      {
        to: waiting.email,
        kind: 'decisions',
        subject: `Заявка на «${title}» вышла из листа ожидания`,
        path: '/school-applications',
      },
      {
        to: foundation.email,
        kind: 'applications',
        subject: `Заявка из листа ожидания на «${title}»`,
        path: '/foundation-applications',
      },
    ]);
    expect((await outbox())[0]?.text).toContain('Лицей № 2: заявка на');
  });

  it('mails a cancellation named by the event, and nothing for leaving the waitlist or a refused cancellation', async () => {
    const foundation = await account('foundation');
    const [school, waiting, stranger] = [
      await account('school'),
      await account('school'),
      await account('school'),
    ];
    const event = await eventOf(foundation, { totalSlots: 3 });
    const id = await applicationOf(school, event.id, 3);
    const waitingId = await applicationOf(waiting, event.id, 5, true);
    await db().delete(mailOutbox);

    expect((await call('DELETE', `/api/applications/${waitingId}`, waiting)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/applications/${id}`, stranger)).statusCode).toBe(403);
    expect(await outbox()).toEqual([]);

    expect((await call('POST', `/api/events/${event.id}/cancel-application`, school)).statusCode).toBe(200);
    expect(await outboxSummary()).toEqual([
      {
        to: foundation.email,
        kind: 'applications',
        subject: `Школа отменила заявку на «${event.form.title}»`,
        path: '/foundation-applications',
      },
    ]);
  });

  it('mails the foundation a changed number of pupils, but not the change of a waitlisted application', async () => {
    const foundation = await account('foundation');
    const [school, waiting] = [await account('school'), await account('school')];
    const event = await eventOf(foundation, { totalSlots: 10 });
    const id = await applicationOf(school, event.id, 8);
    const waitingId = await applicationOf(waiting, event.id, 7, true);
    await db().delete(mailOutbox);

    expect(
      (await call('PATCH', `/api/applications/${waitingId}`, waiting, { participantCount: 6 })).statusCode,
    ).toBe(200);
    expect(await outbox()).toEqual([]);
    expect((await call('PATCH', `/api/applications/${id}`, school, { participantCount: 5 })).statusCode).toBe(
      200,
    );

    const letters = await outbox();
    expect(letters.map(({ to, kind, subject }) => ({ to, kind, subject }))).toContainEqual({
      to: foundation.email,
      kind: 'applications',
      subject: `Школа изменила заявку на «${event.form.title}»`,
    });
    expect(letters.find((letter) => letter.subject.startsWith('Школа изменила'))?.text).toContain(
      'было 8, стало 5 учеников',
    );
  });
});

describe("a change of the event's day, time or place", () => {
  /** An event with a school of each status, and approved ones without e-mail and with changes turned off. */
  async function eventWithSchools() {
    const foundation = await account('foundation', { name: 'Фонд «Река»' });
    const event = await eventOf(foundation);
    const schoolsByStatus = {
      waitlisted: await account('school'),
      pending: await account('school'),
      approved: await account('school'),
      rejected: await account('school'),
    };
    for (const [status, school] of Object.entries(schoolsByStatus)) {
      await createApplication(db(), {
        eventId: event.id,
        schoolId: school.id,
        // Larger than the places left, so that the waitlisted school stays in line through the edits.
        participantCount: status === 'waitlisted' ? 5 : 2,
        status: status as keyof typeof schoolsByStatus,
      });
    }
    for (const school of [
      await account('school', { email: null }),
      await account('school', { optOuts: ['eventChanges'] }),
    ]) {
      await createApplication(db(), {
        eventId: event.id,
        schoolId: school.id,
        participantCount: 2,
        status: 'approved',
      });
    }
    // Pending, approved and the two approved below hold 8 of the 10 places.
    await db().update(events).set({ reservedSlots: 8 }).where(eq(events.id, event.id));
    await db().delete(mailOutbox);
    const active = [schoolsByStatus.waitlisted, schoolsByStatus.pending, schoolsByStatus.approved];
    return { foundation, event, schools: schoolsByStatus, active };
  }
  const recipients = async () => (await outbox()).map((letter) => letter.to).sort();
  const addresses = (accounts: Account[]) => accounts.map((school) => school.email).sort();

  it('mails every school with an application in play what was and what is now, and tells them in-app', async () => {
    const { foundation, event, schools: bySchool, active } = await eventWithSchools();

    const answer = await call('PUT', `/api/events/${event.id}`, foundation, {
      ...event.form,
      date: '2026-12-06',
      startTime: '11:00',
      endTime: '14:00',
      location: 'Нескучный сад',
      address: 'Москва, Ленинский проспект, 30',
    });
    expect(answer.statusCode).toBe(200);

    expect(await recipients()).toEqual(addresses(active));
    const letter = (await outbox())[0];
    expect(letter).toMatchObject({
      kind: 'eventChanges',
      subject: `Изменения в мероприятии «${event.form.title}»`,
      path: `/events/${event.id}`,
    });
    expect(letter?.text).toContain('Фонд: Фонд «Река»');
    expect(letter?.text).toContain('Дата: было 5 декабря 2026 г., стало 6 декабря 2026 г.');
    expect(letter?.text).toContain('Время: было 10:00–13:00, стало 11:00–14:00');
    expect(letter?.text).toContain('Место: было Парк Горького, главный вход, стало Нескучный сад');
    expect(letter?.text).toContain(
      'Адрес: было Парк Горького, главный вход, стало Москва, Ленинский проспект, 30',
    );

    const [notice] = await db()
      .select({ kind: notifications.kind, text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, bySchool.approved.userId));
    expect(notice).toEqual({
      kind: 'event_changed',
      text: `Мероприятие «${event.form.title}» изменено: дата — 6 декабря 2026 г., время — 11:00–14:00, место — Нескучный сад, адрес — Москва, Ленинский проспект, 30`,
      link: `/events/${event.id}`,
    });
    const rejectedNotices = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, bySchool.rejected.userId));
    expect(rejectedNotices).toEqual([]);
  });

  it('mails nothing for an edit that keeps the day, time and place, nor for a refused one', async () => {
    const { foundation, event } = await eventWithSchools();

    const sameDay = {
      ...event.form,
      description: 'Убираем листья, сажаем тюльпаны и готовим клумбы к зиме.',
    };
    expect((await call('PUT', `/api/events/${event.id}`, foundation, sameDay)).statusCode).toBe(200);
    // The time as the database keeps it ('10:00:00') is the time the form sends ('10:00').
    expect(await outbox()).toEqual([]);

    const past = { ...event.form, date: '2026-11-01' };
    expect((await call('PUT', `/api/events/${event.id}`, foundation, past)).statusCode).toBe(400);
    const stranger = await account('foundation');
    const moved = { ...event.form, date: '2026-12-07' };
    expect((await call('PUT', `/api/events/${event.id}`, stranger, moved)).statusCode).toBe(403);
    expect(await outbox()).toEqual([]);
    expect((await db().select().from(events).where(eq(events.id, event.id)))[0]?.date).toBe('2026-12-05');
  });

  it('mails the cancellation once, and the deletion', async () => {
    const { foundation, event, active } = await eventWithSchools();

    expect(
      (await call('PATCH', `/api/events/${event.id}`, foundation, { status: 'canceled' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/events/${event.id}`, foundation, { status: 'canceled' })).statusCode,
    ).toBe(200);
    expect(await recipients()).toEqual(addresses(active));
    expect(await outbox()).toEqual(
      active.map(() =>
        expect.objectContaining({
          kind: 'eventChanges',
          subject: `Мероприятие «${event.form.title}» отменено`,
          path: '/school-applications',
        }),
      ),
    );
    // An edit of a cancelled event is not news to schools told it will not happen.
    const moved = { ...event.form, date: '2026-12-07' };
    expect((await call('PUT', `/api/events/${event.id}`, foundation, moved)).statusCode).toBe(200);
    expect(await outbox()).toHaveLength(active.length);

    const other = await eventWithSchools();
    expect((await call('DELETE', `/api/events/${other.event.id}`, other.foundation)).statusCode).toBe(200);
    expect(await recipients()).toEqual(addresses(other.active));
    expect((await outbox())[0]).toMatchObject({
      kind: 'eventChanges',
      subject: `Мероприятие «${other.event.form.title}» отменено`,
    });
    expect((await outbox())[0]?.text).toContain('удалено организатором');
  });
});

describe("the administrator's deletions", () => {
  const remove = (url: string) => ctx.app.inject({ method: 'DELETE', url, cookies: { sid: adminSid } });

  it('mails the schools holding places of a deleted event, and of every event of a deleted foundation', async () => {
    const foundation = await account('foundation', { name: 'Фонд «Берег»' });
    const [pending, approved, waiting] = [
      await account('school'),
      await account('school'),
      await account('school'),
    ];
    const first = await eventOf(foundation, { totalSlots: 4 });
    const second = await eventOf(foundation);
    await applicationOf(pending, first.id, 2);
    const approvedId = await applicationOf(approved, first.id, 2);
    await applicationOf(waiting, first.id, 3, true);
    expect(
      (await call('PATCH', `/api/foundation/applications/${approvedId}`, foundation, { action: 'approve' }))
        .statusCode,
    ).toBe(200);
    await applicationOf(pending, second.id, 2);
    await db().delete(mailOutbox);

    expect((await remove(`/api/admin/events/${first.id}`)).statusCode).toBe(200);
    const deleted = await outbox();
    expect(deleted.map((letter) => letter.to).sort()).toEqual([approved.email, pending.email].sort());
    expect(deleted[0]).toMatchObject({
      kind: 'eventChanges',
      subject: `Мероприятие «${first.form.title}» отменено`,
    });
    expect(deleted[0]?.text).toContain('удалено администратором');
    await db().delete(mailOutbox);

    expect((await remove(`/api/admin/users/${foundation.userId}`)).statusCode).toBe(200);
    const [letter, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(letter).toMatchObject({
      to: pending.email,
      kind: 'eventChanges',
      subject: `Мероприятие «${second.form.title}» отменено`,
    });
    expect(letter?.text).toContain('Фонд «Берег»: учётная запись удалена администратором');
  });
});

describe('moderation', () => {
  const moderate = (userId: number, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${userId}/moderate`,
      cookies: { sid: adminSid },
      payload,
    });

  it("mails the organisation the decision, with the moderator's comment and where to act on it", async () => {
    const foundation = await signUp(ctx.app, 'foundation');
    await db()
      .update(foundations)
      .set({ name: 'Фонд «Сад»', email: 'sad@example.ru' })
      .where(isOrganisationOf(foundations, foundation.user.id));

    const comment = 'Добавьте описание фонда';
    expect((await moderate(foundation.user.id, { status: 'needs_changes', comment })).statusCode).toBe(200);
    expect((await moderate(foundation.user.id, { status: 'rejected', comment: '   ' })).statusCode).toBe(400);
    await db()
      .update(foundations)
      .set({
        description: 'Сажаем сады со школьниками.',
        address: 'Москва, ул. Садовая, д. 1',
        phone: '+7 495 000-00-00',
      })
      .where(isOrganisationOf(foundations, foundation.user.id));
    expect((await moderate(foundation.user.id, { status: 'approved' })).statusCode).toBe(200);

    const letters = await outbox();
    expect(letters.map(({ to, kind, subject, path }) => ({ to, kind, subject, path }))).toEqual([
      {
        to: 'sad@example.ru',
        kind: 'moderation',
        subject: 'Профиль организации требует доработки',
        path: '/dashboard/edit-profile',
      },
      {
        to: 'sad@example.ru',
        kind: 'moderation',
        subject: 'Профиль организации одобрен',
        path: '/dashboard',
      },
    ]);
    expect(letters[0]?.text).toContain(`Комментарий: ${comment}`);
  });

  it('mails nothing to an organisation without an e-mail', async () => {
    const school = await signUp(ctx.app, 'school');
    const decision = { status: 'needs_changes', comment: 'Укажите электронную почту' };
    expect((await moderate(school.user.id, decision)).statusCode).toBe(200);
    expect(await outbox()).toEqual([]);
  });
});

describe('a volunteer request', () => {
  const request = { ...volunteerRequestInput, requirements: [] };
  const response = {
    volunteersOffered: 8,
    message: 'Придут 8 «В» и классный руководитель',
    contactPerson: 'Ольга Сергеевна',
    contactPhone: '+7 (495) 111-22-33',
  };

  it("mails the foundation a school's response and the school the foundation's decision", async () => {
    const foundation = await account('foundation', { name: 'Фонд «Ярмарка»' });
    const school = await account('school', { name: 'Гимназия № 3' });
    const created = await call('POST', '/api/volunteer-requests', foundation, request);
    expect(created.statusCode).toBe(201);
    const requestId = created.json().request.id as number;

    const responded = await call('POST', `/api/volunteer-requests/${requestId}/respond`, school, response);
    expect(responded.statusCode).toBe(201);
    expect(
      (await call('POST', `/api/volunteer-requests/${requestId}/respond`, school, response)).statusCode,
    ).toBe(409);
    const [received, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(received).toMatchObject({
      to: foundation.email,
      kind: 'volunteerRequests',
      subject: `Отклик на запрос «${request.title}»`,
      path: `/volunteer-requests/${requestId}`,
    });
    expect(received?.text).toContain('Гимназия № 3: отклик на заявку');
    expect(received?.text).toContain('Дата: 20 декабря 2026 г.');
    await db().delete(mailOutbox);

    const responseId = responded.json().id as number;
    const decision = { status: 'accepted', processingNote: 'Ждём к 10:45 у главного входа' };
    expect((await call('PUT', `/api/school-responses/${responseId}`, foundation, decision)).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `/api/school-responses/${responseId}`, foundation, decision)).statusCode).toBe(
      409,
    );
    const [processed, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(processed).toMatchObject({
      to: school.email,
      kind: 'volunteerRequests',
      subject: `Отклик на запрос «${request.title}» принят`,
      path: `/volunteer-requests/${requestId}`,
    });
    expect(processed?.text).toContain('Комментарий фонда: Ждём к 10:45 у главного входа');
    expect(processed?.text).toContain('Время: 11:00');
  });
});

describe('what changed in an event', () => {
  const before = {
    date: '2026-12-05',
    startTime: '10:00:00',
    endTime: '13:00:00',
    location: 'Парк',
    address: 'Парк',
  };

  it('reads a time kept by the database and one typed in the form as the same time', () => {
    expect(describeChanges(before, { ...before, startTime: '10:00', endTime: '13:00' })).toEqual([]);
  });

  it('says a new place once when its address follows it, and an address of its own as a change', () => {
    expect(describeChanges(before, { ...before, location: 'Сквер', address: 'Сквер' })).toEqual([
      { field: 'location', before: 'Парк', after: 'Сквер' },
    ]);
    expect(describeChanges(before, { ...before, address: 'ул. Лесная, 5' })).toEqual([
      { field: 'address', before: 'Парк', after: 'ул. Лесная, 5' },
    ]);
  });
});
