import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventMessageTexts } from '../../shared/event-messages';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { eventMessages, events, mailOutbox, notifications, schools } from '../db/schema';
import { manageMessages } from '../events/manage';
import type { MailMessage } from '../mail/outbox';
import { createApplication, createEvent, createFoundation, createSchool } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

const startOfTests = new Date('2026-11-23T09:00:00Z');
let now = startOfTests;
const calendar = createCalendar('Europe/Moscow', () => now);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ calendar });
});
afterAll(() => ctx?.close());
afterEach(() => {
  now = startOfTests;
});

const db = () => ctx.database.db;
const sidOf = async (userId: number) => (await createSession(db(), userId)).sessionId;

/** A foundation's event with one school in each state of an application, each school with an e-mail. */
async function eventWithSchools(status: 'upcoming' | 'canceled' | 'completed' = 'upcoming') {
  const foundation = await createFoundation(db(), { name: 'Зелёный город' });
  const event = await createEvent(db(), foundation.id, {
    date: '2026-12-05',
    status,
    title: 'Субботник в парке',
  });
  await db()
    .update(events)
    .set({
      address: 'Москва, Крымский Вал, 9',
      contactPersonName: 'Ольга Смирнова',
      contactPersonPhone: '+7 (495) 123-45-67',
    })
    .where(eq(events.id, event.id));
  const school = async (applicationStatus: 'pending' | 'approved' | 'waitlisted' | 'rejected') => {
    const row = await createSchool(db());
    await db()
      .update(schools)
      .set({ email: `${applicationStatus}${row.id}@school.example` })
      .where(eq(schools.id, row.id));
    await createApplication(db(), {
      eventId: event.id,
      schoolId: row.id,
      participantCount: 2,
      status: applicationStatus,
    });
    return row;
  };
  return {
    foundation,
    event,
    pending: await school('pending'),
    approved: await school('approved'),
    waitlisted: await school('waitlisted'),
    rejected: await school('rejected'),
    sid: await sidOf(foundation.userId),
  };
}

const send = (sid: string, eventId: number | string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/foundation/events/${eventId}/messages`,
    cookies: { sid },
    payload: payload as object,
  });
const read = (sid: string, url: string) => ctx.app.inject({ method: 'GET', url, cookies: { sid } });
const noticesOf = (userId: number) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));
const lettersTo = (userId: number) => db().select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
const storedMessages = async () => (await db().select({ n: count() }).from(eventMessages))[0]?.n;

describe('messages from a foundation to the schools of its event', () => {
  it('reaches every school with a pending or approved application, in-app and by letter', async () => {
    const world = await eventWithSchools();
    const text = '  Место сбора перенесли к главному входу парка.\n\nВозьмите перчатки и воду.  ';

    const answer = await send(world.sid, world.event.id, { text });

    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    expect(body).toMatchObject({
      message: 'Сообщение отправлено 2 школам',
      recipients: 2,
      sent: { text: text.trim() },
    });
    for (const school of [world.pending, world.approved]) {
      const [notice, ...more] = await noticesOf(school.userId);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({ kind: 'event_message', link: `/events/${world.event.id}` });
      expect(notice?.text).toBe(
        'Фонд «Зелёный город» пишет о «Субботник в парке»: Место сбора перенесли к главному входу парка. Возьмите перчатки и воду.',
      );
      const [letter, ...moreLetters] = await lettersTo(school.userId);
      expect(moreLetters).toEqual([]);
      expect(letter?.kind).toBe('eventMessages');
      expect(letter?.toAddress).toMatch(/@school\.example$/);
      expect(letter?.message as MailMessage).toEqual({
        subject: 'Сообщение фонда о «Субботник в парке»',
        paragraphs: [
          'Фонд «Зелёный город» пишет школам, подавшим заявку на мероприятие «Субботник в парке»:',
          'Место сбора перенесли к главному входу парка.',
          'Возьмите перчатки и воду.',
        ],
        details: [
          { label: 'Мероприятие', value: 'Субботник в парке' },
          { label: 'Дата', value: '5 декабря 2026 г., 10:00–13:00' },
          { label: 'Место', value: 'Парк Горького, Москва, Крымский Вал, 9' },
          { label: 'Контакт', value: 'Ольга Смирнова, +7 (495) 123-45-67' },
        ],
        action: { label: 'Открыть мероприятие', path: `/events/${world.event.id}` },
      });
    }
    for (const school of [world.waitlisted, world.rejected]) {
      expect(await noticesOf(school.userId)).toEqual([]);
      expect(await lettersTo(school.userId)).toEqual([]);
    }
  });

  it('cuts a long message in the notification, and sends the whole of it by letter', async () => {
    const world = await eventWithSchools();
    const text = `${'Очень длинное сообщение. '.repeat(79)}Конец`;
    expect(text.length).toBeLessThanOrEqual(2000);
    expect((await send(world.sid, world.event.id, { text })).statusCode).toBe(201);
    const [notice] = await noticesOf(world.approved.userId);
    expect(notice?.text.length).toBeLessThan(300);
    expect(notice?.text.endsWith('…')).toBe(true);
    const [letter] = await lettersTo(world.approved.userId);
    expect((letter?.message as MailMessage | undefined)?.paragraphs[1]).toBe(text);
  });

  it('refuses an empty, invisible or too long text in Russian and stores nothing', async () => {
    const world = await eventWithSchools();
    const before = await storedMessages();
    for (const [payload, message] of [
      [{ text: '   ' }, eventMessageTexts.textRequired],
      [{}, eventMessageTexts.textRequired],
      [{ text: 'я'.repeat(2001) }, eventMessageTexts.textTooLong],
      [
        { text: '\u200b\u200b' },
        'Текст должен содержать буквы, цифры или знаки, а не только пробелы и невидимые символы',
      ],
    ] as const) {
      const answer = await send(world.sid, world.event.id, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    expect(await storedMessages()).toBe(before);
    expect(await noticesOf(world.approved.userId)).toEqual([]);
  });

  it('lets a foundation write about its own events only', async () => {
    const world = await eventWithSchools();
    const other = await createFoundation(db());
    const foreign = await send(await sidOf(other.userId), world.event.id, { text: 'Чужое сообщение' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: manageMessages.notOwner });
    const missing = await send(world.sid, 999_999, { text: 'Сообщение' });
    expect(missing.statusCode).toBe(404);
    const school = await send(await sidOf(world.approved.userId), world.event.id, { text: 'Сообщение' });
    expect(school.statusCode).toBe(403);
    expect(await noticesOf(world.approved.userId)).toEqual([]);
  });

  it('writes about a cancelled event, not about a completed one or one nobody applied to', async () => {
    const cancelled = await eventWithSchools('canceled');
    expect((await send(cancelled.sid, cancelled.event.id, { text: 'Перенесём на весну' })).statusCode).toBe(
      201,
    );

    const completed = await eventWithSchools('completed');
    const late = await send(completed.sid, completed.event.id, { text: 'Спасибо всем' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: eventMessageTexts.completed });

    const foundation = await createFoundation(db());
    const empty = await createEvent(db(), foundation.id, { date: '2026-12-05' });
    const nobody = await send(await sidOf(foundation.userId), empty.id, { text: 'Есть кто-нибудь?' });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json()).toEqual({ message: eventMessageTexts.nobodyToTell });
  });

  it('shows the foundation whom a message reaches and what it sent, newest first', async () => {
    const world = await eventWithSchools();
    const url = `/api/foundation/events/${world.event.id}/messages`;
    expect((await read(world.sid, url)).json()).toEqual({ recipients: 2, messages: [] });
    await send(world.sid, world.event.id, { text: 'Первое' });
    await send(world.sid, world.event.id, { text: 'Второе' });

    const answer = (await read(world.sid, url)).json() as {
      recipients: number;
      messages: { text: string; createdAt: string }[];
    };
    expect(answer.recipients).toBe(2);
    expect(answer.messages.map((message) => message.text)).toEqual(['Второе', 'Первое']);
    expect(Number.isNaN(Date.parse(answer.messages[0]?.createdAt ?? ''))).toBe(false);

    const other = await createFoundation(db());
    expect((await read(await sidOf(other.userId), url)).statusCode).toBe(403);
  });

  it('shows the history to each school whose application is live or took part, refuses a rejected one', async () => {
    const world = await eventWithSchools();
    await send(world.sid, world.event.id, { text: 'Сбор у главного входа' });
    const url = `/api/events/${world.event.id}/messages`;
    const tookPart = await createSchool(db());
    await createApplication(db(), {
      eventId: world.event.id,
      schoolId: tookPart.id,
      participantCount: 2,
      status: 'completed',
    });

    for (const school of [world.pending, world.approved, world.waitlisted, tookPart]) {
      const answer = await read(await sidOf(school.userId), url);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([expect.objectContaining({ text: 'Сбор у главного входа' })]);
    }
    const rejected = await read(await sidOf(world.rejected.userId), url);
    expect(rejected.statusCode).toBe(403);
    expect(rejected.json()).toEqual({ message: eventMessageTexts.applicationNotLive });
    // Applying again after a refusal opens the history again.
    await createApplication(db(), {
      eventId: world.event.id,
      schoolId: world.rejected.id,
      participantCount: 1,
      status: 'pending',
    });
    expect((await read(await sidOf(world.rejected.userId), url)).statusCode).toBe(200);
    const stranger = await createSchool(db());
    const refused = await read(await sidOf(stranger.userId), url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: eventMessageTexts.noApplication });
    expect((await read(world.sid, url)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('how many messages a foundation may send', () => {
  const at = (moment: string) => {
    now = new Date(moment);
  };

  it('refuses the sixth message of a foundation within an hour, says when the next may go, and sends no letter', async () => {
    const world = await eventWithSchools();
    for (const minute of ['00', '10', '20', '30', '40']) {
      at(`2026-11-23T09:${minute}:00Z`);
      expect((await send(world.sid, world.event.id, { text: `Новость ${minute}` })).statusCode).toBe(201);
    }
    const stored = await storedMessages();

    at('2026-11-23T09:50:00Z');
    const refused = await send(world.sid, world.event.id, { text: 'Шестое за час' });

    expect(refused.statusCode).toBe(429);
    // The first of the five was sent at 12:00 Moscow time: an hour later the foundation may write again.
    expect(refused.json()).toEqual({
      message:
        'Фонд может отправить школам не больше 5 сообщений в час. Следующее сообщение можно отправить в 13:00',
    });
    expect(await storedMessages()).toBe(stored);
    expect(await lettersTo(world.approved.userId)).toHaveLength(5);
    expect(await noticesOf(world.pending.userId)).toHaveLength(5);

    // Another foundation writes at the same moment as usual.
    const other = await eventWithSchools();
    expect((await send(other.sid, other.event.id, { text: 'Сбор в 10:00' })).statusCode).toBe(201);

    // An hour after the first, one more may go, and then again not.
    at('2026-11-23T10:00:00Z');
    expect((await send(world.sid, world.event.id, { text: 'Через час' })).statusCode).toBe(201);
    const again = await send(world.sid, world.event.id, { text: 'И ещё' });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/в 13:10$/);
    expect(await lettersTo(world.approved.userId)).toHaveLength(6);
  });

  it('refuses the eleventh message about one event within a day, naming tomorrow, and lets other events be', async () => {
    const world = await eventWithSchools();
    const start = Date.parse('2026-11-24T09:00:00Z');
    for (let sent = 0; sent < 10; sent++) {
      now = new Date(start + sent * 15 * 60_000);
      expect((await send(world.sid, world.event.id, { text: `Новость ${sent}` })).statusCode).toBe(201);
    }

    at('2026-11-24T11:30:00Z');
    const refused = await send(world.sid, world.event.id, { text: 'Одиннадцатое' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message:
        'Об этом мероприятии уже отправлено 10 сообщений за сутки. Следующее сообщение о нём можно отправить завтра в 12:00',
    });
    expect(await lettersTo(world.approved.userId)).toHaveLength(10);

    const another = await createEvent(db(), world.foundation.id, {
      date: '2026-12-12',
      title: 'Высадка липы',
    });
    await createApplication(db(), {
      eventId: another.id,
      schoolId: world.approved.id,
      participantCount: 2,
      status: 'approved',
    });
    expect((await send(world.sid, another.id, { text: 'Про другое мероприятие' })).statusCode).toBe(201);

    at('2026-11-25T09:00:00Z');
    expect((await send(world.sid, world.event.id, { text: 'Новый день' })).statusCode).toBe(201);
  });

  it('counts messages sent at the same moment, so that no more than five go', async () => {
    const world = await eventWithSchools();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => send(world.sid, world.event.id, { text: `Разом ${index}` })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await lettersTo(world.approved.userId)).toHaveLength(5);
  });
});
