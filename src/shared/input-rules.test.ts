import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminNewsInputSchema } from './admin-news';
import { applicationInputSchema } from './applications';
import { authMessages, registerSchema } from './auth';
import { eventFormMessages, eventInputSchema } from './event-form';
import { eventListQuerySchema } from './events';
import { formNumber } from './form-number';
import { linkMessages } from './links';
import { idParam, pageQuery } from './pagination';
import { foundationProfileSchema, schoolProfileSchema } from './profile';
import { reportInputSchema } from './reports';
import { validEventInput } from './test/event-input';
import { textMessages } from './text';
import { schoolResponseInputSchema, volunteerRequestInputSchema } from './volunteer-requests';

/** Texts made of nothing a reader can see: each is refused wherever text is stored. */
const invisibleTexts: readonly (readonly [string, string])[] = [
  ['zero-width spaces', '\u200b\u200b\u200b\u200b\u200b\u200b'],
  ['direction controls', '\u202e\u202d\u2066\u2069\u200e\u200f\u061c'],
  ['soft hyphens', '\u00ad\u00ad\u00ad\u00ad\u00ad\u00ad'],
  ['word joiner, BOM and spaces', ' \u2060 \ufeff \u2060 \u2060 '],
  ['Hangul fillers', '\u3164\u3164\u3164\u3164\u3164\u3164'],
  ['braille blanks', '\u2800\u2800\u2800\u2800\u2800\u2800'],
  ['no-break and ideographic spaces around a zero-width joiner', '\u00a0\u3000\u200d\u00a0\u3000\u200d'],
];

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

const school = {
  username: 'school_1',
  fullName: 'Гимназия № 1543',
  schoolType: 'state',
  description: 'Школа с волонтёрским отрядом из 120 учеников.',
  address: 'Москва, ул. Лесная, д. 3',
  phone: '+7 (495) 433-16-44',
  email: 'school@example.org',
};

describe('text with no visible character', () => {
  it.each(invisibleTexts)('is refused in required and optional fields: %s', (_name, text) => {
    for (const name of ['title', 'description', 'location', 'contactPersonName']) {
      expect(issuesOf(eventInputSchema, { ...validEventInput, [name]: text }), name).not.toEqual([]);
    }
    for (const name of ['address', 'requirements', 'skills', 'additionalInfo']) {
      expect(issuesOf(eventInputSchema, { ...validEventInput, [name]: text }), name).toContain(
        textMessages.invisibleOnly,
      );
    }
    expect(issuesOf(schoolProfileSchema, { ...school, shortDescription: text })).toContain(
      textMessages.invisibleOnly,
    );
    expect(issuesOf(schoolProfileSchema, { ...school, fullName: text })).not.toEqual([]);
    expect(
      issuesOf(reportInputSchema, { eventTitle: text, eventDate: '2026-11-01', volunteersCount: 3 }),
    ).not.toEqual([]);
    expect(
      issuesOf(reportInputSchema, {
        eventTitle: 'Субботник',
        eventDate: '2026-11-01',
        volunteersCount: 3,
        additionalInfo: text,
      }),
    ).toContain(textMessages.invisibleOnly);
    expect(
      issuesOf(applicationInputSchema, {
        participantCount: 2,
        contactPerson: text,
        contactPhone: '+74951234567',
      }),
    ).not.toEqual([]);
    expect(issuesOf(schoolResponseInputSchema, { volunteersOffered: 2, message: text })).toContain(
      textMessages.invisibleOnly,
    );
    expect(
      issuesOf(volunteerRequestInputSchema, {
        title: 'Помощь на ярмарке',
        description: 'Нужны ребята, чтобы встречать гостей ярмарки.',
        eventDate: '2026-12-20',
        eventTime: '11:00',
        location: 'Москва, ВДНХ',
        volunteersNeeded: 3,
        requirements: [text],
      }),
    ).toContain(textMessages.invisibleOnly);
    expect(issuesOf(adminNewsInputSchema, { title: text, content: 'Текст', category: 'news' })).not.toEqual(
      [],
    );
  });

  it('keeps text that has a visible character among invisible ones, and blank optional text as empty', () => {
    const parsed = eventInputSchema.parse({
      ...validEventInput,
      address: '  ',
      requirements: '\u200bПерчатки',
    });
    expect(parsed.address).toBeNull();
    expect(parsed.requirements).toBe('\u200bПерчатки');
    expect(eventInputSchema.parse({ ...validEventInput, title: 'مرحبا بكم في الحديقة' }).title).toBe(
      'مرحبا بكم في الحديقة',
    );
  });
});

describe('usernames', () => {
  it.each([
    ['U+061C', '\u061c'],
    ['U+200E', '\u200e'],
    ['U+200F', '\u200f'],
    ['U+202A', '\u202a'],
    ['U+202B', '\u202b'],
    ['U+202C', '\u202c'],
    ['U+202D', '\u202d'],
    ['U+202E', '\u202e'],
    ['U+2066', '\u2066'],
    ['U+2067', '\u2067'],
    ['U+2068', '\u2068'],
    ['U+2069', '\u2069'],
  ])('refuse the direction control %s', (_name, char) => {
    expect(
      issuesOf(registerSchema, { username: `user${char}name`, password: 'secret123', role: 'school' }),
    ).toEqual([authMessages.usernameInvisible]);
  });

  it('refuse a name of invisible characters only and accept letters of any script', () => {
    expect(
      issuesOf(registerSchema, {
        username: '\u200b\u200b\u200b\u200b',
        password: 'secret123',
        role: 'school',
      }),
    ).not.toEqual([]);
    expect(
      registerSchema.parse({ username: 'школа_№7', password: 'secret123', role: 'school' }).username,
    ).toBe('школа_№7');
  });
});

describe('links', () => {
  const profile = (fields: Record<string, unknown>) => schoolProfileSchema.parse({ ...school, ...fields });

  it.each([
    ['@name', '@fond_help'],
    ['a bare name', 'fond_help'],
    ['t.me/name', 't.me/fond_help'],
    ['telegram.me/name', 'telegram.me/fond_help'],
    ['https://t.me/name', 'https://t.me/fond_help'],
    ['http://t.me/name', 'http://t.me/fond_help'],
  ])('a Telegram %s becomes https://t.me/name', (_name, value) => {
    expect(profile({ telegramChannel: value }).telegramChannel).toBe('https://t.me/fond_help');
    expect(
      eventInputSchema.parse({ ...validEventInput, contactPersonTelegram: value }).contactPersonTelegram,
    ).toBe('https://t.me/fond_help');
    expect(
      applicationInputSchema.parse({ participantCount: 1, contactPerson: 'Елена', contactTelegram: value })
        .contactTelegram,
    ).toBe('https://t.me/fond_help');
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals with spaces', ' JavaScript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['another site', 'https://evil.example/fond_help'],
    ['a name with spaces', 'fond help'],
    ['a lone @', '@'],
  ])('a Telegram field refuses %s', (_name, value) => {
    expect(issuesOf(schoolProfileSchema, { ...school, telegramChannel: value })).toEqual([
      linkMessages.telegram,
    ]);
    expect(issuesOf(eventInputSchema, { ...validEventInput, contactPersonTelegram: value })).toEqual([
      linkMessages.telegram,
    ]);
    expect(
      issuesOf(applicationInputSchema, {
        participantCount: 1,
        contactPerson: 'Елена',
        contactTelegram: value,
      }),
    ).toEqual([linkMessages.telegram]);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['ftp:', 'ftp://example.org/file'],
    ['a host without a dot (what @name became)', 'https://name/'],
    ['a bare word', 'name'],
    ['user and password before the host', 'https://vk.com@evil.example/'],
    ['spaces inside', 'vk.com/some name'],
  ])('a link field refuses %s', (_name, value) => {
    expect(issuesOf(schoolProfileSchema, { ...school, vkLink: value })).toEqual([linkMessages.link]);
    expect(issuesOf(schoolProfileSchema, { ...school, website: value })).toEqual([linkMessages.link]);
    expect(issuesOf(eventInputSchema, { ...validEventInput, contactPersonVk: value })).toEqual([
      linkMessages.link,
    ]);
    expect(
      issuesOf(applicationInputSchema, { participantCount: 1, contactPerson: 'Елена', contactVk: value }),
    ).toEqual([linkMessages.link]);
    expect(
      issuesOf(foundationProfileSchema, {
        ...school,
        fullName: 'Фонд «Тёплый дом»',
        directions: ['social'],
        videoPresentation: value,
      }),
    ).toEqual([linkMessages.link]);
  });

  it('keeps http(s) links, adds https to a bare address and accepts its own output', () => {
    expect(profile({ vkLink: 'vk.com/fond_help' }).vkLink).toBe('https://vk.com/fond_help');
    expect(profile({ website: 'http://school.example/about' }).website).toBe('http://school.example/about');
    expect(profile({ website: 'https://школа.рф' }).website).toBe('https://xn--80atdl2c.xn--p1ai/');
    const once = eventInputSchema.parse({
      ...validEventInput,
      contactPersonVk: 'vk.com/olga',
      contactPersonTelegram: '@olga_s',
    });
    expect(eventInputSchema.parse(once)).toEqual(once);
  });
});

describe('ids and numbers', () => {
  const id = idParam('Некорректный номер');

  it.each([
    ['0x10'],
    ['1.0'],
    [' 1'],
    ['1 '],
    ['1e1'],
    ['+1'],
    ['-1'],
    ['0'],
    [''],
    ['0b1'],
    ['0o7'],
    ['１'],
    ['2147483648'],
    ['Infinity'],
  ])('an id written %j is refused', (value) => {
    expect(issuesOf(id, value)).toEqual(['Некорректный номер']);
  });

  it('an id of plain decimal digits is its number', () => {
    expect(id.parse('16')).toBe(16);
    expect(id.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each([['0x10'], ['1.0'], [' 1'], ['1e1'], ['+1']])('page, limit and foundationId refuse %j', (value) => {
    const query = z.object(pageQuery);
    expect(query.safeParse({ page: value }).success).toBe(false);
    expect(query.safeParse({ limit: value }).success).toBe(false);
    expect(eventListQuerySchema.safeParse({ foundationId: value }).success).toBe(false);
  });

  it.each([['0x3'], ['1e1'], ['+3'], [' 3'], ['3 '], ['Infinity'], ['0b11'], ['３']])(
    'a form number refuses %j with the field’s message',
    (value) => {
      expect(issuesOf(eventInputSchema, { ...validEventInput, hours: value })).toEqual([
        eventFormMessages.hours,
      ]);
      expect(
        issuesOf(reportInputSchema, {
          eventTitle: 'Субботник',
          eventDate: '2026-11-01',
          volunteersCount: value,
        }),
      ).not.toEqual([]);
      expect(formNumber(z.number({ error: 'число' })).safeParse(value).success).toBe(false);
    },
  );

  it('a form number takes the digits a field sends', () => {
    expect(eventInputSchema.parse({ ...validEventInput, hours: '3' }).hours).toBe(3);
    expect(issuesOf(eventInputSchema, { ...validEventInput, hours: '1.5' })).toEqual([
      eventFormMessages.hours,
    ]);
  });
});
