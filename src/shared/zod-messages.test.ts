import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as admin from './admin';
import * as adminNews from './admin-news';
import * as applications from './applications';
import * as auth from './auth';
import * as eventForm from './event-form';
import * as events from './events';
import * as foundations from './foundations';
import * as moderation from './moderation';
import * as news from './news';
import * as pagination from './pagination';
import * as passwords from './passwords';
import * as profile from './profile';
import * as reports from './reports';
import * as volunteerRequests from './volunteer-requests';
import { russianZodMessage, zodMessages } from './zod-messages';

/** Latin letters and not one Cyrillic one: a message a Russian reader cannot read. */
const latinOnly = (message: string) => /[a-z]/i.test(message) && !/\p{Script=Cyrillic}/u.test(message);

const modules = {
  adminNews,
  admin,
  auth,
  eventForm,
  events,
  foundations,
  moderation,
  news,
  pagination,
  passwords,
  profile,
  applications,
  reports,
  volunteerRequests,
};

const schemas = Object.entries(modules).flatMap(([moduleName, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${moduleName}.${name}`, schema] as const),
);

/** What people type wrong: nothing, too much, a fraction, letters in a number, wrong kinds of value. */
const badValues: readonly unknown[] = [
  '',
  '   ',
  'x'.repeat(20_000),
  'не число',
  '1.5',
  1.5,
  -1,
  0,
  1e9,
  'not-an-email@',
  'ftp://example',
  true,
  null,
  {},
  [],
];

const shapeOf = (schema: z.ZodType): Record<string, unknown> | undefined =>
  schema instanceof z.ZodObject ? schema.shape : undefined;

beforeAll(() => {
  z.config({ localeError: russianZodMessage });
});

describe('validation messages', () => {
  it('finds the shared schemas', () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  it.each(schemas)('%s answers every bad value in Russian', (_name, schema) => {
    const inputs: unknown[] = [undefined, null, 'text', 5, [], {}];
    for (const field of Object.keys(shapeOf(schema) ?? {})) {
      for (const value of badValues) inputs.push({ [field]: value });
    }
    for (const input of inputs) {
      const result = schema.safeParse(input);
      const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
      expect(messages.filter(latinOnly), JSON.stringify(input)?.slice(0, 80)).toEqual([]);
    }
  });

  it("leaves a schema's own message first", () => {
    const result = eventForm.eventInputSchema.safeParse({ title: '' });
    expect(result.error?.issues.find((issue) => issue.path[0] === 'title')?.message).toBe(
      eventForm.eventFormMessages.title,
    );
  });

  it('answers rules written without a message in Russian, with the plural form of the count', () => {
    const messages = (schema: z.ZodType, input: unknown) =>
      schema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages(z.string().max(21), 'я'.repeat(22))).toEqual(['Не более 21 символа']);
    expect(messages(z.string().max(5), 'длинный текст')).toEqual(['Не более 5 символов']);
    expect(messages(z.string().min(2), 'я')).toEqual(['Не менее 2 символов']);
    expect(messages(z.string().min(1), '')).toEqual([zodMessages.required]);
    expect(messages(z.number().max(10), 11)).toEqual(['Не больше 10']);
    expect(messages(z.number().int(), 1.5)).toEqual([zodMessages.invalid]);
    expect(messages(z.object({ name: z.string() }), {})).toEqual([zodMessages.required]);
    expect(messages(z.email(), 'почта')).toEqual([zodMessages.email]);
    expect(messages(z.url(), 'ссылка')).toEqual([zodMessages.link]);
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual([zodMessages.invalid]);
  });
});
