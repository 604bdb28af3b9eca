import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailTransport } from '../mail/transport';
import { createTestApp, type TestContext } from './test-app';

export interface SmtpInbox {
  /** smtp://127.0.0.1:port, as SMTP_URL takes it. */
  url: string;
  /** Every letter the server accepted, parsed, in the order received. */
  letters: ParsedMail[];
  /** While true, the server refuses every recipient with a temporary failure (451). */
  refuse: boolean;
  /** Resolves once `count` letters have arrived (at once when they already have). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on a free port for one test file: what the app sends arrives here over TCP. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const waiters: (() => void)[] = [];
  const inbox: SmtpInbox = {
    url: '',
    letters: [],
    refuse: false,
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (inbox.letters.length < count) return false;
          resolve(inbox.letters);
          return true;
        };
        if (check()) return;
        const timer = setTimeout(
          () => reject(new Error(`ждали ${count} писем, пришло ${inbox.letters.length}`)),
          timeoutMs,
        );
        waiters.push(() => {
          if (check()) clearTimeout(timer);
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (inbox.refuse) {
        const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((letter) => {
          inbox.letters.push(letter);
          for (const waiter of [...waiters]) waiter();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  inbox.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return inbox;
}

export type MailingTestContext = TestContext & { inbox: SmtpInbox };

/**
 * The app with its mail worker on, as main.ts starts it, sending every 50 ms to an inbox of its own:
 * closing it closes both.
 */
export async function createMailingTestApp(): Promise<MailingTestContext> {
  const inbox = await startSmtpInbox();
  const transport = createMailTransport({
    smtpUrl: inbox.url,
    dataDir: os.tmpdir(),
    from: 'robot@example.ru',
  });
  const ctx = await createTestApp({
    mail: { transport, origin: () => 'https://volunteer.example.ru', pollMs: 50 },
  });
  return {
    ...ctx,
    inbox,
    async close() {
      await ctx.close();
      await inbox.close();
    },
  };
}
