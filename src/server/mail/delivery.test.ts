import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { events, foundations, mailOutbox, schools, users } from '../db/schema';
import { applicationLetterReference, wordLetter } from '../notifications/worded-letters';
import { createEvent, createFoundation, createSchool } from '../test/factories';
import { type SmtpInbox, startSmtpInbox } from '../test/smtp-inbox';
import { createTestApp, type TestContext } from '../test/test-app';
import { deliverDueMail, maxAttempts } from './delivery';
import { queueAccountMail, queueMail, queueReferencedMailStatement } from './outbox';
import { mailSigningKey } from './signing-key';
import { createMailTransport, type MailTransport } from './transport';
import { readUnsubscribeToken } from './unsubscribe-token';

const origin = 'https://volunteer.example.ru';
const letter = {
  subject: 'Заявка на «Субботник в парке» одобрена',
  paragraphs: ['Фонд «Зелёный город» одобрил заявку вашей школы.', 'Ждём вас в субботу.'],
  details: [{ label: 'Дата', value: '12 марта 2026 г.' }],
  action: { label: 'Открыть заявки', path: '/school-applications' },
};

let context: TestContext;
let inbox: SmtpInbox;
let smtp: MailTransport;

const deliver = async (transport = smtp) =>
  deliverDueMail(context.database.db, {
    transport,
    origin,
    signingKey: await mailSigningKey(context.database.db),
  });

async function schoolWithEmail(email: string | null) {
  const school = await createSchool(context.database.db);
  await context.database.db.update(schools).set({ email }).where(eq(schools.id, school.id));
  return school;
}

beforeAll(async () => {
  context = await createTestApp();
  inbox = await startSmtpInbox();
  smtp = createMailTransport({ smtpUrl: inbox.url, dataDir: os.tmpdir(), from: 'robot@example.ru' });
});

afterAll(async () => {
  smtp.close();
  await inbox.close();
  await context.close();
});

beforeEach(async () => {
  inbox.letters.length = 0;
  inbox.refuse = false;
  await context.database.db.delete(mailOutbox);
});

describe('mail delivery', () => {
  it('sends a queued letter over SMTP in Russian, with the link, the unsubscribe link and its headers', async () => {
    const school = await schoolWithEmail('coordinator@school.example');
    await queueMail(context.database.db, [{ userId: school.userId, kind: 'decisions', message: letter }]);

    expect(await deliver()).toBe(1);
    const [received] = await inbox.waitFor(1);
    expect(received?.to).toMatchObject({ value: [{ address: 'coordinator@school.example' }] });
    expect(received?.subject).toBe('Заявка на «Субботник в парке» одобрена');
    expect(received?.text).toContain('Фонд «Зелёный город» одобрил заявку вашей школы.');
    expect(received?.text).toContain('Дата: 12 марта 2026 г.');
    expect(received?.text).toContain('Открыть заявки: https://volunteer.example.ru/school-applications');
    expect(received?.html).toContain('href="https://volunteer.example.ru/school-applications"');

    const oneClick = /^<https:\/\/volunteer\.example\.ru\/api\/unsubscribe\/([^>]+)>$/.exec(
      headerLine(received, 'list-unsubscribe'),
    );
    expect(oneClick).not.toBeNull();
    const key = await mailSigningKey(context.database.db);
    expect(readUnsubscribeToken(key, oneClick?.[1] ?? '')).toEqual({
      userId: school.userId,
      kind: 'decisions',
    });
    expect(headerLine(received, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(received?.text).toContain(
      'Не хотите получать письма «Решения по заявкам»? Отписаться: https://volunteer.example.ru/unsubscribe/',
    );

    const [row] = await context.database.db.select().from(mailOutbox);
    expect(row?.sentAt).not.toBeNull();
    expect(await deliver()).toBe(0);
    expect(inbox.letters).toHaveLength(1);
  });

  it('queues nothing for an account without an e-mail or one that turned the kind off', async () => {
    const silent = await schoolWithEmail(null);
    const optedOut = await schoolWithEmail('quiet@school.example');
    await context.database.db
      .update(users)
      .set({ mailOptOuts: ['decisions'] })
      .where(eq(users.id, optedOut.userId));
    await queueMail(context.database.db, [
      { userId: silent.userId, kind: 'decisions', message: letter },
      { userId: optedOut.userId, kind: 'decisions', message: letter },
      { userId: optedOut.userId, kind: 'reminders', message: { ...letter, subject: 'Напоминание' } },
    ]);
    const rows = await context.database.db.select().from(mailOutbox);
    expect(rows.map((row) => [row.toAddress, row.kind])).toEqual([['quiet@school.example', 'reminders']]);
  });

  it('keeps a queued letter only if the change that queued it commits', async () => {
    const school = await schoolWithEmail('rollback@school.example');
    await expect(
      context.database.db.transaction(async (tx) => {
        await queueMail(tx, [{ userId: school.userId, kind: 'decisions', message: letter }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await context.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('retries a refused letter later, gives up after the last attempt, and sends it again when the administrator asks', async () => {
    const school = await schoolWithEmail('retry@school.example');
    await queueMail(context.database.db, [{ userId: school.userId, kind: 'decisions', message: letter }]);
    inbox.refuse = true;

    expect(await deliver()).toBe(0);
    let [row] = await context.database.db.select().from(mailOutbox);
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('451');
    // The next attempt waits a minute: nothing is due now.
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await deliver()).toBe(0);
    expect((await context.database.db.select().from(mailOutbox))[0]?.attempts).toBe(1);

    for (let attempt = 2; attempt <= maxAttempts; attempt += 1) {
      await context.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      await deliver();
    }
    [row] = await context.database.db.select().from(mailOutbox);
    expect(row?.attempts).toBe(maxAttempts);
    expect(row?.failedAt).not.toBeNull();
    expect(row?.sentAt).toBeNull();

    const admin = await context.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: await adminCredentials(),
    });
    const sid = admin.cookies.find((cookie) => cookie.name === 'sid')?.value ?? '';
    const state = await context.app.inject({ method: 'GET', url: '/api/admin/mail', cookies: { sid } });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({
      queued: 0,
      failed: [
        {
          id: row?.id,
          toAddress: 'retry@school.example',
          subject: letter.subject,
          attempts: maxAttempts,
          lastError: expect.stringContaining('451'),
        },
      ],
    });

    inbox.refuse = false;
    const retry = await context.app.inject({
      method: 'POST',
      url: `/api/admin/mail/${row?.id}/retry`,
      cookies: { sid },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ message: 'Письмо снова в очереди на отправку' });
    expect(await deliver()).toBe(1);
    await inbox.waitFor(1);
    const again = await context.app.inject({
      method: 'POST',
      url: `/api/admin/mail/${row?.id}/retry`,
      cookies: { sid },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Письмо не найдено среди неотправленных' });
  });

  it('sends each letter once when two workers take from the outbox at the same moment', async () => {
    const rows = [];
    for (let index = 0; index < 30; index += 1) {
      const school = await schoolWithEmail(`school${index}@school.example`);
      rows.push({ userId: school.userId, kind: 'decisions' as const, message: letter });
    }
    await queueMail(context.database.db, rows);
    const second = createMailTransport({
      smtpUrl: inbox.url,
      dataDir: os.tmpdir(),
      from: 'robot@example.ru',
    });
    const [one, two] = await Promise.all([deliver(), deliver(second)]);
    second.close();
    expect(one + two).toBe(30);
    await inbox.waitFor(30);
    const addresses = inbox.letters.map((received) => (received.to as { text: string }).text).sort();
    expect(new Set(addresses).size).toBe(30);
    expect(inbox.letters).toHaveLength(30);
  });

  it('words a letter queued by what happened when it sends it, and drops it when its event is gone', async () => {
    const foundation = await createFoundation(context.database.db, { name: 'Зелёный город' });
    await context.database.db
      .update(foundations)
      .set({ email: 'fund@green.example' })
      .where(eq(foundations.id, foundation.id));
    const kept = await createEvent(context.database.db, foundation.id, {
      title: 'Субботник в парке',
      date: '2026-12-05',
    });
    const gone = await createEvent(context.database.db, foundation.id, {
      title: 'Отменённый сбор',
      date: '2026-12-06',
    });
    for (const event of [kept, gone]) {
      await context.database.db.execute(
        queueReferencedMailStatement(
          'applications',
          sql`select ${foundation.userId}::integer, ${applicationLetterReference('applicationReceived', {
            eventId: sql`${event.id}::integer`,
            schoolName: sql`'Школа № 57'::text`,
            participantCount: sql`12`,
          })}`,
        ),
      );
    }
    await context.database.db.delete(events).where(eq(events.id, gone.id));

    const signingKey = await mailSigningKey(context.database.db);
    expect(
      await deliverDueMail(context.database.db, { transport: smtp, origin, signingKey, word: wordLetter }),
    ).toBe(1);
    const [received] = await inbox.waitFor(1);
    expect(received?.subject).toBe('Новая заявка на «Субботник в парке»');
    expect(received?.text).toContain('Школа № 57: новая заявка на «Субботник в парке», 12 учеников.');
    // The words are kept in the row; the letter whose event was deleted is gone with nothing sent.
    const rows = await context.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toMatchObject({ subject: 'Новая заявка на «Субботник в парке»' });
  });

  it('keeps no reset link in the database once the letter is sent', async () => {
    const school = await schoolWithEmail('reset@school.example');
    await queueAccountMail(context.database.db, {
      userId: school.userId,
      toAddress: 'reset@school.example',
      message: {
        subject: 'Восстановление пароля',
        paragraphs: ['Чтобы задать новый пароль, откройте ссылку.'],
        action: { label: 'Задать новый пароль', path: '/reset-password#secret-token' },
      },
    });
    await deliver();
    const [received] = await inbox.waitFor(1);
    expect(received?.text).toContain('https://volunteer.example.ru/reset-password#secret-token');
    // Account letters cannot be turned off: no unsubscribe link.
    expect(headerLine(received, 'list-unsubscribe')).toBe('');
    const [stored] = await context.database.db
      .select({ message: sql<string>`${mailOutbox.message}::text` })
      .from(mailOutbox);
    expect(stored?.message).not.toContain('secret-token');
  });

  it('writes letters as .eml files into DATA_DIR/mail when no SMTP server is set', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-files-'));
    const files = createMailTransport({
      dataDir,
      from: '"Школьное волонтёрство" <noreply@localhost.localdomain>',
    });
    const school = await schoolWithEmail('files@school.example');
    await queueMail(context.database.db, [{ userId: school.userId, kind: 'decisions', message: letter }]);
    expect(await deliver(files)).toBe(1);
    const names = await readdir(path.join(dataDir, 'mail'));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{4}-\d\d-\d\dT.*-\d+\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(dataDir, 'mail', names[0] ?? '')));
    expect(parsed.subject).toBe(letter.subject);
    expect(parsed.from?.text).toContain('Школьное волонтёрство');
    expect(parsed.text).toContain('Ждём вас в субботу.');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes an .eml file whole under a temporary name first, so that no empty .eml is ever seen', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-files-'));
    const folder = path.join(dataDir, 'mail');
    await mkdir(folder);
    const seen: string[] = [];
    const watcher = watch(folder, (_event, name) => {
      if (name) seen.push(name);
    });
    const files = createMailTransport({ dataDir, from: 'robot@example.ru' });
    try {
      const school = await schoolWithEmail('atomic@school.example');
      await queueMail(context.database.db, [{ userId: school.userId, kind: 'decisions', message: letter }]);
      expect(await deliver(files)).toBe(1);
      const [written] = await readdir(folder);
      expect(written).toMatch(/\.eml$/);
      // The bytes went to a name no reader of .eml files looks at, which became the letter whole.
      await vi.waitFor(() => expect(seen.some((name) => !name.endsWith('.eml'))).toBe(true));
      expect(await readdir(folder)).toEqual([written]);
      expect((await stat(path.join(folder, written ?? ''))).size).toBeGreaterThan(0);
    } finally {
      watcher.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the lease of a letter being sent', () => {
  /** A transport that holds every letter until released: an SMTP conversation that takes long. */
  const slowTransport = () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: number[] = [];
    const transport: MailTransport = {
      destination: 'slow',
      async send(outgoing) {
        await released;
        sent.push(outgoing.id);
      },
      close() {},
    };
    return { transport, release, sent };
  };
  const leaseEnd = async () => {
    const [row] = await context.database.db
      .select({ at: mailOutbox.nextAttemptAt, now: sql<Date>`now()` })
      .from(mailOutbox);
    if (!row) throw new Error('no letter');
    return { at: new Date(row.at).getTime(), now: new Date(row.now).getTime() };
  };

  it('is short, so that the letters of a process that died are sent by another within a minute', async () => {
    const school = await schoolWithEmail('lease@school.example');
    await queueMail(context.database.db, [{ userId: school.userId, kind: 'decisions', message: letter }]);
    const slow = slowTransport();
    const sending = deliver(slow.transport);
    await vi.waitFor(async () => expect((await leaseEnd()).at).toBeGreaterThan((await leaseEnd()).now));
    const { at, now } = await leaseEnd();
    expect(at - now).toBeLessThanOrEqual(60_000);
    slow.release();
    expect(await sending).toBe(1);
  });

  it('is renewed while the letter is being sent, so that no other process sends it too', async () => {
    const school = await schoolWithEmail('heartbeat@school.example');
    await queueMail(context.database.db, [{ userId: school.userId, kind: 'decisions', message: letter }]);
    const slow = slowTransport();
    const leaseMs = 3_000;
    const sending = deliverDueMail(context.database.db, {
      transport: slow.transport,
      origin,
      signingKey: await mailSigningKey(context.database.db),
      leaseMs,
    });
    await vi.waitFor(async () => expect((await leaseEnd()).at).toBeGreaterThan((await leaseEnd()).now));
    const firstLease = (await leaseEnd()).at;
    // Past the first lease, the letter's lease has moved on while its conversation goes on.
    await vi.waitFor(
      async () => {
        const { at, now } = await leaseEnd();
        expect(now).toBeGreaterThan(firstLease);
        expect(at).toBeGreaterThan(now);
      },
      { timeout: 20_000, interval: 100 },
    );
    const other = slowTransport();
    other.release();
    expect(await deliver(other.transport)).toBe(0);
    slow.release();
    expect(await sending).toBe(1);
    expect(slow.sent).toHaveLength(1);
  });
});

/** A header as the letter carries it (mailparser folds the List-* ones into an object of its own). */
function headerLine(letter: ParsedMail | undefined, name: string): string {
  const line = letter?.headerLines.find((header) => header.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).trim();
}

async function adminCredentials() {
  const { ensureAdmin } = await import('../auth/service');
  const { testHasher } = await import('../test/test-app');
  await ensureAdmin(context.database.db, testHasher, {
    username: 'mailadmin',
    password: 'mail-admin-secret',
    generatePassword: () => 'unused',
  });
  return { username: 'mailadmin', password: 'mail-admin-secret' };
}
