import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSession } from '../auth/sessions';
import { foundations } from '../db/schema';
import { createEvent, createFoundation, createSchool } from '../test/factories';
import { createMailingTestApp, type MailingTestContext } from '../test/smtp-inbox';

// The server's own mail worker, as main.ts starts it: letters queued by what happened (a school's
// application) are worded by the app and reach the other side. Without the wording they were dropped.

let context: MailingTestContext;

beforeAll(async () => {
  context = await createMailingTestApp();
});
afterAll(() => context.close());

it("tells the foundation of a school's application by e-mail", async () => {
  const db = context.database.db;
  const foundation = await createFoundation(db, { name: 'Фонд «Зелёный город»' });
  await db
    .update(foundations)
    .set({ email: 'staff@zeleny.example' })
    .where(eq(foundations.id, foundation.id));
  const event = await createEvent(db, foundation.id, { title: 'Субботник в парке', date: '2099-05-16' });
  const school = await createSchool(db, 'approved');
  const { sessionId } = await createSession(db, school.userId);

  const applied = await context.app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/register`,
    cookies: { sid: sessionId },
    payload: {
      participantCount: 12,
      contactPerson: 'Елена Викторовна',
      contactPhone: '+7 (499) 245-12-12',
      parentalConsent: true,
    },
  });
  expect(applied.statusCode).toBe(201);

  const [letter] = await context.inbox.waitFor(1);
  expect(letter?.to).toMatchObject({ value: [{ address: 'staff@zeleny.example' }] });
  expect(letter?.subject).toBe('Новая заявка на «Субботник в парке»');
  expect(letter?.text).toContain('12 учеников');
});
