import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSession } from '../auth/sessions';
import { foundations } from '../db/schema';
import { createEvent, createFoundation, createSchool } from '../test/factories';
import { type SmtpInbox, startSmtpInbox } from '../test/smtp-inbox';
import { createTestApp, type TestContext } from '../test/test-app';
import { createMailTransport } from './transport';

// The server's own mail worker, as main.ts starts it: letters queued by what happened (a school's
// application) are worded by the app and reach the other side. Without the wording they were dropped.

let context: TestContext;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  const transport = createMailTransport({
    smtpUrl: inbox.url,
    dataDir: os.tmpdir(),
    from: 'robot@example.ru',
  });
  context = await createTestApp({
    mail: { transport, origin: () => 'https://volunteer.example.ru', pollMs: 50 },
  });
});

afterAll(async () => {
  await context.close();
  await inbox.close();
});

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

  const [letter] = await inbox.waitFor(1);
  expect(letter?.to).toMatchObject({ value: [{ address: 'staff@zeleny.example' }] });
  expect(letter?.subject).toBe('Новая заявка на «Субботник в парке»');
  expect(letter?.text).toContain('12 учеников');
});
