import { z } from 'zod';

/** Texts of the rules every stored text follows, whatever the feature. */
export const textMessages = {
  invisibleOnly: 'Текст должен содержать буквы, цифры или знаки, а не только пробелы и невидимые символы',
} as const;

/** The message of a text over its length limit, in every feature's rules. */
export const tooLong = (max: number) => `Не более ${max} символов`;

/**
 * A character a reader sees: a letter, digit, punctuation mark or symbol. Spaces, control and format
 * characters (zero-width, direction controls, soft hyphen, BOM) and combining marks are not; nor are the
 * letters and symbols that are drawn as blanks (Hangul fillers, the braille blank).
 */
const visibleCharacter = /(?![\u115f\u1160\u2800\u3164\uffa0])[\p{L}\p{N}\p{P}\p{S}]/u;

export function hasVisibleCharacter(value: string): boolean {
  return visibleCharacter.test(value);
}

/** True for empty text or text with something to see: the rule of optional fields and list items. */
export const blankOrVisible = (value: string) => value === '' || hasVisibleCharacter(value);

/**
 * Required text: trimmed, and refused when something is left that cannot be seen; `message` answers a
 * value that is no text at all. Chain `.min()` and `.max()` as on any string: empty text gets their message.
 */
export const visibleText = (message: string) =>
  z.string({ error: message }).trim().refine(blankOrVisible, textMessages.invisibleOnly);

/**
 * Optional text: absent, null or blank (spaces only) mean "not given" and become null; text that is not
 * blank but has nothing visible (zero-width or direction characters only) is refused. Accepts its own
 * output (null), as a form validates with it and the server validates the result again.
 */
export const optionalText = (max: number, tooLong: string, error?: string) =>
  z
    .string(error ? { error } : undefined)
    .trim()
    .max(max, tooLong)
    .refine(blankOrVisible, textMessages.invisibleOnly)
    .nullish()
    .transform((value) => value || null);

/** Fields of an answer that each hold a text or null, in the order named (the order OpenAPI lists them in). */
export const nullableTexts = <const Name extends string>(...names: Name[]) =>
  Object.fromEntries(names.map((name) => [name, z.string().nullable()])) as {
    [Field in Name]: z.ZodNullable<z.ZodString>;
  };
