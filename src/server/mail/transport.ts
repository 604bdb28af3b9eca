import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { shareCardTexts } from '../../shared/share-cards';

export interface OutgoingLetter {
  /** The outbox row it comes from; names the .eml file when letters are written to disk. */
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** Hands a letter to whatever delivers it; throws when it was not accepted, so the worker retries. */
export interface MailTransport {
  send(letter: OutgoingLetter): Promise<void>;
  /** Where letters go, for the start-up line: the SMTP host or the folder. */
  readonly destination: string;
  close(): void;
}

/** The sender when MAIL_FROM is unset: the site's name at noreply@ the host people reach it by. */
export function defaultMailFrom(origin: string): string {
  const host = new URL(origin).hostname;
  const domain = host.includes('.') ? host : `${host}.localdomain`;
  return `"${shareCardTexts.siteName}" <noreply@${domain}>`;
}

/**
 * The sender of every letter and the start-up line that names it: MAIL_FROM, else noreply@ PUBLIC_URL's
 * host. With neither the letters come from noreply@localhost.localdomain, which receiving servers may
 * refuse, so the line says what to set.
 */
export function mailSender(settings: { mailFrom: string | undefined; publicUrl: string | undefined }) {
  if (settings.mailFrom) {
    return { from: settings.mailFrom, line: `Почта: отправитель ${settings.mailFrom} (MAIL_FROM)` };
  }
  if (settings.publicUrl) {
    const from = defaultMailFrom(settings.publicUrl);
    return { from, line: `Почта: отправитель ${from} (по PUBLIC_URL)` };
  }
  const from = defaultMailFrom('http://localhost');
  return {
    from,
    line:
      `Почта: отправитель ${from} — ни MAIL_FROM, ни PUBLIC_URL не заданы: задайте PUBLIC_URL (адрес сайта) ` +
      'или MAIL_FROM, иначе почтовые серверы получателей могут отклонять письма',
  };
}

/**
 * SMTP_URL's server when it is set; otherwise every letter is written as an .eml file into
 * DATA_DIR/mail, so that someone running the site locally can open what it would have sent. Both go
 * through nodemailer, so the file is byte for byte the letter an SMTP server would have received.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  dataDir: string;
  from: string;
}): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      destination: new URL(options.smtpUrl).host,
      async send(letter) {
        await smtp.sendMail({ from: options.from, ...letterFields(letter) });
      },
      close: () => smtp.close(),
    };
  }
  const folder = path.join(options.dataDir, 'mail');
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: folder,
    async send(letter) {
      const { message } = await files.sendMail({ from: options.from, ...letterFields(letter) });
      await mkdir(folder, { recursive: true });
      // The moment first, so that a folder listing is in the order the letters were sent.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${letter.id}.eml`);
      // Written whole under a name that is no .eml, then renamed in the same folder (atomic): a process
      // killed while writing leaves a stray .partial, never an empty or cut-off letter.
      const partial = `${file}.${process.pid}.partial`;
      try {
        await writeFile(partial, message as Buffer);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    close: () => files.close(),
  };
}

const letterFields = (letter: OutgoingLetter) => ({
  to: letter.to,
  subject: letter.subject,
  html: letter.html,
  text: letter.text,
  headers: letter.headers,
});
