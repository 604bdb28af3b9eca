import { z } from 'zod';
import { toHttpLink, toTelegramLink } from './link-targets';
import { tooLong } from './text';

/** Texts of the link rules, shared by every form and route with a link field. */
export const linkMessages = {
  link: 'Укажите ссылку, которая начинается с http:// или https://, например https://vk.com/name',
  telegram: 'Укажите Telegram как @name, t.me/name или ссылку https://t.me/name',
  tooLong,
} as const;

/** The longest link kept; longer text is refused. */
export const maxLinkLength = 300;

/**
 * An optional link field: absent, null or blank mean "none" (null); anything else is kept in the form
 * `normalise` gives it or refused with `message`. Accepts its own output.
 */
const linkField = (normalise: (value: string) => string | undefined, message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .max(max, linkMessages.tooLong(max))
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const link = normalise(value);
      // The kept form may be longer than what was typed ('@name'); it must pass this rule again.
      if (link !== undefined && link.length <= max) return link;
      ctx.addIssue({ code: 'custom', message: link === undefined ? message : linkMessages.tooLong(max) });
      return z.NEVER;
    });

/** An optional http(s) link (a site, a VK page, a video). */
export const httpLink = (max: number = maxLinkLength) => linkField(toHttpLink, linkMessages.link, max);

/** An optional Telegram contact, stored as https://t.me/name. */
export const telegramLink = (max: number = maxLinkLength) =>
  linkField(toTelegramLink, linkMessages.telegram, max);
