import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSession } from '../auth/sessions';
import { notifications, schools } from '../db/schema';
import { createApplication, createEvent, createFoundation, createSchool } from '../test/factories';
import { createMailingTestApp, type MailingTestContext } from '../test/smtp-inbox';

// A foundation's name is written as the foundation spelled it: «Фонд «Добро рядом»» is not wrapped in
// another «Фонд «…»» in the letter the school receives nor in its notification.

let ctx: MailingTestContext;

beforeAll(async () => {
  ctx = await createMailingTestApp();
});
afterAll(() => ctx.close());

it('names a foundation whose name already says «Фонд» once, in the letter and in the notification', async () => {
  const db = ctx.database.db;
  const foundation = await createFoundation(db, { name: 'Фонд «Добро рядом»' });
  const event = await createEvent(db, foundation.id, { title: 'Субботник в парке', date: '2099-05-16' });
  const school = await createSchool(db);
  await db.update(schools).set({ email: 'head@school.example' }).where(eq(schools.id, school.id));
  await createApplication(db, {
    eventId: event.id,
    schoolId: school.id,
    participantCount: 3,
    status: 'approved',
  });
  const { sessionId } = await createSession(db, foundation.userId);

  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/foundation/events/${event.id}/messages`,
    cookies: { sid: sessionId },
    payload: { text: 'Сбор у главного входа в 9:45.' },
  });
  expect(sent.statusCode).toBe(201);

  const [letter] = await ctx.inbox.waitFor(1);
  expect(letter?.to).toMatchObject({ value: [{ address: 'head@school.example' }] });
  expect(letter?.text).toContain(
    'Фонд «Добро рядом» пишет школам, подавшим заявку на мероприятие «Субботник в парке»:',
  );
  expect(letter?.text).toContain('Сбор у главного входа в 9:45.');
  expect(letter?.text).not.toContain('Фонд «Фонд');
  const [notice] = await db.select().from(notifications).where(eq(notifications.userId, school.userId));
  expect(notice?.text).toBe('Фонд «Добро рядом» пишет о «Субботник в парке»: Сбор у главного входа в 9:45.');
});
