import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { loadConfig } from '../config';
import { type Database, openPostgres } from '../db/client';
import { events, foundations, mailOutbox, notifications, schools, users } from '../db/schema';
import type { MailMessage } from '../mail/outbox';
import { createApplication, createEvent, createFoundation, createSchool } from '../test/factories';
import { createTestApp, type TestContext, testHasher } from '../test/test-app';
import { hourIn, sendDueReminders } from './service';

const { databaseUrl } = loadConfig();

// Moscow is UTC+3 all year: 07:00Z is 10:00 there, 21:30Z is half past midnight of the next day.
let now = new Date('2026-11-23T07:00:00Z');
const calendar = createCalendar('Europe/Moscow', () => now);
const at = (moment: string) => {
  now = new Date(moment);
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ calendar });
});
afterAll(() => ctx?.close());
beforeEach(() => at('2026-11-23T07:00:00Z'));

const db = () => ctx.database.db;

async function schoolWithEmail(email: string) {
  const school = await createSchool(db());
  await db()
    .update(schools)
    .set({ email, name: `Школа ${email}` })
    .where(eq(schools.id, school.id));
  return school;
}

/** A foundation with an e-mail, its event tomorrow (24 November) and what the schools did about it. */
async function eventTomorrow(
  values: { date?: string; status?: 'upcoming' | 'active' | 'completed' | 'canceled' } = {},
) {
  const foundation = await createFoundation(db(), { name: 'Зелёный город' });
  await db()
    .update(foundations)
    .set({
      email: `fond${foundation.id}@example.org`,
      contactPerson: 'Анна Фондовая',
      phone: '+7 495 000-00-01',
    })
    .where(eq(foundations.id, foundation.id));
  const event = await createEvent(db(), foundation.id, {
    date: values.date ?? '2026-11-24',
    status: values.status ?? 'upcoming',
    title: `Субботник ${foundation.id}`,
    startTime: '10:30',
  });
  await db()
    .update(events)
    .set({
      address: 'Москва, Крымский Вал, 9',
      contactPersonName: 'Ольга Смирнова',
      contactPersonPhone: '+7 (495) 123-45-67',
    })
    .where(eq(events.id, event.id));
  return { foundation, event };
}

const notificationsOf = (userId: number) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));
const lettersTo = (userId: number) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'reminders')));
const messageOf = (letter: { message: unknown } | undefined) => letter?.message as MailMessage | undefined;
const remindedAtOf = async (eventId: number) =>
  (await db().select({ at: events.remindedAt }).from(events).where(eq(events.id, eventId)))[0]?.at;

describe('the day-before reminders', () => {
  it('knows the hour of the day in the app’s time zone, not the server’s', () => {
    expect(hourIn('Europe/Moscow', new Date('2026-11-23T06:59:00Z'))).toBe(9);
    expect(hourIn('Europe/Moscow', new Date('2026-11-23T07:00:00Z'))).toBe(10);
    expect(hourIn('Europe/Moscow', new Date('2026-11-23T21:30:00Z'))).toBe(0);
  });

  it('waits for the hour, then tells each approved school and the foundation once, with place, time and contact', async () => {
    const { foundation, event } = await eventTomorrow();
    const approved = await schoolWithEmail('approved@school.example');
    const pending = await schoolWithEmail('pending@school.example');
    await createApplication(db(), {
      eventId: event.id,
      schoolId: approved.id,
      participantCount: 12,
      status: 'approved',
    });
    await createApplication(db(), {
      eventId: event.id,
      schoolId: pending.id,
      participantCount: 3,
      status: 'pending',
    });

    at('2026-11-23T06:59:00Z'); // 09:59 in Moscow
    expect(await sendDueReminders(db(), calendar, 10)).toBe(0);
    expect(await notificationsOf(approved.userId)).toEqual([]);
    expect(await remindedAtOf(event.id)).toBeNull();

    at('2026-11-23T07:00:00Z'); // 10:00 in Moscow
    expect(await sendDueReminders(db(), calendar, 10)).toBeGreaterThanOrEqual(1);
    expect(await remindedAtOf(event.id)).toEqual(now);

    const [schoolNotice, ...moreForSchool] = await notificationsOf(approved.userId);
    expect(moreForSchool).toEqual([]);
    expect(schoolNotice).toMatchObject({ kind: 'event_reminder', link: `/events/${event.id}` });
    expect(schoolNotice?.text).toBe(
      `Завтра «${event.title}» в 10:30: Парк Горького, Москва, Крымский Вал, 9. Одобрено: 12 учеников. Контакт фонда: Ольга Смирнова, +7 (495) 123-45-67`,
    );
    const [schoolLetter, ...moreLetters] = await lettersTo(approved.userId);
    expect(moreLetters).toEqual([]);
    expect(schoolLetter?.toAddress).toBe('approved@school.example');
    const message = messageOf(schoolLetter);
    expect(message?.subject).toBe(`Напоминание: завтра «${event.title}»`);
    expect(message?.paragraphs[0]).toBe(
      `Напоминаем: завтра, 24 ноября 2026 г., ваша школа участвует в мероприятии «${event.title}» фонда «Зелёный город».`,
    );
    expect(message?.details).toEqual([
      { label: 'Дата и время', value: '24 ноября 2026 г., 10:30–13:00' },
      { label: 'Место', value: 'Парк Горького, Москва, Крымский Вал, 9' },
      { label: 'Контакт фонда', value: 'Ольга Смирнова, +7 (495) 123-45-67' },
      { label: 'Участников', value: '12 учеников' },
    ]);
    expect(message?.action).toEqual({ label: 'Открыть мероприятие', path: `/events/${event.id}` });

    // A pending application is no promise to come: no reminder.
    expect(await notificationsOf(pending.userId)).toEqual([]);
    expect(await lettersTo(pending.userId)).toEqual([]);

    const [foundationNotice] = await notificationsOf(foundation.userId);
    expect(foundationNotice?.text).toBe(
      `Завтра ваше мероприятие «${event.title}» в 10:30: придут 1 школа, 12 учеников`,
    );
    expect(foundationNotice?.link).toBe(`/foundation/event/${event.id}`);
    const [foundationLetter] = await lettersTo(foundation.userId);
    expect(foundationLetter?.toAddress).toBe(`fond${foundation.id}@example.org`);
    expect(messageOf(foundationLetter)?.paragraphs[1]).toContain('Одобрены заявки: 1 школа, 12 учеников');

    // Later passes, that day or after a restart, find nothing left to do.
    at('2026-11-23T15:00:00Z');
    await sendDueReminders(db(), calendar, 10);
    expect(await notificationsOf(approved.userId)).toHaveLength(1);
    expect(await lettersTo(approved.userId)).toHaveLength(1);
    expect(await lettersTo(foundation.userId)).toHaveLength(1);
  });

  it('takes the contact from the foundation when the event names none, and keeps e-mail off for who turned it off', async () => {
    const { foundation, event } = await eventTomorrow();
    await db()
      .update(events)
      .set({ contactPersonName: null, contactPersonPhone: null })
      .where(eq(events.id, event.id));
    const school = await schoolWithEmail('quiet@school.example');
    await db()
      .update(users)
      .set({ mailOptOuts: ['reminders'] })
      .where(eq(users.id, school.userId));
    await createApplication(db(), {
      eventId: event.id,
      schoolId: school.id,
      participantCount: 2,
      status: 'approved',
    });

    await sendDueReminders(db(), calendar, 10);

    const [notice] = await notificationsOf(school.userId);
    expect(notice?.text).toContain('Контакт фонда: Анна Фондовая, +7 495 000-00-01');
    expect(await lettersTo(school.userId)).toEqual([]);
    const [letter] = await lettersTo(foundation.userId);
    expect(messageOf(letter)?.paragraphs[1]).toBe(
      'Одобрены заявки: 1 школа, 2 ученика. Школы получили напоминание с адресом, временем и контактом.',
    );
  });

  it('leaves alone cancelled and completed events, and events of other days', async () => {
    const cancelled = await eventTomorrow({ status: 'canceled' });
    const completed = await eventTomorrow({ status: 'completed' });
    const today = await eventTomorrow({ date: '2026-11-23' });
    const later = await eventTomorrow({ date: '2026-11-25' });
    const active = await eventTomorrow({ status: 'active' });

    await sendDueReminders(db(), calendar, 10);

    for (const { event } of [cancelled, completed, today, later])
      expect(await remindedAtOf(event.id)).toBeNull();
    expect(await remindedAtOf(active.event.id)).toEqual(now);
  });

  it('counts the days in Moscow across its midnight, when the UTC day is still the old one', async () => {
    const dayAfter = await eventTomorrow({ date: '2026-11-25' });
    const nextDay = await eventTomorrow({ date: '2026-11-24' });

    at('2026-11-23T20:30:00Z'); // 23:30 on the 23rd in Moscow: tomorrow is the 24th
    await sendDueReminders(db(), calendar, 10);
    expect(await remindedAtOf(nextDay.event.id)).toEqual(now);
    expect(await remindedAtOf(dayAfter.event.id)).toBeNull();

    at('2026-11-23T21:30:00Z'); // 00:30 on the 24th in Moscow: before the hour of the 24th
    await sendDueReminders(db(), calendar, 10);
    expect(await remindedAtOf(dayAfter.event.id)).toBeNull();
    // With the hour at midnight it is the day before the 25th already, though UTC says the 23rd.
    await sendDueReminders(db(), calendar, 0);
    expect(await remindedAtOf(dayAfter.event.id)).toEqual(now);
  });

  it('reminds of the new day when the foundation moves its event, and not again when it edits anything else', async () => {
    const { foundation, event } = await eventTomorrow();
    const school = await schoolWithEmail('moved@school.example');
    await createApplication(db(), {
      eventId: event.id,
      schoolId: school.id,
      participantCount: 5,
      status: 'approved',
    });
    await sendDueReminders(db(), calendar, 10);
    expect(await lettersTo(school.userId)).toHaveLength(1);

    const sid = (await createSession(db(), foundation.userId)).sessionId;
    const edit = (changes: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/events/${event.id}`,
        cookies: { sid },
        payload: {
          title: event.title,
          description: event.description,
          date: '2026-11-24',
          startTime: '10:30',
          endTime: '13:00',
          location: event.location,
          address: 'Москва, Крымский Вал, 9',
          activityType: 'ecology',
          minParticipants: 1,
          totalSlots: 20,
          hours: 3,
          contactPersonName: 'Ольга Смирнова',
          contactPersonPhone: '+7 (495) 123-45-67',
          contactPersonEmail: 'olga@example.org',
          ...changes,
        },
      });
    expect((await edit({ additionalInfo: 'Перчатки выдадим' })).statusCode).toBe(200);
    expect(await remindedAtOf(event.id)).not.toBeNull();

    expect((await edit({ date: '2026-11-28' })).statusCode).toBe(200);
    expect(await remindedAtOf(event.id)).toBeNull();
    await sendDueReminders(db(), calendar, 10);
    expect(await lettersTo(school.userId)).toHaveLength(1);

    at('2026-11-27T08:00:00Z');
    await sendDueReminders(db(), calendar, 10);
    const letters = await lettersTo(school.userId);
    expect(letters).toHaveLength(2);
    expect(messageOf(letters[1])?.details?.[0]).toEqual({
      label: 'Дата и время',
      value: '28 ноября 2026 г., 10:30–13:00',
    });
  });

  it('runs by itself in the server every interval', async () => {
    const fast = await createTestApp({ calendar, reminderEveryMs: 20 });
    try {
      await fast.app.ready();
      const foundation = await createFoundation(fast.database.db);
      const event = await createEvent(fast.database.db, foundation.id, { date: '2026-11-24' });
      await expect
        .poll(async () => {
          const [row] = await fast.database.db
            .select({ text: notifications.text })
            .from(notifications)
            .where(eq(notifications.userId, foundation.userId));
          return row?.text;
        })
        .toBe(`Завтра ваше мероприятие «${event.title}» в 10:00: одобренных заявок нет`);
    } finally {
      await fast.close();
    }
  });
});

/**
 * Several processes on one PostgreSQL database each run their own passes. On PGlite (one process only)
 * the second app shares the first one's database, which still proves that a second pass finds nothing.
 */
describe('the reminders with two app processes on one database', () => {
  let second: Database | undefined;
  afterAll(() => second?.close());

  it('queues one set of reminders when both run a pass at the same moment, and nothing on the next', async () => {
    second = ctx.database.url ? openPostgres(ctx.database.url, () => {}) : undefined;
    const dbB = second?.db ?? db();
    const eventIds: number[] = [];
    const schoolUsers: number[] = [];
    for (let index = 0; index < 6; index++) {
      const { event } = await eventTomorrow();
      eventIds.push(event.id);
      for (let count = 0; count < 3; count++) {
        const school = await schoolWithEmail(`two-nodes-${index}-${count}@school.example`);
        schoolUsers.push(school.userId);
        await createApplication(db(), {
          eventId: event.id,
          schoolId: school.id,
          participantCount: 2,
          status: 'approved',
        });
      }
    }

    const passes = await Promise.all([
      sendDueReminders(db(), calendar, 10),
      sendDueReminders(dbB, calendar, 10),
      sendDueReminders(dbB, calendar, 10),
    ]);
    expect(passes.reduce((sum, reminded) => sum + reminded, 0)).toBeGreaterThanOrEqual(6);
    const letters = await db()
      .select({ userId: mailOutbox.userId })
      .from(mailOutbox)
      .where(inArray(mailOutbox.userId, schoolUsers));
    expect(letters).toHaveLength(18);
    expect(new Set(letters.map((letter) => letter.userId)).size).toBe(18);

    expect(
      await Promise.all([sendDueReminders(db(), calendar, 10), sendDueReminders(dbB, calendar, 10)]),
    ).toEqual([0, 0]);
    const notices = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.userId, schoolUsers));
    expect(notices).toHaveLength(18);
    for (const id of eventIds) expect(await remindedAtOf(id)).toEqual(now);
  });

  it.skipIf(!databaseUrl)('two servers, each with its own passes, remind of an event once', async () => {
    if (!second) throw new Error('the second connection is opened by the test above');
    const app = await buildApp({
      db: second.db,
      changes: second.changes,
      hasher: testHasher,
      calendar,
      reminderEveryMs: 15,
      rateLimitCounts: 'memory',
    });
    const first = await buildApp({
      db: db(),
      changes: ctx.database.changes,
      hasher: testHasher,
      calendar,
      reminderEveryMs: 15,
      rateLimitCounts: 'memory',
    });
    const { event, foundation } = await eventTomorrow();
    try {
      await Promise.all([app.ready(), first.ready()]);
      await expect.poll(() => remindedAtOf(event.id)).not.toBeNull();
    } finally {
      // Closing waits for a pass still running in either server.
      await Promise.all([app.close(), first.close()]);
    }
    expect(await notificationsOf(foundation.userId)).toHaveLength(1);
    expect(await lettersTo(foundation.userId)).toHaveLength(1);
  });
});
