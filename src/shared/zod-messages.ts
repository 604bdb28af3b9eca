import type { z } from 'zod';
import { countOf, type PluralForms } from './plural';

/** Texts of zod's own rules, for a field whose schema names no message of its own. */
export const zodMessages = {
  required: 'Заполните это поле',
  invalid: 'Некорректное значение',
  email: 'Укажите корректный email',
  link: 'Укажите корректную ссылку',
  format: 'Значение указано в неверном формате',
  tooLong: (max: string) => `Не более ${max}`,
  tooShort: (min: string) => `Не менее ${min}`,
  tooBig: (max: string) => `Не больше ${max}`,
  tooSmall: (min: string) => `Не меньше ${min}`,
  multipleOf: (divisor: number) => `Число должно быть кратно ${divisor}`,
  unknownFields: (keys: string[]) => `Лишние поля: ${keys.join(', ')}`,
} as const;

/** After «не более»/«не менее» the noun is genitive: 1 символа, 2 символов, 5 символов. */
const lengthUnits: Record<string, PluralForms> = {
  string: { one: 'символа', few: 'символов', many: 'символов' },
  array: { one: 'элемента', few: 'элементов', many: 'элементов' },
  set: { one: 'элемента', few: 'элементов', many: 'элементов' },
};

const bound = (value: number | bigint, origin: string) => {
  const unit = lengthUnits[origin];
  return unit ? countOf(Number(value), unit) : String(value);
};

/**
 * zod's messages in Russian, set as its locale on both sides (server: app.ts, browser: lib/zod-csp.ts).
 * A schema's own message always wins over these; they answer only rules written without one, so no
 * English «Invalid input» reaches a form or an API answer.
 */
export function russianZodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? zodMessages.required : zodMessages.invalid;
    case 'too_big':
      return issue.origin in lengthUnits
        ? zodMessages.tooLong(bound(issue.maximum, issue.origin))
        : zodMessages.tooBig(bound(issue.maximum, issue.origin));
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return zodMessages.required;
      return issue.origin in lengthUnits
        ? zodMessages.tooShort(bound(issue.minimum, issue.origin))
        : zodMessages.tooSmall(bound(issue.minimum, issue.origin));
    case 'invalid_format':
      if (issue.format === 'email') return zodMessages.email;
      if (issue.format === 'url') return zodMessages.link;
      return zodMessages.format;
    case 'not_multiple_of':
      return zodMessages.multipleOf(issue.divisor);
    case 'unrecognized_keys':
      return zodMessages.unknownFields(issue.keys);
    default:
      return zodMessages.invalid;
  }
}
