import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

/**
 * The journeys' server sends its e-mail over SMTP to the real SMTP server that e2e/support/server-with-
 * smtp.mjs runs beside it, which writes each letter it receives as an .eml file into DATA_DIR/mail: that
 * folder is this mailbox.
 */
const mailFolder = () => path.join(process.env.E2E_DATA_DIR ?? '', 'mail');

async function lettersTo(address: string): Promise<ParsedMail[]> {
  const names = await readdir(mailFolder()).catch(() => [] as string[]);
  // File names begin with the moment of sending, so the name order is the order they were sent in.
  const letters = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map(async (name) => simpleParser(await readFile(path.join(mailFolder(), name)))),
  );
  const wanted = address.toLowerCase();
  return letters.filter((letter) =>
    [letter.to ?? []].flat().some((to) => to.value.some((entry) => entry.address?.toLowerCase() === wanted)),
  );
}

/**
 * Waits for the newest e-mail to `address` whose subject contains `subject`; the outbox worker sends
 * a moment after the change that queued it.
 */
export async function waitForLetter(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await lettersTo(address)).filter((letter) => letter.subject?.includes(subject)).at(-1);
        return found !== undefined;
      },
      { message: `письмо «${subject}» на ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** The first link in a letter's plain text that starts with the site's address and `pathPrefix`. */
export function linkIn(letter: ParsedMail, pathPrefix: string): string {
  const link = (letter.text ?? '')
    .match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`в письме «${letter.subject}» нет ссылки на ${pathPrefix}`);
  return link;
}
