import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonErrors } from '../../shared/errors';
import { exportFormats } from '../../shared/exports';
import { imageMessages } from '../../shared/images';
import { formatProofCode } from '../../shared/proof-codes';
import { isOrganisationOf } from '../accounts/organisation';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import {
  foundationReports,
  foundations,
  hourCredits,
  news,
  notifications,
  organisationInvitations,
  organisationMembers,
  schoolResponses,
  schools,
  users,
  volunteerRequests,
} from '../db/schema';
import { storeImage } from '../images/service';
import { mailSigningKey } from '../mail/signing-key';
import { unsubscribeToken } from '../mail/unsubscribe-token';
import {
  createApplication,
  createEvent,
  createHourCredit,
  createSchool,
  firstParticipationCode,
  tenPlaceEventInput,
  volunteerRequestInput,
} from '../test/factories';
import { createTestApp, signUp, type TestContext, testHasher } from '../test/test-app';

/*
 * Hostile input against every API route that takes a body, a query string or a path parameter.
 * Each request is sent by a caller who may use the route, so the answer is about the input and not about
 * who asks; each must be refused with a 4xx and a Russian `{ message }`, and leave the database exactly as
 * it was (row counts and an md5 of every row of every table, checked around each request).
 *
 * Every case is built to be invalid: a hostile value that a free-text field could legitimately hold (SQL,
 * BEL or RLO, a number sent as text to a field that takes form text) is sent with a required field left
 * out or another field made invalid ("poisoned"), so the request is refused whatever the field does with
 * the value. NUL is the exception: PostgreSQL cannot store it, so a NUL in stored text is refused on its
 * own. The few cases that may be answered 2xx (a search for SQL-looking text, a capped page size) say why
 * in `mayAccept`.
 */

// The events below are on 2026-12-05, so "today" is fixed before them, as in the authorization matrix.
const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
const password = 'secret123';

type Caller = 'anonymous' | 'school' | 'foundation' | 'admin';
type SignedIn = Exclude<Caller, 'anonymous'>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface World {
  sid: Record<SignedIn, string>;
  schoolUsername: string;
  ids: {
    eventId: number;
    /** A pending application of the school to an event of the foundation. */
    applicationId: number;
    archiveEntryId: number;
    reportId: number;
    /** An open volunteer request of the foundation. */
    requestId: number;
    /** A pending response of the school to that request. */
    responseId: number;
    newsId: number;
    imageId: number;
    /** The account of a school waiting for moderation. */
    pendingSchoolUserId: number;
    /** A school account nobody uses, for the deletion of users. */
    spareUserId: number;
    foundationId: number;
    /** A completed application of the school where two pupils came, with their codes. */
    completedApplicationId: number;
    /** Its event, held and completed. */
    completedEventId: number;
    /** One of its codes, unclaimed, as the school's list shows it. */
    participationCode: string;
    /** The school's signed one-click link for reminders, as its letters carry it. */
    unsubscribeToken: string;
    /** A viewer in the school's team. */
    memberId: number;
    /** An open invitation into the school's team. */
    invitationId: number;
  };
}

// ---------------------------------------------------------------------------------------------------
// Hostile values

/** JSON text put into a body as it is: numbers JSON.stringify cannot write (2**53+1, 1e400). */
class RawJson {
  constructor(readonly text: string) {}
}
/** The field is left out of the body. */
const missing = Symbol('missing');
type Value = unknown;
type Labelled = readonly [label: string, value: Value];

const long = 'x'.repeat(100_000);
const controls: readonly Labelled[] = [
  ['NUL \\u0000', '\u0000'],
  ['BEL \\u0007', '\u0007'],
  ['RLO \\u202e', '\u202e'],
];
const sqlTexts: readonly string[] = [
  "'; drop table users; --",
  "1' or '1'='1",
  '"; delete from events where ""="',
  '1); truncate sessions cascade; select pg_sleep(1); --',
];
const deepArray = new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`);
const hugeNumbers: readonly Labelled[] = [
  ['1e308', new RawJson('1e308')],
  ['2**53+1', new RawJson('9007199254740993')],
  ['1e400 (Infinity)', new RawJson('1e400')],
  ['2**31', 2_147_483_648],
];

/** Values of a JSON type other than text, which a link or contact field refuses before reading it. */
const notText: readonly Labelled[] = [
  ['a number', 12345],
  ['true', true],
  ['an object', {}],
  ['an array', []],
];

/** Values of the wrong JSON type for any field; null and a missing field only where the field is required. */
const wrongTypes = (required: boolean): Labelled[] => [
  ['a number', 12345],
  ['true', true],
  ['an object', {}],
  ['an operator object {"$gt":""}', { $gt: '' }],
  ['an array', []],
  ['an array nested 5000 deep', deepArray],
  ...(required
    ? ([
        ['null', null],
        ['missing', missing],
      ] as Labelled[])
    : []),
];
/**
 * Text with nothing a reader can see (issue 21): refused in every text field, required or optional, since
 * it shows as an empty name, title or contact.
 */
const invisibleOnly: readonly Labelled[] = [
  ['only zero-width characters', '\u200b\u200c\u200d\u2060\ufeff\u200b'],
  ['only direction controls', '\u202e\u202a\u2066\u2069\u200e\u200f\u061c'],
  ['only soft hyphens and spaces', '\u00ad \u00ad \u00ad \u00ad \u00ad'],
  ['only Hangul fillers and no-break spaces', '\u3164\u00a0\u3164\u00a0\u3164\u00a0'],
];
/** Characters that turn text around: a username holding one reads as another name. */
const directionControls: readonly Labelled[] = [
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
].map((char) => [
  `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')} inside`,
  `user${char}name`,
]);
/** Numbers as text that Number() reads but no person means: only plain decimal digits are numbers. */
const oddNumberTexts: readonly Labelled[] = [
  ['"0x3"', '0x3'],
  ['"1e1"', '1e1'],
  ['"+3"', '+3'],
  ['" 3"', ' 3'],
  ['"0b11"', '0b11'],
  ['"Infinity"', 'Infinity'],
  ['full-width "３"', '３'],
];
const sqlValues = (): Labelled[] => sqlTexts.map((text) => [`SQL ${JSON.stringify(text)}`, text] as const);

/**
 * What one body field is: `invalid` values are refused on their own; `poisoned` ones may be valid data for
 * the field (free text may hold SQL or a control character) and are sent with another field missing.
 * `suffixControls` adds each control character to the valid value and expects a refusal.
 */
interface FieldSpec {
  required: boolean;
  invalid: Labelled[];
  poisoned: Labelled[];
  suffixControls?: boolean;
}

const withControls = (text: string): Labelled[] =>
  controls.map(([label, char]) => [`${label} inside`, `${text.slice(0, 3)}${char}${text.slice(3)}`] as const);
/** PostgreSQL cannot store U+0000 in text, so a NUL inside stored text is refused, the rest being valid. */
const nulInside = (text: string): Labelled => [
  'NUL \\u0000 inside, the rest valid',
  `${text.slice(0, 3)}\u0000${text.slice(3)}`,
];

const field = {
  /** Free text, trimmed, with a minimum length (or optional). */
  text: (required = true, sample = 'Обычный текст для поля'): FieldSpec => ({
    required,
    invalid: [
      ...wrongTypes(required),
      ['100,000 characters', long],
      nulInside(sample),
      ...invisibleOnly,
      ...(required
        ? ([
            ['empty', ''],
            ['only spaces', '   '],
          ] as Labelled[])
        : []),
    ],
    poisoned: [...withControls(sample), ...sqlValues()],
  }),
  enum: (required = true): FieldSpec => ({
    required,
    invalid: [
      ...wrongTypes(required),
      ['empty', ''],
      ['unknown value', 'unknown'],
      ['100,000 characters', long],
      ...sqlValues(),
      ...controls.map(([label, char]) => [label, char] as const),
    ],
    poisoned: [],
    suffixControls: true,
  }),
  /** A whole number through formNumber (src/shared/form-number.ts): a number or the form's text "5". */
  count: (required = true, nullMeansUnlimited = false): FieldSpec => ({
    required,
    invalid: [
      ['an object', {}],
      ['true', true],
      ['[5]', [5]],
      ['an empty array', []],
      ['an array of two', [1, 2]],
      ['an array nested 5000 deep', deepArray],
      ['empty text', ''],
      ['text', 'abc'],
      ['-1', -1],
      ['0', 0],
      ['1.5', 1.5],
      ['"1.5"', '1.5'],
      ['"-1"', '-1'],
      ...oddNumberTexts,
      ['100,000 characters', long],
      ...hugeNumbers,
      ...sqlValues(),
      ...controls,
      ...(required && !nullMeansUnlimited
        ? ([
            ['null', null],
            ['missing', missing],
          ] as Labelled[])
        : []),
    ],
    // The forms send numbers as text.
    poisoned: [['the number as text "5"', '5']],
  }),
  /** A number or its digits as text, refused otherwise (reports.ts: `true` never becomes 1). */
  strictCount: (): FieldSpec => ({
    required: true,
    invalid: [
      ...wrongTypes(true).filter(([label]) => label !== 'a number'),
      ['empty text', ''],
      ['text', 'abc'],
      ['-1', -1],
      ['0', 0],
      ['1.5', 1.5],
      ...oddNumberTexts,
      ['100,000 characters', long],
      ...hugeNumbers,
      ...sqlValues(),
      ...controls,
    ],
    poisoned: [['the number as text "5"', '5']],
  }),
  /** The id of another row: a JSON number, optional. */
  id: (): FieldSpec => ({
    required: false,
    invalid: [
      ['the number as text "5"', '5'],
      ['text', 'abc'],
      ['true', true],
      ['an object', {}],
      ['an array', []],
      ['-1', -1],
      ['0', 0],
      ['1.5', 1.5],
      ...hugeNumbers,
      ...sqlValues(),
    ],
    poisoned: [],
  }),
  /** A day; `outOfRange` are real days the route's rules refuse (too far ahead, too long ago). */
  date: (required = true, outOfRange: Labelled[] = []): FieldSpec => ({
    required,
    invalid: [
      ...wrongTypes(required),
      ...outOfRange,
      ['empty', ''],
      ['2026-02-30', '2026-02-30'],
      ['2026-13-01', '2026-13-01'],
      ['2026-02-29 (not a leap year)', '2026-02-29'],
      ['not-a-date', 'not-a-date'],
      ['2026-2-3', '2026-2-3'],
      ['05.12.2026', '05.12.2026'],
      ['a timestamp', '2026-12-05T10:00:00Z'],
      ['100,000 characters', long],
      ...sqlValues(),
    ],
    poisoned: [],
    suffixControls: true,
  }),
  time: (): FieldSpec => ({
    required: true,
    invalid: [
      ...wrongTypes(true),
      ['empty', ''],
      ['25:00', '25:00'],
      ['10:60', '10:60'],
      ['10:00:00', '10:00:00'],
      ['noon', 'noon'],
      ['100,000 characters', long],
      ...sqlValues(),
    ],
    poisoned: [],
    suffixControls: true,
  }),
  bool: (): FieldSpec => ({
    required: false,
    invalid: [
      ['"true"', 'true'],
      ['1', 1],
      ['null', null],
      ['an object', {}],
      ['an array', []],
    ],
    poisoned: [],
  }),
  username: (required = true): FieldSpec => ({
    required,
    invalid: [
      ...wrongTypes(required),
      ['two characters', 'ab'],
      ['51 characters', 'u'.repeat(51)],
      ['100,000 characters', long],
      nulInside('user_name'),
      ...directionControls,
      ...invisibleOnly,
    ],
    poisoned: [...withControls('user_name'), ...sqlValues()],
  }),
  password: (required = true): FieldSpec => ({
    required,
    invalid: [
      ...wrongTypes(required),
      ['five characters', 'short'],
      ['201 characters', 'p'.repeat(201)],
      ['100,000 characters', long],
    ],
    poisoned: [...withControls('secret123'), ...sqlValues()],
  }),
  /** The token of a one-time link: 32 random bytes in base64url. */
  linkToken: (): FieldSpec => ({
    required: true,
    invalid: [
      ...wrongTypes(true),
      ['empty', ''],
      ['42 characters', 'A'.repeat(42)],
      ['44 characters', 'A'.repeat(44)],
      ['a character outside base64url', `${'A'.repeat(42)}+`],
      ['100,000 characters', long],
      nulInside('A'.repeat(43)),
      ...sqlValues(),
    ],
    poisoned: [],
    suffixControls: true,
  }),
  email: (): FieldSpec => ({
    required: true,
    invalid: [
      ...wrongTypes(true),
      ['empty', ''],
      ['not an email', 'not-an-email'],
      ['no domain', 'name@'],
      ['100,000 characters', long],
      nulInside('name@example.org'),
    ],
    poisoned: [...withControls('name@example.org'), ...sqlValues()],
  }),
  url: (): FieldSpec => ({
    required: false,
    invalid: [
      ...notText,
      ['javascript:', 'javascript:alert(1)'],
      ['ftp:', 'ftp://example.org/file'],
      ['data:', 'data:text/html,<script>alert(1)</script>'],
      ['JAVASCRIPT: after a space', ' JAVASCRIPT:alert(1)'],
      ['vbscript:', 'vbscript:msgbox(1)'],
      ['a host without a dot', 'https://name/'],
      ['a user and password before the host', 'https://example.org@evil.example/'],
      ['100,000 characters', long],
      nulInside('https://example.org'),
      ...invisibleOnly,
    ],
    poisoned: [...withControls('https://example.org'), ...sqlValues()],
  }),
  /** A Telegram contact: @name, name, t.me/name or https://t.me/name, nothing else. */
  telegram: (): FieldSpec => ({
    required: false,
    invalid: [
      ...notText,
      ['javascript:', 'javascript:alert(document.cookie)'],
      ['data:', 'data:text/html,<script>alert(1)</script>'],
      ['a link to another site', 'https://evil.example/fond_help'],
      ['a name with spaces', 'fond help'],
      ['a lone @', '@'],
      ['100,000 characters', long],
      nulInside('@fond_help'),
      ...invisibleOnly,
      ...sqlValues(),
    ],
    poisoned: [...withControls('https://t.me/fond_help')],
  }),
  age: (): FieldSpec => ({
    required: false,
    invalid: [
      ['2+', '2+'],
      ['19+', '19+'],
      ['text', 'abc'],
      ['100', 100],
      ['-1', -1],
      ['1.5', 1.5],
      ['true', true],
      ['an object', {}],
      ['an array', []],
      ['100,000 characters', long],
      ...hugeNumbers,
      ...sqlValues(),
    ],
    poisoned: [],
  }),
  /** A list of known values with at least one. */
  enumList: (): FieldSpec => ({
    required: true,
    invalid: [
      ...wrongTypes(true).filter(([label]) => label !== 'an array'),
      ['one value, not a list', 'ecology'],
      ['an empty list', []],
      ['a list of numbers', [1]],
      ['a list with null', [null]],
      ['a list of objects', [{}]],
      ['an unknown value', ['unknown']],
      ['100,000 characters', [long]],
      ...sqlValues().map(([label, text]) => [label, [text]] as const),
      ...controls.map(([label, char]) => [label, [`ecology${char}`]] as const),
    ],
    poisoned: [],
  }),
  /** An optional list of free texts. */
  textList: (): FieldSpec => ({
    required: false,
    invalid: [
      ['text, not a list', 'text'],
      ['an object', {}],
      ['a list of numbers', [1]],
      ['a list of objects', [{}]],
      ['a list with null', [null]],
      ['21 items', Array.from({ length: 21 }, () => 'пункт')],
      ['100,000 characters', [long]],
      ['an array nested 5000 deep', deepArray],
      ['NUL \\u0000 inside an item, the rest valid', ['Тре\u0000бование']],
      ...invisibleOnly.map(([label, text]) => [`an item of ${label}`, [text]] as const),
    ],
    poisoned: [
      ...sqlValues().map(([label, text]) => [label, [text]] as const),
      ...withControls('Требование').map(([label, text]) => [label, [text]] as const),
    ],
  }),
  /** An optional list of picture ids. */
  idList: (): FieldSpec => ({
    required: false,
    invalid: [
      ['text', 'x'],
      ['an object', {}],
      ['a list with 0', [0]],
      ['a list with -1', [-1]],
      ['a list with "5"', ['5']],
      ['a list with 1.5', [1.5]],
      ['a list with null', [null]],
      ['a list with 2**31', [2_147_483_648]],
      ['a list with 1e308', [new RawJson('1e308')]],
      ['seven ids', Array.from({ length: 7 }, () => 1)],
    ],
    poisoned: [],
  }),
};

/** A participation code: 16 characters of Crockford base32, dashes and spaces ignored; optional. */
function proofCodeSpec(): FieldSpec {
  return {
    required: false,
    invalid: [
      ...wrongTypes(false),
      ['empty', ''],
      ['fifteen characters', 'ABCD-EFGH-JKMN-PQR'],
      ['seventeen characters', 'ABCD-EFGH-JKMN-PQRST'],
      ['a letter outside the alphabet (U)', 'ABCD-EFGH-JKMN-PQRU'],
      ['Cyrillic look-alikes', 'АВСD-EFGH-JKMN-PQRS'],
      ['100,000 characters', long],
      nulInside('ABCD-EFGH-JKMN-PQRS'),
      ...invisibleOnly,
      ...sqlValues(),
    ],
    poisoned: [],
    suffixControls: true,
  };
}

// ---------------------------------------------------------------------------------------------------
// The routes

interface InputRoute {
  method: Method;
  route: string;
  variant?: string;
  /** A caller who may use the route: hostile input must get past the role checks to mean anything. */
  caller: Caller;
  /** Real rows the caller may act on, so that an accepted request would be a real change. */
  params?: (world: World) => Record<string, number | string>;
  /**
   * A JSON body the route accepts, and what each field is. `poison` gives invalid values that make a
   * request invalid where leaving out another required field cannot (a route with one required field).
   */
  body?: {
    valid: (world: World) => Record<string, unknown>;
    fields: Record<string, FieldSpec>;
    poison?: Record<string, Value>;
  };
  /** Every query parameter the route reads, and what it is. */
  query?: Record<string, QueryKind>;
  /**
   * An invalid query parameter that makes the request invalid whatever else it holds, for a route without
   * the paging parameters that are poisoned otherwise (the exports, issue 25).
   */
  queryPoison?: string;
  /** The route takes raw image bytes rather than JSON. */
  upload?: true;
  /** The route's own body limit when it is smaller than the app's 256 KB. */
  smallBodyLimit?: true;
}

const eventBody = () => ({
  ...tenPlaceEventInput,
  address: 'Москва, Крымский Вал, 9',
  ageRestriction: '12+',
  requirements: 'Перчатки и удобная обувь',
});
/** A school's response to a volunteer request, as the school sends it and later edits it. */
const schoolResponseFields: Record<string, FieldSpec> = {
  volunteersOffered: field.count(),
  message: field.text(false),
  contactPerson: field.text(false),
  contactPhone: field.text(false),
  contactEmail: field.text(false),
};
const schoolResponsePoison = { contactEmail: 12345, message: 12345 };

const eventFields: Record<string, FieldSpec> = {
  title: field.text(true, 'Субботник в парке'),
  description: field.text(true, 'Убираем листья и готовим клумбы к зиме.'),
  // "Today" is 2026-11-23: an event lies between today and two years ahead.
  date: field.date(true, [
    ['9999-12-31', '9999-12-31'],
    ['two years and a day ahead', '2028-11-24'],
    ['yesterday', '2026-11-22'],
  ]),
  startTime: field.time(),
  endTime: field.time(),
  location: field.text(true, 'Парк Горького'),
  address: field.text(false),
  activityType: field.enum(),
  minParticipants: field.count(),
  totalSlots: field.count(true, true),
  hours: field.count(),
  ageRestriction: field.age(),
  contactPersonName: field.text(true, 'Ольга Смирнова'),
  contactPersonPhone: field.text(false, '+7 (495) 123-45-67'),
  contactPersonEmail: field.text(false, 'olga@example.org'),
  contactPersonTelegram: field.telegram(),
  contactPersonVk: field.url(),
  requirements: field.text(false),
  skills: field.text(false),
  additionalInfo: field.text(false),
  imageId: field.id(),
};

const profileCommon = {
  username: field.username(),
  description: field.text(true, 'Описание организации для профиля.'),
  shortDescription: field.text(false),
  address: field.text(true, 'Москва, ул. Тверская, д. 1'),
  phone: field.text(true, '+7 (495) 433-16-44'),
  email: field.email(),
  website: field.url(),
  vkLink: field.url(),
  telegramChannel: field.telegram(),
  logoImageId: field.id(),
};

const newsBody = () => ({
  title: 'Итоги осени',
  content: 'Школьники посадили сто деревьев.',
  category: 'news',
  image: 'https://example.org/picture.png',
  isPublished: false,
});
const newsFields: Record<string, FieldSpec> = {
  title: field.text(true, 'Итоги осени'),
  content: field.text(true, 'Школьники посадили сто деревьев.'),
  category: field.enum(),
  image: field.url(),
  imageId: field.id(),
  foundationId: field.id(),
  isPublished: field.bool(),
};

const id = (pick: (ids: World['ids']) => number) => (world: World) => ({ id: pick(world.ids) });

/** A route that reads or removes one thing by the id in its path, and takes no other input. */
const byId = (
  endpoint: `${Method} /api/${string}`,
  caller: Caller,
  thing: { [K in keyof World['ids']]: World['ids'][K] extends number ? K : never }[keyof World['ids']],
): InputRoute => {
  const [method, route] = endpoint.split(' ') as [Method, string];
  return { method, route, caller, params: id((ids) => ids[thing]) };
};

// Exports (issue 25): the lists' filters, without paging; each is poisoned by another invalid filter.
const exportRoutes: InputRoute[] = exportFormats.flatMap((format): InputRoute[] => [
  {
    method: 'GET',
    route: `/api/foundation/applications/export.${format}`,
    caller: 'foundation',
    query: { status: { values: ['waitlisted', 'pending', 'approved', 'rejected', 'completed', 'all'] } },
    queryPoison: 'status=unknown',
  },
  {
    method: 'GET',
    route: `/api/foundation/events/:id/participants.${format}`,
    caller: 'foundation',
    params: (world) => ({ id: world.ids.eventId }),
  },
  {
    method: 'GET',
    route: `/api/school/hours.${format}`,
    caller: 'school',
    query: { from: 'day', to: 'day' },
    queryPoison: 'from=2026-02-30&to=2026-03-01',
  },
  {
    method: 'GET',
    route: `/api/admin/users/export.${format}`,
    caller: 'admin',
    query: { search: 'search', role: { values: ['all', 'admin', 'foundation', 'school', 'volunteer'] } },
    queryPoison: 'role=unknown',
  },
  {
    method: 'GET',
    route: `/api/admin/events/export.${format}`,
    caller: 'admin',
    query: { search: 'search' },
    // Too long; with an accepted search it also makes the parameter an array.
    queryPoison: `search=${'x'.repeat(101)}`,
  },
  {
    method: 'GET',
    route: `/api/admin/applications/export.${format}`,
    caller: 'admin',
    query: { status: { values: ['all', 'pending', 'approved', 'rejected', 'completed'] } },
    queryPoison: 'status=unknown',
  },
  {
    method: 'GET',
    route: `/api/admin/hours/export.${format}`,
    caller: 'admin',
    query: { from: 'day', to: 'day' },
    queryPoison: 'from=2026-02-30&to=2026-03-01',
  },
  // The journal (issue 53, item 4): its list's filters without the paging.
  ...(['/api/organisation/journal', '/api/admin/journal'] as const).map(
    (list): InputRoute => ({
      method: 'GET',
      route: `${list}/export.${format}`,
      caller: list === '/api/admin/journal' ? 'admin' : 'school',
      query: { from: 'day', to: 'day', kind: { values: ['application', 'event', 'team', 'profile'] } },
      queryPoison: 'kind=unknown',
    }),
  ),
]);

const inputRoutes: readonly InputRoute[] = [
  // Accounts.
  {
    method: 'POST',
    route: '/api/register',
    caller: 'anonymous',
    smallBodyLimit: true,
    body: {
      valid: () => ({ username: 'hostile_newcomer', password, role: 'school' }),
      fields: { username: field.username(), password: field.password(), role: field.enum() },
    },
  },
  {
    method: 'POST',
    route: '/api/login',
    caller: 'anonymous',
    smallBodyLimit: true,
    body: {
      valid: (world) => ({ username: world.schoolUsername, password }),
      fields: { username: field.username(), password: field.password() },
    },
  },
  {
    method: 'POST',
    route: '/api/admin/login',
    caller: 'anonymous',
    smallBodyLimit: true,
    body: {
      valid: () => ({ username: 'hostile_admin', password }),
      fields: { username: field.username(), password: field.password() },
    },
  },
  // No input: only what the body parser refuses before the handler (which would end the session).
  { method: 'POST', route: '/api/logout', caller: 'school', smallBodyLimit: true },
  {
    method: 'PATCH',
    route: '/api/password',
    caller: 'school',
    smallBodyLimit: true,
    body: {
      valid: () => ({ currentPassword: password, newPassword: 'another-secret-2' }),
      fields: { currentPassword: field.text(true, password), newPassword: field.password() },
    },
  },
  {
    method: 'POST',
    route: '/api/password-reset',
    caller: 'anonymous',
    smallBodyLimit: true,
    body: {
      valid: (world) => ({ login: world.schoolUsername }),
      fields: {
        // The only field: a value that is valid data (SQL-looking text) is simply no account's name,
        // answered 202 like any other, so there is nothing to poison it with.
        login: {
          required: true,
          invalid: [
            ...wrongTypes(true),
            ['empty', ''],
            ['only spaces', '   '],
            ['255 characters', 'x'.repeat(255)],
            ['100,000 characters', long],
            nulInside('school@example.org'),
            ...directionControls,
            ...invisibleOnly,
          ],
          poisoned: [],
          suffixControls: true,
        },
      },
    },
  },
  {
    method: 'POST',
    route: '/api/password-reset/confirm',
    caller: 'anonymous',
    smallBodyLimit: true,
    body: {
      valid: () => ({ token: 'A'.repeat(43), newPassword: 'another-secret-2' }),
      fields: {
        token: field.linkToken(),
        newPassword: field.password(),
      },
    },
  },
  // No input: only what the body parser refuses before the handler (which would mark them read).
  { method: 'POST', route: '/api/notifications/mark-read', caller: 'school' },

  // Profile: the fields depend on the role, so both shapes are attacked.
  {
    method: 'PATCH',
    route: '/api/profile',
    variant: 'a school',
    caller: 'school',
    body: {
      valid: (world) => ({
        username: world.schoolUsername,
        fullName: 'Гимназия № 1543',
        schoolType: 'state',
        description: 'Школа с волонтёрским отрядом из 120 учеников.',
        address: 'Москва, ул. 26 Бакинских Комиссаров, д. 3',
        phone: '+7 (495) 433-16-44',
        email: 'volunteers@gymnasium.example',
        website: 'https://gymnasium.example',
      }),
      fields: { ...profileCommon, fullName: field.text(true, 'Гимназия № 1543'), schoolType: field.enum() },
    },
  },
  {
    method: 'PATCH',
    route: '/api/profile',
    variant: 'a foundation',
    caller: 'foundation',
    body: {
      valid: () => ({
        username: 'hostile_foundation',
        fullName: 'Фонд «Тёплый дом»',
        description: 'Поддерживаем детей-сирот и выпускников детских домов.',
        address: 'Москва, Новослободская ул., д. 14/19',
        phone: '+7 (495) 987-65-43',
        email: 'dom@teplyi-dom.example',
        directions: ['social', 'education'],
      }),
      fields: {
        ...profileCommon,
        username: field.username(),
        fullName: field.text(true, 'Фонд «Тёплый дом»'),
        directions: field.enumList(),
        videoPresentation: field.url(),
        galleryImageIds: field.idList(),
      },
    },
  },

  // E-mail settings: a school turning kinds on and off; the signed links that work without a session,
  // whose body is never read, so only the parser's and the token's refusals apply.
  {
    method: 'PUT',
    route: '/api/notification-settings',
    caller: 'school',
    body: {
      valid: () => ({ kinds: [{ kind: 'reminders', enabled: false }] }),
      fields: {
        kinds: {
          required: true,
          invalid: [
            ...wrongTypes(true),
            ['a list of kinds without `enabled`', [{ kind: 'reminders' }]],
            ['a list of names', ['reminders']],
            ['a list with null', [null]],
            ['`enabled` as text', [{ kind: 'reminders', enabled: 'false' }]],
            ['an unknown kind', [{ kind: 'unknown', enabled: false }]],
            ["a foundation's kind", [{ kind: 'applications', enabled: false }]],
            [
              'a kind named twice',
              [
                { kind: 'reminders', enabled: false },
                { kind: 'reminders', enabled: true },
              ],
            ],
            ['eight items', Array.from({ length: 8 }, () => ({ kind: 'reminders', enabled: false }))],
            ['a kind of 100,000 characters', [{ kind: long, enabled: false }]],
            ...sqlValues().map(([label, text]) => [label, [{ kind: text, enabled: false }]] as const),
            ...controls.map(
              ([label, char]) => [label, [{ kind: `reminders${char}`, enabled: false }]] as const,
            ),
          ],
          poisoned: [],
        },
      },
    },
  },
  {
    method: 'POST',
    route: '/api/unsubscribe/:token',
    caller: 'anonymous',
    params: (world) => ({ token: world.ids.unsubscribeToken }),
  },
  {
    method: 'DELETE',
    route: '/api/unsubscribe/:token',
    caller: 'anonymous',
    params: (world) => ({ token: world.ids.unsubscribeToken }),
  },

  // Images: raw bytes.
  { method: 'POST', route: '/api/images', caller: 'school', upload: true },
  { method: 'GET', route: '/api/images/:id', caller: 'anonymous', params: id((ids) => ids.imageId) },

  // Public catalogue.
  {
    method: 'GET',
    route: '/api/events',
    caller: 'anonymous',
    query: {
      date: 'dayOrPreset',
      dateFrom: 'day',
      dateTo: 'day',
      ageRange: { values: ['14+', '16+', '18+'] },
      activityType: 'enumList',
      search: 'search',
      city: 'search',
      foundationId: 'id',
      upcoming: { values: ['true', 'false'] },
      foundation: { values: ['true', 'false'] },
      page: 'page',
      limit: 'limit',
    },
  },
  { method: 'GET', route: '/api/events/:id', caller: 'anonymous', params: id((ids) => ids.eventId) },
  { method: 'GET', route: '/api/news/:id', caller: 'anonymous', params: id((ids) => ids.newsId) },
  {
    method: 'GET',
    route: '/api/share-cards/:kind/:id',
    caller: 'anonymous',
    params: (world) => ({ kind: 'events', id: world.ids.eventId }),
  },
  byId('GET /api/events/:id/application-status', 'school', 'eventId'),
  byId('GET /api/events/:id/permissions', 'foundation', 'eventId'),
  {
    method: 'GET',
    route: '/api/foundations',
    caller: 'anonymous',
    query: {
      search: 'search',
      directions: 'csv',
      ageRestriction: { values: ['all', '14+', '16+', '18+'] },
      page: 'page',
      limit: 'limit',
    },
  },
  byId('GET /api/foundations/:id', 'anonymous', 'foundationId'),
  {
    method: 'GET',
    route: '/api/volunteer-requests',
    caller: 'anonymous',
    query: { foundationId: 'id', page: 'page', limit: 'limit' },
  },
  { method: 'GET', route: '/api/news', caller: 'anonymous', query: { page: 'page', limit: 'limit' } },
  {
    method: 'GET',
    route: '/api/my-applications',
    caller: 'school',
    query: {
      status: { values: ['waitlisted', 'pending', 'approved', 'rejected', 'completed'] },
      eventId: 'idList',
      page: 'page',
      limit: 'limit',
    },
  },
  {
    method: 'GET',
    route: '/api/school/approved-applications',
    caller: 'school',
    query: { page: 'page', limit: 'limit' },
  },
  {
    method: 'GET',
    route: '/api/foundation/reports',
    caller: 'foundation',
    query: { page: 'page', limit: 'limit' },
  },
  {
    method: 'GET',
    route: '/api/school/completed-events',
    caller: 'school',
    query: { page: 'page', limit: 'limit' },
  },
  byId('GET /api/volunteer-requests/:id', 'anonymous', 'requestId'),

  // Events of a foundation.
  {
    method: 'POST',
    route: '/api/events',
    caller: 'foundation',
    body: { valid: eventBody, fields: eventFields },
  },
  {
    method: 'PUT',
    route: '/api/events/:id',
    caller: 'foundation',
    params: id((ids) => ids.eventId),
    body: { valid: eventBody, fields: eventFields },
  },
  {
    method: 'PATCH',
    route: '/api/events/:id',
    caller: 'foundation',
    params: id((ids) => ids.eventId),
    body: { valid: () => ({ status: 'canceled' }), fields: { status: field.enum() } },
  },
  { method: 'DELETE', route: '/api/events/:id', caller: 'foundation', params: id((ids) => ids.eventId) },
  {
    method: 'PUT',
    route: '/api/events/:id/attendance',
    caller: 'foundation',
    params: id((ids) => ids.completedEventId),
    body: {
      valid: (world) => ({ attendance: [{ applicationId: world.ids.completedApplicationId, attended: 1 }] }),
      fields: {
        attendance: {
          required: true,
          invalid: [
            ['an object, not a list', {}],
            ['an empty list', []],
            ['a list of numbers', [1]],
            ['a list with null', [null]],
            ['a list of empty objects', [{}]],
            ['attended as text', [{ applicationId: 1, attended: '1' }]],
            ['attended below zero', [{ applicationId: 1, attended: -1 }]],
            ['attended 1.5', [{ applicationId: 1, attended: 1.5 }]],
            ['attended 1e308', [{ applicationId: 1, attended: 1e308 }]],
            ['applicationId 0', [{ applicationId: 0, attended: 1 }]],
            [
              'one application twice',
              [
                { applicationId: 1, attended: 1 },
                { applicationId: 1, attended: 2 },
              ],
            ],
            [
              '1,001 items',
              Array.from({ length: 1001 }, (_, index) => ({ applicationId: index + 1, attended: 1 })),
            ],
            ['an array nested 5000 deep', deepArray],
          ],
          poisoned: [],
        },
      },
    },
  },

  // Reports.
  {
    method: 'POST',
    route: '/api/foundation/reports',
    caller: 'foundation',
    body: {
      valid: () => ({
        eventTitle: 'Субботник в парке',
        eventDate: '2026-11-01',
        volunteersCount: 12,
        additionalInfo: 'Пришли все.',
      }),
      fields: {
        eventTitle: field.text(true, 'Субботник в парке'),
        // Within five years back and two years ahead of 2026-11-23.
        eventDate: field.date(true, [
          ['five years and a day ago', '2021-11-22'],
          ['9999-12-31', '9999-12-31'],
          ['2100-12-31', '2100-12-31'],
        ]),
        volunteersCount: field.strictCount(),
        additionalInfo: field.text(false),
      },
    },
  },
  byId('DELETE /api/foundation/reports/:id', 'foundation', 'reportId'),

  // Applications.
  {
    method: 'POST',
    route: '/api/events/:id/register',
    caller: 'school',
    params: id((ids) => ids.eventId),
    body: {
      valid: () => ({
        participantCount: 2,
        parentalConsent: true,
        contactPerson: 'Елена Викторовна',
        contactPhone: '+7 (499) 245-12-12',
        applicationNote: 'Придём с учителем.',
      }),
      fields: {
        participantCount: field.count(),
        contactPerson: field.text(true, 'Елена Викторовна'),
        contactPhone: field.text(false, '+7 (499) 245-12-12'),
        contactEmail: field.text(false, 'elena@example.org'),
        contactTelegram: field.telegram(),
        contactVk: field.url(),
        applicationNote: field.text(false),
        waitlist: field.bool(),
      },
    },
  },
  byId('POST /api/events/:id/cancel-application', 'school', 'eventId'),
  byId('DELETE /api/applications/:id', 'school', 'applicationId'),
  {
    method: 'PATCH',
    route: '/api/applications/:id',
    caller: 'school',
    params: id((ids) => ids.applicationId),
    body: {
      valid: () => ({ participantCount: 1 }),
      // The only field: nothing else could make a request carrying the accepted "5" fail, so that case
      // is left to the routes with more fields.
      fields: { participantCount: { ...field.count(), poisoned: [] } },
    },
  },
  {
    method: 'PATCH',
    route: '/api/foundation/applications/:id',
    caller: 'foundation',
    params: id((ids) => ids.applicationId),
    body: {
      valid: () => ({ action: 'reject', rejectionReason: 'Мест больше нет' }),
      fields: { action: field.enum(), rejectionReason: field.text(false) },
    },
  },
  byId('DELETE /api/school/archive/:id', 'school', 'archiveEntryId'),
  // Proof of hours (issue 25): the school has hours in the period, so a valid request would issue a
  // certificate; every hostile one must issue nothing.
  {
    method: 'GET',
    route: '/api/school/certificate.pdf',
    caller: 'school',
    query: { from: 'day', to: 'day' },
  },
  {
    method: 'GET',
    route: '/api/verify/:code',
    caller: 'anonymous',
    params: () => ({ code: 'ABCD-EFGH-JKMN-PQRS' }),
  },
  {
    method: 'GET',
    route: '/api/foundation/applications',
    caller: 'foundation',
    query: {
      status: { values: ['waitlisted', 'pending', 'approved', 'rejected', 'completed', 'all'] },
      page: 'page',
      limit: 'limit',
    },
  },
  {
    method: 'GET',
    route: '/api/foundation/approved-applications',
    caller: 'foundation',
    query: { page: 'page', limit: 'limit' },
  },
  {
    method: 'GET',
    route: '/api/foundation/events/:eventId',
    caller: 'foundation',
    params: (world) => ({ eventId: world.ids.eventId }),
  },
  byId('GET /api/foundation/events/:id/participants.pdf', 'foundation', 'eventId'),
  byId('GET /api/applications/:id/trip-sheet.pdf', 'school', 'applicationId'),

  // Calendars: an event's file, a feed by its secret, and the caller's own feed address (no input).
  byId('GET /api/events/:id/calendar.ics', 'anonymous', 'eventId'),
  {
    method: 'GET',
    route: '/api/calendar/:token.ics',
    caller: 'anonymous',
    params: () => ({ token: 'A'.repeat(43) }),
  },
  { method: 'POST', route: '/api/calendar-feed', caller: 'school' },
  {
    method: 'GET',
    route: '/api/password-reset-links/:token',
    caller: 'anonymous',
    params: () => ({ token: 'A'.repeat(43) }),
  },
  // Messages to an event's schools (issue 26).
  {
    method: 'POST',
    route: '/api/foundation/events/:id/messages',
    caller: 'foundation',
    params: id((ids) => ids.eventId),
    body: {
      valid: () => ({ text: 'Сбор у главного входа парка в 9:45' }),
      // The only field, and free text: a message may quote SQL or hold any character a person typed, and
      // is stored as written (React escapes it on the page), so no value of it is refused for its content.
      fields: { text: { ...field.text(true, 'Сбор у главного входа парка в 9:45'), poisoned: [] } },
    },
  },
  byId('GET /api/foundation/events/:id/messages', 'foundation', 'eventId'),
  { method: 'GET', route: '/api/events/:id/messages', caller: 'school', params: id((ids) => ids.eventId) },

  // Pupils' participation codes.
  byId('GET /api/applications/:id/codes', 'school', 'completedApplicationId'),
  byId('GET /api/applications/:id/codes.pdf', 'school', 'completedApplicationId'),
  {
    method: 'POST',
    route: '/api/applications/:id/codes/:code/reissue',
    caller: 'school',
    params: (world) => ({ id: world.ids.completedApplicationId, code: world.ids.participationCode }),
  },
  {
    method: 'POST',
    route: '/api/claim',
    variant: 'one code',
    caller: 'anonymous',
    body: {
      valid: (world) => ({ code: world.ids.participationCode, name: 'Анна Петрова' }),
      fields: { code: proofCodeSpec(), name: field.text(true, 'Анна Петрова') },
      // A name is the only required field: a malformed code makes the name's own cases invalid.
      poison: { code: 'ABCD' },
    },
  },
  {
    method: 'POST',
    route: '/api/claim',
    variant: 'several codes',
    caller: 'anonymous',
    body: {
      valid: (world) => ({ codes: [world.ids.participationCode], name: 'Анна Петрова' }),
      fields: {
        codes: {
          required: false,
          invalid: [
            ['a code, not a list', 'ABCD-EFGH-JKMN-PQRS'],
            ['an object', {}],
            ['an empty list', []],
            ['a list of numbers', [1]],
            ['a list with null', [null]],
            ['a list of objects', [{}]],
            ['a malformed code', ['ABCD']],
            ['one code twice', ['ABCD-EFGH-JKMN-PQRS', 'abcdefghjkmnpqrs']],
            ['21 codes', Array.from({ length: 21 }, (_, index) => `ABCD-EFGH-JKMN-PQ${10 + index}`)],
            ['100,000 characters', [long]],
            ['an array nested 5000 deep', deepArray],
            ...sqlValues().map(([label, text]) => [label, [text]] as const),
            ...controls.map(
              ([label, char]) => [`${label} inside a code`, [`ABCD-EF${char}GH-JKMN-PQRS`]] as const,
            ),
          ],
          poisoned: [],
        },
        name: field.text(true, 'Анна Петрова'),
      },
      poison: { codes: ['ABCD'] },
    },
  },

  // Volunteer requests.
  {
    method: 'POST',
    route: '/api/volunteer-requests',
    caller: 'foundation',
    body: {
      valid: () => ({ ...volunteerRequestInput, requirements: ['Тёплая одежда'] }),
      fields: {
        title: field.text(true, 'Помощь на ярмарке'),
        description: field.text(true, 'Нужны ребята, чтобы встречать гостей.'),
        eventDate: field.date(true, [
          ['9999-12-31', '9999-12-31'],
          ['two years and a day ahead', '2028-11-24'],
        ]),
        eventTime: field.time(),
        location: field.text(true, 'Москва, ВДНХ'),
        address: field.text(false),
        volunteersNeeded: field.count(),
        requirements: field.textList(),
      },
    },
  },
  {
    method: 'PATCH',
    route: '/api/volunteer-requests/:id',
    caller: 'foundation',
    params: id((ids) => ids.requestId),
    body: { valid: () => ({ status: 'closed' }), fields: { status: field.enum() } },
  },
  {
    method: 'POST',
    route: '/api/volunteer-requests/:id/respond',
    caller: 'school',
    params: id((ids) => ids.requestId),
    body: {
      valid: () => ({ volunteersOffered: 8, contactPerson: 'Ольга Сергеевна', message: 'Придём.' }),
      poison: schoolResponsePoison,
      fields: schoolResponseFields,
    },
  },
  {
    method: 'PUT',
    route: '/api/school-responses/:id',
    caller: 'foundation',
    params: id((ids) => ids.responseId),
    body: {
      valid: () => ({ status: 'accepted', processingNote: 'Ждём вас в 11:00' }),
      fields: { status: field.enum(), processingNote: field.text(false) },
    },
  },
  {
    method: 'PATCH',
    route: '/api/school-responses/:id',
    caller: 'school',
    params: id((ids) => ids.responseId),
    body: {
      valid: () => ({ volunteersOffered: 6, contactPerson: 'Ольга Сергеевна', message: 'Придём.' }),
      poison: schoolResponsePoison,
      fields: schoolResponseFields,
    },
  },
  byId('DELETE /api/school-responses/:id', 'school', 'responseId'),

  // Administration.
  {
    method: 'GET',
    route: '/api/admin/users',
    caller: 'admin',
    query: {
      search: 'search',
      role: { values: ['all', 'admin', 'foundation', 'school', 'volunteer'] },
      page: 'page',
      limit: 'limit',
    },
  },
  {
    method: 'GET',
    route: '/api/admin/organizations/moderation',
    caller: 'admin',
    query: {
      status: { values: ['all', 'pending', 'approved', 'rejected', 'needs_changes'] },
      type: { values: ['all', 'foundation', 'school'] },
      page: 'page',
      limit: 'limit',
    },
  },
  {
    method: 'GET',
    route: '/api/admin/events',
    caller: 'admin',
    query: { search: 'search', page: 'page', limit: 'limit' },
  },
  {
    method: 'GET',
    route: '/api/admin/applications',
    caller: 'admin',
    query: {
      status: { values: ['all', 'pending', 'approved', 'rejected', 'completed'] },
      page: 'page',
      limit: 'limit',
    },
  },
  { method: 'GET', route: '/api/admin/reports', caller: 'admin', query: { page: 'page', limit: 'limit' } },
  {
    method: 'GET',
    route: '/api/admin/news',
    caller: 'admin',
    query: { category: { values: ['news', 'success'] }, search: 'search', page: 'page', limit: 'limit' },
  },
  {
    method: 'PATCH',
    route: '/api/admin/organizations/:id/moderate',
    caller: 'admin',
    params: id((ids) => ids.pendingSchoolUserId),
    body: {
      valid: () => ({ status: 'needs_changes', comment: 'Добавьте адрес школы' }),
      fields: { status: field.enum(), comment: field.text(false) },
    },
  },
  { method: 'DELETE', route: '/api/admin/users/:id', caller: 'admin', params: id((ids) => ids.spareUserId) },
  // No letter has failed in this world: the valid call is a 404, and every hostile id must be a 400.
  { method: 'POST', route: '/api/admin/mail/:id/retry', caller: 'admin', params: () => ({ id: 987_654 }) },
  { method: 'DELETE', route: '/api/admin/events/:id', caller: 'admin', params: id((ids) => ids.eventId) },
  byId('DELETE /api/admin/applications/:id', 'admin', 'applicationId'),
  {
    method: 'PATCH',
    route: '/api/admin/update-credentials',
    caller: 'admin',
    smallBodyLimit: true,
    body: {
      valid: () => ({ currentPassword: password, newPassword: 'another-secret-2' }),
      poison: { newPassword: 'short', newUsername: 'ab' },
      fields: {
        currentPassword: field.text(true, password),
        newUsername: field.username(false),
        newPassword: field.password(false),
      },
    },
  },
  {
    method: 'POST',
    route: '/api/admin/news',
    caller: 'admin',
    body: { valid: newsBody, fields: newsFields },
  },
  {
    method: 'PUT',
    route: '/api/admin/news/:id',
    caller: 'admin',
    params: id((ids) => ids.newsId),
    body: { valid: newsBody, fields: newsFields },
  },
  { method: 'DELETE', route: '/api/admin/news/:id', caller: 'admin', params: id((ids) => ids.newsId) },

  // Reports of hours (issue 25).
  { method: 'GET', route: '/api/school/hours-report', caller: 'school', query: { year: 'year' } },
  {
    method: 'PUT',
    route: '/api/school/hours-goal',
    caller: 'school',
    body: {
      valid: () => ({ goal: 500 }),
      // null clears the goal, so only a missing goal joins the refused values of a count.
      fields: {
        goal: {
          required: true,
          invalid: [...field.count(false).invalid, ['missing', missing]],
          poisoned: [],
        },
      },
    },
  },
  { method: 'GET', route: '/api/foundation/hours-report', caller: 'foundation', query: { year: 'year' } },
  { method: 'GET', route: '/api/admin/hours-report', caller: 'admin', query: { year: 'year' } },

  // Exports of lists (issue 25).
  ...exportRoutes,
  // The team (issue 53): the school's owner acts on its own team; the link's routes need no account.
  {
    method: 'PATCH',
    route: '/api/organisation/members/:id',
    caller: 'school',
    params: id((ids) => ids.memberId),
    smallBodyLimit: true,
    body: { valid: () => ({ role: 'coordinator' }), fields: { role: field.enum() } },
  },
  byId('DELETE /api/organisation/members/:id', 'school', 'memberId'),
  {
    method: 'POST',
    route: '/api/organisation/transfer-ownership',
    caller: 'school',
    smallBodyLimit: true,
    body: {
      valid: (world) => ({ memberId: world.ids.memberId }),
      fields: { memberId: { ...field.id(), required: true } },
    },
  },
  {
    method: 'POST',
    route: '/api/organisation/invitations',
    caller: 'school',
    smallBodyLimit: true,
    body: {
      valid: () => ({ email: 'new.person@school.example', role: 'viewer' }),
      fields: { email: field.email(), role: field.enum() },
    },
  },
  byId('DELETE /api/organisation/invitations/:id', 'school', 'invitationId'),
  byId('POST /api/organisation/invitations/:id/resend', 'school', 'invitationId'),
  {
    method: 'GET',
    route: '/api/invitation-links/:token',
    caller: 'anonymous',
    params: () => ({ token: 'A'.repeat(43) }),
  },
  {
    method: 'POST',
    route: '/api/invitations/accept',
    caller: 'anonymous',
    smallBodyLimit: true,
    body: {
      valid: () => ({
        token: 'A'.repeat(43),
        username: 'new_member',
        password: 'secret123',
        confirmPassword: 'secret123',
      }),
      fields: {
        token: field.linkToken(),
        username: field.username(),
        password: field.password(),
        confirmPassword: {
          required: true,
          invalid: [...wrongTypes(true), ['another password', 'another-secret']],
          poisoned: [],
        },
      },
    },
  },
  {
    method: 'GET',
    route: '/api/organisation/journal',
    caller: 'school',
    query: {
      from: 'day',
      to: 'day',
      kind: { values: ['application', 'event', 'team', 'profile'] },
      page: 'page',
      limit: 'limit',
    },
  },
  {
    method: 'GET',
    route: '/api/admin/journal',
    caller: 'admin',
    query: {
      from: 'day',
      to: 'day',
      kind: { values: ['application', 'event', 'team', 'profile'] },
      page: 'page',
      limit: 'limit',
    },
  },
  byId('GET /api/admin/organizations/:id/members', 'admin', 'spareUserId'),
  {
    method: 'DELETE',
    route: '/api/admin/organizations/:id/members/:memberId',
    caller: 'admin',
    params: (world) => ({ id: world.ids.spareUserId, memberId: world.ids.memberId }),
  },
  {
    method: 'POST',
    route: '/api/admin/organizations/:id/owner',
    caller: 'admin',
    params: id((ids) => ids.spareUserId),
    body: {
      valid: (world) => ({ memberId: world.ids.memberId }),
      fields: { memberId: { ...field.id(), required: true } },
    },
  },
];

/**
 * GET routes that read neither a query string nor a path parameter. A test below sends each a hostile
 * query and expects the answer it gives without one: a route that starts reading its query fails there
 * and has to move to `inputRoutes` with cases of its own.
 */

const getsWithoutInput: readonly { route: string; caller: Caller }[] = [
  { route: '/api/admin/mail', caller: 'admin' },
  { route: '/api/user', caller: 'school' },
  { route: '/api/session', caller: 'school' },
  { route: '/api/health', caller: 'anonymous' },
  { route: '/api/events/cities', caller: 'anonymous' },
  { route: '/api/notifications/check', caller: 'school' },
  { route: '/api/notifications', caller: 'school' },
  { route: '/api/profile', caller: 'foundation' },
  { route: '/api/organisation/members', caller: 'school' },
  { route: '/api/organisation/invitations', caller: 'school' },
  { route: '/api/notification-settings', caller: 'school' },
  { route: '/api/stats/impact', caller: 'anonymous' },
  { route: '/api/foundation/stats', caller: 'foundation' },
  { route: '/api/foundation/application-stats', caller: 'foundation' },
  { route: '/api/foundation/applications-count', caller: 'foundation' },
  { route: '/api/my-applications/counts', caller: 'school' },
  { route: '/api/school/certificate-years', caller: 'school' },
  { route: '/api/calendar-feed', caller: 'school' },
  { route: '/api/admin/stats', caller: 'admin' },
  { route: '/api/admin/foundations', caller: 'admin' },
  ...exportFormats.map((format) => ({
    route: `/api/school/applications/export.${format}`,
    caller: 'school' as const,
  })),
];

// ---------------------------------------------------------------------------------------------------
// Cases

interface Expectation {
  status: number;
  message?: string;
}

interface HostileRequest {
  /** Replaces the route's valid path parameters. */
  params?: Record<string, string>;
  /** The query string, without '?'. */
  query?: string;
  payload?: string | Buffer | Readable;
  contentType?: string;
}

interface HostileCase {
  name: string;
  request: (world: World) => HostileRequest;
  expect?: Expectation;
  /** Why a 2xx answer is acceptable for this case; without it only a 4xx is. */
  mayAccept?: string;
}

/** JSON text of a body, with RawJson values written as they are. */
function jsonOf(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawJson ? `@@raw${raws.push(item.text) - 1}@@` : item,
  );
  return text.replace(/"@@raw(\d+)@@"/g, (_match, index: string) => raws[Number(index)] ?? 'null');
}

const json = 'application/json';
const tenMegabytes = 10 * 1024 * 1024;
const tooLargeJson = `{"title":"${'x'.repeat(tenMegabytes)}"}`;
const pollution = '{"polluted":true}';

/** Answers of the body parser, before any handler runs: for every route that takes a body at all. */
function parserCases(route: InputRoute): HostileCase[] {
  const valid = (world: World) => (route.body ? jsonOf(route.body.valid(world)) : '{}');
  // JSON is held to the app's limit on every route, the picture route too; a picture's own limit is
  // tried with raw bytes below.
  const tooLarge = commonErrors.bodyTooLarge;
  const invalidJson = { status: 400, message: commonErrors.invalidJson };
  const unsupported = { status: 415, message: commonErrors.unsupportedMediaType };
  const cases: HostileCase[] = [
    ...[
      ['truncated JSON {"a":', '{"a":'],
      ['single quotes', "{'status': 'approved'}"],
      ['a trailing comma', '{"a":1,}'],
      ['undefined', 'undefined'],
      ['NaN', 'NaN'],
      ['a bare NUL byte', '\u0000'],
    ].map(
      ([name, payload]): HostileCase => ({
        name: `malformed JSON: ${name}`,
        request: () => ({ payload, contentType: json }),
        expect: invalidJson,
      }),
    ),
    {
      name: 'malformed JSON: the valid body cut in half',
      request: (world) => {
        const text = valid(world);
        return { payload: text.slice(0, Math.ceil(text.length / 2)), contentType: json };
      },
      expect: invalidJson,
    },
    {
      name: '"__proto__" key at the top',
      request: (world) => ({
        payload: `{"__proto__":${pollution},${valid(world).slice(1)}`,
        contentType: json,
      }),
      expect: invalidJson,
    },
    {
      name: '"constructor.prototype" key at the top',
      request: (world) => ({
        payload: `{"constructor":{"prototype":${pollution}},${valid(world).slice(1)}`,
        contentType: json,
      }),
      expect: invalidJson,
    },
    {
      name: '"__proto__" key nested in a field',
      request: (world) => ({
        payload: `{"nested":{"deeper":{"__proto__":${pollution}}},${valid(world).slice(1)}`,
        contentType: json,
      }),
      expect: invalidJson,
    },
    {
      name: 'a 10 MB JSON body',
      request: () => ({ payload: tooLargeJson, contentType: json }),
      expect: { status: 413, message: tooLarge },
    },
    {
      name: 'a 10 MB JSON body streamed without Content-Length',
      request: () => ({
        payload: Readable.from(
          (function* () {
            yield '{"title":"';
            for (let sent = 0; sent < tenMegabytes; sent += 64 * 1024) yield 'x'.repeat(64 * 1024);
            yield '"}';
          })(),
        ),
        contentType: json,
      }),
      expect: { status: 413, message: tooLarge },
    },
    {
      name: 'the valid body inside arrays nested 64 deep (65 levels)',
      request: (world) => ({
        payload: `${'['.repeat(64)}${valid(world)}${']'.repeat(64)}`,
        contentType: json,
      }),
      expect: { status: 400, message: commonErrors.tooDeepJson },
    },
    ...(route.smallBodyLimit
      ? [
          {
            name: 'a 5 KB JSON body, over the route’s own 4 KB limit',
            request: () => ({ payload: `{"username":"${'u'.repeat(5 * 1024)}"}`, contentType: json }),
            expect: { status: 413, message: tooLarge },
          },
        ]
      : []),
    {
      name: 'Content-Type text/plain',
      request: (world) => ({ payload: valid(world), contentType: 'text/plain' }),
      expect: unsupported,
    },
    {
      name: 'Content-Type application/x-www-form-urlencoded',
      request: () => ({
        payload: 'status=approved&role=admin',
        contentType: 'application/x-www-form-urlencoded',
      }),
      expect: unsupported,
    },
    {
      name: 'Content-Type multipart/form-data',
      request: () => ({
        payload: '--x\r\nContent-Disposition: form-data; name="status"\r\n\r\napproved\r\n--x--\r\n',
        contentType: 'multipart/form-data; boundary=x',
      }),
      expect: unsupported,
    },
    {
      name: 'Content-Type application/xml',
      request: () => ({ payload: '<status>approved</status>', contentType: 'application/xml' }),
      expect: unsupported,
    },
  ];
  if (!route.upload) {
    cases.push({
      name: 'Content-Type application/octet-stream',
      request: (world) => ({ payload: valid(world), contentType: 'application/octet-stream' }),
      expect: unsupported,
    });
  }
  // Without a Content-Type Fastify hands a DELETE to its handler unparsed, which is no refusal.
  if (route.method !== 'DELETE') {
    cases.push({
      name: 'no Content-Type',
      request: (world) => ({ payload: valid(world) }),
      expect: unsupported,
    });
  }
  return cases;
}

/** Invalid shapes of the whole body, and each field attacked in turn, for routes with a JSON body. */
function bodyCases(route: InputRoute): HostileCase[] {
  const body = route.body;
  if (!body) return [];
  const required = Object.entries(body.fields)
    .filter(([, spec]) => spec.required)
    .map(([name]) => name);
  const send = (make: (world: World) => unknown) => (world: World) => ({
    payload: jsonOf(make(world)),
    contentType: json,
  });
  const poisons: [name: string, value: Value][] = [
    ...required.map((name): [string, Value] => [name, missing]),
    ...Object.entries(body.poison ?? {}),
  ];
  /** A required field left out (or a `poison` value) other than `except`, so that the request is refused. */
  const poisonOf = (except?: string) => {
    const found = poisons.find(([name]) => name !== except);
    if (!found) throw new Error(`${route.route}: nothing to make a request with ${except} invalid`);
    const [name, value] = found;
    return { name, value, label: value === missing ? `${name} missing` : `${name} = ${jsonOf(value)}` };
  };
  const poison = (target: Record<string, unknown>, except?: string) => {
    const { name, value } = poisonOf(except);
    if (value === missing) delete target[name];
    else target[name] = value;
  };
  const withValue = (world: World, name: string, value: Value) => {
    const target = body.valid(world);
    if (value === missing) delete target[name];
    else target[name] = value;
    return target;
  };

  const cases: HostileCase[] = [
    { name: 'an empty object {}', request: send(() => ({})) },
    ...(
      [
        ['null', null],
        ['an array', []],
        ['the valid body inside an array', 'wrapped'],
        ['a string', 'text'],
        ['a number', 42],
        ['true', true],
      ] as const
    ).map(
      ([name, value]): HostileCase => ({
        name: `the body is ${name}`,
        request: send((world) => (value === 'wrapped' ? [body.valid(world)] : value)),
        expect: { status: 400 },
      }),
    ),
    {
      name: 'an empty body with Content-Type application/json',
      request: () => ({ payload: '', contentType: json }),
      expect: { status: 400, message: commonErrors.invalidBody },
    },
    {
      name: `extra fields (id, role, status, owner ids, "constructor"), with ${poisonOf().label}`,
      request: send((world) => {
        const target = {
          ...body.valid(world),
          id: 1,
          userId: 1,
          foundationId: 1,
          schoolId: 1,
          role: 'admin',
          isAdmin: true,
          moderationStatus: 'approved',
          passwordHash: 'x',
          createdAt: '2000-01-01T00:00:00Z',
          constructor: { polluted: true },
        };
        poison(target);
        return target;
      }),
    },
  ];

  for (const [name, spec] of Object.entries(body.fields)) {
    for (const [label, value] of spec.invalid) {
      cases.push({ name: `${name}: ${label}`, request: send((world) => withValue(world, name, value)) });
    }
    if (spec.suffixControls) {
      for (const [label, char] of controls) {
        cases.push({
          name: `${name}: the valid value followed by ${label}`,
          request: send((world) => withValue(world, name, `${String(body.valid(world)[name])}${char}`)),
        });
      }
    }
    for (const [label, value] of spec.poisoned) {
      cases.push({
        name: `${name}: ${label}, with ${poisonOf(name).label}`,
        request: send((world) => {
          const target = withValue(world, name, value);
          poison(target, name);
          return target;
        }),
      });
    }
  }
  return cases;
}

/** Picture uploads: the bytes decide, never the declared type. */
function uploadCases(): HostileCase[] {
  const notAnImage = { status: 400, message: imageMessages.notAnImage };
  const png = (payload: Buffer) => () => ({ payload, contentType: 'image/png' });
  return [
    {
      name: 'a JSON body instead of bytes',
      request: () => ({ payload: '{"image":"data:image/png;base64,AAAA"}', contentType: json }),
      expect: { status: 415, message: imageMessages.notAnImage },
    },
    {
      name: 'Content-Type image/svg+xml',
      request: () => ({ payload: '<svg xmlns="http://www.w3.org/2000/svg"/>', contentType: 'image/svg+xml' }),
      expect: { status: 415, message: commonErrors.unsupportedMediaType },
    },
    { name: 'image/png: no bytes', request: png(Buffer.alloc(0)), expect: notAnImage },
    {
      name: 'image/png: random bytes',
      request: png(Buffer.from('0123456789abcdef'.repeat(64))),
      expect: notAnImage,
    },
    {
      name: 'image/png: SQL text',
      request: png(Buffer.from("'; drop table images; --")),
      expect: notAnImage,
    },
    {
      name: 'image/png: control characters',
      request: png(Buffer.from('\u0000\u0007\u202e'.repeat(100))),
      expect: notAnImage,
    },
    { name: 'image/png: a GIF header only', request: png(Buffer.from('GIF89a')), expect: { status: 400 } },
    {
      name: 'image/png: an SVG with a script',
      request: png(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
      ),
      expect: { status: 400 },
    },
    {
      name: 'image/png: a PNG header claiming 100000 × 100000 pixels',
      request: png(pngBomb()),
      // Refused as too many pixels or, by the decoder, as no image: either way before any pixel is made.
      expect: { status: 400 },
    },
    {
      name: 'image/png: 10 MB of bytes',
      request: png(Buffer.alloc(tenMegabytes, 1)),
      expect: { status: 413, message: imageMessages.tooLarge },
    },
    {
      name: 'application/octet-stream: a WebP picture (only PNG, JPEG and GIF are taken)',
      request: () => ({ payload: webpPicture, contentType: 'application/octet-stream' }),
      expect: { status: 400, message: imageMessages.wrongFormat },
    },
  ];
}

/** The signature and header of a PNG whose pixels would need 40 GB, with no pixel data. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
let webpPicture = Buffer.alloc(0);

/**
 * Fastify answers these itself, before routing, in English and with its own fields: unless the Fastify
 * options in app.ts pass `frameworkErrors`, the app's error handler never sees them.
 */
/** Path parameters that are no id; the other parameters and the body stay valid. */
const badIds: readonly (readonly [label: string, value: string])[] = [
  ['abc', 'abc'],
  ['-1', '-1'],
  ['0', '0'],
  ['1.5', '1.5'],
  ['99999999999999999999', '99999999999999999999'],
  ['2**31', '2147483648'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['1e400', '1e400'],
  ['NUL', '%00'],
  ['RLO + 1', '%E2%80%AE1'],
  ['SQL', encodeURIComponent("1'; drop table users; --")],
  ['200 characters (over maxParamLength)', 'x'.repeat(200)],
  ['malformed percent-encoding', '%E0%A4%A'],
];
/** Ids that parseInt or Number would read as a number (issue 21): each a 400, not another row. */
const numberLikeIds: readonly (readonly [label: string, value: string])[] = [
  ['0x10', '0x10'],
  ['1.0', '1.0'],
  ["' 1'", '%201'],
  ["'1 '", '1%20'],
  ['1e1', '1e1'],
  ['+1', '%2B1'],
  ['0b1', '0b1'],
  ['full-width １', '%EF%BC%91'],
];

function paramCases(route: InputRoute): HostileCase[] {
  const names = [...route.route.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const caseOf =
    (name: string, expected?: Expectation) =>
    ([label, value]: readonly [string, string]): HostileCase => ({
      name: `:${name} = ${label}`,
      request: (world) => ({
        params: { [name]: String(value) },
        ...(route.body ? { payload: jsonOf(route.body.valid(world)), contentType: json } : {}),
      }),
      ...(expected ? { expect: expected } : {}),
    });
  return names.flatMap((name) => [
    ...badIds.map(caseOf(name)),
    ...numberLikeIds.map(caseOf(name, { status: 400 })),
  ]);
}

type QueryKind =
  | 'page'
  | 'year'
  | 'limit'
  | 'search'
  | 'day'
  | 'dayOrPreset'
  | 'id'
  | 'idList'
  | 'enumList'
  | 'csv'
  | { values: string[] };

const enc = encodeURIComponent;
const sqlQuery = sqlTexts.map((text) => [`SQL ${JSON.stringify(text)}`, enc(text)] as const);
const longQuery = ['100,000 characters', 'x'.repeat(100_000)] as const;

function queryValues(
  name: string,
  kind: QueryKind,
): { invalid: Labelled[]; accepted: [string, string, string][] } {
  const numeric: Labelled[] = [
    ['-1', '-1'],
    ['0', '0'],
    ['abc', 'abc'],
    ['1.5', '1.5'],
    ['empty', ''],
    ['99999999999999999999', '99999999999999999999'],
    ['1e308', '1e308'],
    ['Infinity', 'Infinity'],
    ['NUL', '%00'],
    [`an array (${name}=1&${name}=2)`, `1&${name}=2`],
    ...numberLikeIds,
    longQuery,
    ...sqlQuery,
  ];
  const dayValues: Labelled[] = [
    ['2026-02-30', '2026-02-30'],
    ['2026-13-01', '2026-13-01'],
    ['not-a-date', 'not-a-date'],
    ['2026-2-3', '2026-2-3'],
    ['empty', ''],
    ['followed by NUL', '2026-12-05%00'],
    [`an array`, `2026-12-05&${name}=2026-12-06`],
    longQuery,
    ...sqlQuery,
  ];
  if (kind === 'page') return { invalid: [...numeric, ['1000001', '1000001']], accepted: [] };
  if (kind === 'limit') {
    return {
      invalid: numeric,
      accepted: [['100000', '100000', 'the page size is capped at 100 by design (shared/pagination.ts)']],
    };
  }
  if (kind === 'id') return { invalid: [...numeric, ['2**31', '2147483648']], accepted: [] };
  // Repeated on purpose (one per event of a page), so an array is valid: each id is checked, and their number.
  if (kind === 'idList') {
    return {
      invalid: [
        ...numeric.filter(([label]) => !label.startsWith('an array')),
        ['2**31', '2147483648'],
        ['a good and a bad id', `1&${name}=abc`],
        ['101 ids', Array.from({ length: 101 }, (_, index) => index + 1).join(`&${name}=`)],
      ],
      accepted: [],
    };
  }
  // The school year by the year it starts in: four digits, 2000–2099.
  if (kind === 'year') {
    return {
      invalid: [...numeric, ['1999', '1999'], ['2100', '2100'], ['25', '25'], ['"2025 "', '2025%20']],
      accepted: [],
    };
  }
  if (kind === 'day') return { invalid: dayValues, accepted: [] };
  if (kind === 'dayOrPreset') return { invalid: [...dayValues, ['yesterday', 'yesterday']], accepted: [] };
  if (kind === 'search') {
    const freeText = 'free text is matched as data through bound parameters; a read changes nothing';
    return {
      invalid: [longQuery, ['an array', `a&${name}=b`]],
      accepted: [
        ...sqlQuery.map(([label, value]) => [label, value, freeText] as [string, string, string]),
        ['LIKE wildcards %_\\', enc('%_\\'), freeText],
        ['NUL', '%00', freeText],
        ['BEL', '%07', freeText],
        ['RLO', '%E2%80%AE', freeText],
      ],
    };
  }
  const unknown: Labelled[] = [['unknown', 'unknown'], ['empty', ''], ['NUL', '%00'], longQuery, ...sqlQuery];
  if (kind === 'enumList') {
    return {
      invalid: [...unknown, ['eleven values', Array.from({ length: 11 }, () => 'ecology').join(`&${name}=`)]],
      accepted: [],
    };
  }
  if (kind === 'csv') {
    return {
      // An empty list means no filter, so `directions=` is a valid query and left out.
      invalid: [
        ...unknown.filter(([label]) => label !== 'empty'),
        ['a known and an unknown', 'ecology,unknown'],
        ['an array', `ecology&${name}=social`],
      ],
      accepted: [],
    };
  }
  return {
    invalid: [
      ...unknown,
      ['upper case', (kind.values[0] ?? '').toUpperCase() || 'X'],
      ['followed by NUL', `${kind.values[0]}%00`],
      ['an array', `${kind.values[0]}&${name}=${kind.values[1] ?? kind.values[0]}`],
    ],
    accepted: [],
  };
}

function queryCases(route: InputRoute): HostileCase[] {
  const query = route.query;
  if (!query) return [];
  const poisonFor = (name: string) => {
    if (route.queryPoison) return route.queryPoison;
    const victim = name === 'page' ? 'limit' : 'page';
    if (!(victim in query)) throw new Error(`${route.route}: no ${victim} parameter to poison with`);
    return `${victim}=-1`;
  };
  const cases: HostileCase[] = [];
  for (const [name, kind] of Object.entries(query)) {
    const { invalid, accepted } = queryValues(name, kind);
    for (const [label, value] of invalid) {
      cases.push({ name: `?${name} = ${label}`, request: () => ({ query: `${name}=${String(value)}` }) });
    }
    for (const [label, value, reason] of accepted) {
      cases.push({
        name: `?${name} = ${label} (may be answered)`,
        request: () => ({ query: `${name}=${value}` }),
        mayAccept: reason,
      });
      cases.push({
        name: `?${name} = ${label}, with ${poisonFor(name)}`,
        request: () => ({ query: `${name}=${value}&${poisonFor(name)}` }),
      });
    }
  }
  return cases;
}

/** Parameters no route declares, the same refusal on every route with a query string. */
function unknownQueryCases(route: InputRoute): HostileCase[] {
  if (!route.query) return [];
  // A route without a page is poisoned through a parameter it has: its own choice (queryPoison), a day
  // that does not exist in a period (from, to), a school year written wrong; as -1 poisons a page.
  const poisons = { page: 'page=-1', from: 'from=2026-02-30', year: 'year=abc' } as const;
  const poisoned = (Object.keys(poisons) as (keyof typeof poisons)[]).find(
    (name) => name in (route.query ?? {}),
  );
  const poison = route.queryPoison ?? (poisoned ? poisons[poisoned] : undefined);
  if (!poison) throw new Error(`${route.route}: no page, from or year parameter to poison with`);
  const cases: HostileCase[] = [];
  for (const [label, extra] of [
    ['an unknown parameter', 'foo=bar'],
    ['__proto__', '__proto__=x'],
    ['__proto__[polluted]', '__proto__%5Bpolluted%5D=true'],
    ['constructor[prototype][polluted]', 'constructor%5Bprototype%5D%5Bpolluted%5D=true'],
    ['bracketed keys page[]', 'page%5B%5D=1'],
    ['1000 unknown parameters', Array.from({ length: 1000 }, (_, index) => `p${index}=1`).join('&')],
  ] as const) {
    cases.push({ name: `${label}, with ${poison}`, request: () => ({ query: `${extra}&${poison}` }) });
  }
  return cases;
}

/** What this route's own schema makes of its fields and parameters. */
function casesOf(route: InputRoute): HostileCase[] {
  return [...(route.upload ? uploadCases() : []), ...bodyCases(route), ...queryCases(route)];
}

/**
 * What the framework and the shared schemas do before any route's own rules: the JSON parser, the body
 * limits, the content types, the shared id parameter and the unknown query parameters. The same case is
 * sent to every route it applies to, in one sweep per case (the table at the end of the file).
 */
function frameworkCasesOf(route: InputRoute): HostileCase[] {
  return [
    ...(route.method !== 'GET' ? parserCases(route) : []),
    ...paramCases(route),
    ...unknownQueryCases(route),
  ];
}

// ---------------------------------------------------------------------------------------------------
// The app, the callers and the rows

let ctx: TestContext;
let world: World;
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

/**
 * Tables every request may change whatever it carries. `rate_limits`: @fastify/rate-limit counts each
 * request to a limited route in its onRequest hook, before the body is even read, refused or not
 * (http/rate-limit-store.ts). `sessions` is not excluded: a session is written only on sign-in, sign-out
 * and renewal after half its 30 days, and the sessions here are new.
 */
const changingTables = new Set(['rate_limits']);

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const db = ctx.database.db;

  async function organisation(role: 'school' | 'foundation') {
    const { user, username } = await signUp(ctx.app, role);
    const table = role === 'school' ? schools : foundations;
    const [row] = await db
      .update(table)
      .set({ moderationStatus: 'approved', name: `${role === 'school' ? 'Школа' : 'Фонд'} ${username}` })
      .where(isOrganisationOf(table, user.id))
      .returning({ id: table.id });
    return { userId: user.id, username, organisationId: row?.id ?? 0 };
  }
  const school = await organisation('school');
  const foundation = await organisation('foundation');
  const [admin] = await db
    .insert(users)
    .values({ username: 'hostile_admin', passwordHash: await testHasher.hash(password), role: 'admin' })
    .returning({ id: users.id });
  const adminId = admin?.id ?? 0;

  const insertedId = (rows: { id: number }[]) => rows[0]?.id ?? 0;
  const event = await createEvent(db, foundation.organisationId, { date: '2026-12-05' });
  const otherEvent = await createEvent(db, foundation.organisationId, {
    date: '2026-12-06',
    reservedSlots: 2,
  });
  const application = await createApplication(db, {
    eventId: otherEvent.id,
    schoolId: school.organisationId,
    participantCount: 2,
    status: 'pending',
  });
  const insertRequest = async (request: Omit<typeof volunteerRequests.$inferInsert, 'foundationId'>) =>
    insertedId(
      await db
        .insert(volunteerRequests)
        .values({ foundationId: foundation.organisationId, ...request })
        .returning({ id: volunteerRequests.id }),
    );
  const requestId = await insertRequest({
    title: 'Помощь на ярмарке',
    description: 'Нужны ребята, чтобы встречать гостей ярмарки.',
    eventDate: '2026-12-20',
    eventTime: '11:00',
    location: 'Москва, ВДНХ',
    volunteersNeeded: 10,
  });
  const otherRequestId = await insertRequest({
    title: 'Помощь в приюте',
    description: 'Нужны ребята, чтобы гулять с собаками приюта.',
    eventDate: '2026-12-21',
    eventTime: '12:00',
    location: 'Москва, Сокольники',
    volunteersNeeded: 5,
  });
  const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#15803d' } })
    .png()
    .toBuffer();
  webpPicture = await sharp(picture).webp().toBuffer();
  await db
    .insert(notifications)
    .values({ userId: school.userId, kind: 'moderation', text: 'Профиль школы одобрен' });
  const heldEvent = await createEvent(db, foundation.organisationId, {
    date: '2026-11-20',
    status: 'completed',
  });
  const completed = await createApplication(db, {
    eventId: heldEvent.id,
    schoolId: school.organisationId,
    participantCount: 2,
    status: 'completed',
  });
  const credit = await createHourCredit(db, {
    schoolId: school.organisationId,
    applicationId: completed.id,
    event: heldEvent,
    participantCount: 2,
    hours: 6,
  });
  const participationCode = await firstParticipationCode(db, credit);
  async function teamMember(schoolId: number) {
    const [person] = await db
      .insert(users)
      .values({ username: 'hostile_viewer', passwordHash: 'x', role: 'school' })
      .returning({ id: users.id });
    return insertedId(
      await db
        .insert(organisationMembers)
        .values({ userId: person?.id ?? 0, schoolId, role: 'viewer' })
        .returning({ id: organisationMembers.id }),
    );
  }

  world = {
    sid: {
      school: (await createSession(db, school.userId)).sessionId,
      foundation: (await createSession(db, foundation.userId)).sessionId,
      admin: (await createSession(db, adminId)).sessionId,
    },
    schoolUsername: school.username,
    ids: {
      eventId: event.id,
      applicationId: application.id,
      archiveEntryId: insertedId(
        await db
          .insert(hourCredits)
          .values({
            schoolId: school.organisationId,
            eventTitle: 'Субботник',
            eventDate: '2026-10-01',
            participantCount: 2,
            hours: 6,
          })
          .returning({ id: hourCredits.id }),
      ),
      reportId: insertedId(
        await db
          .insert(foundationReports)
          .values({
            foundationId: foundation.organisationId,
            eventTitle: 'Субботник',
            eventDate: '2026-10-01',
            volunteersCount: 5,
          })
          .returning({ id: foundationReports.id }),
      ),
      requestId,
      responseId: insertedId(
        await db
          .insert(schoolResponses)
          .values({ requestId: otherRequestId, schoolId: school.organisationId, volunteersOffered: 5 })
          .returning({ id: schoolResponses.id }),
      ),
      newsId: insertedId(
        await db
          .insert(news)
          .values({ title: 'Новость', content: 'Текст новости для школьников.' })
          .returning({ id: news.id }),
      ),
      imageId: (await storeImage(db, picture)).id,
      pendingSchoolUserId: (await createSchool(db, 'pending')).userId,
      spareUserId: (await createSchool(db)).userId,
      foundationId: foundation.organisationId,
      completedApplicationId: completed.id,
      completedEventId: heldEvent.id,
      participationCode: formatProofCode(participationCode),
      unsubscribeToken: unsubscribeToken(await mailSigningKey(db), school.userId, 'reminders'),
      memberId: await teamMember(school.organisationId),
      invitationId: insertedId(
        await db
          .insert(organisationInvitations)
          .values({
            schoolId: school.organisationId,
            email: 'invited@school.example',
            role: 'viewer',
            tokenHash: 'not the hash of any token',
            expiresAt: new Date('2027-01-01T00:00:00Z'),
          })
          .returning({ id: organisationInvitations.id }),
      ),
    },
  };

  const listed = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = (listed as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
  const parts = tables
    .filter((table) => !changingTables.has(table))
    .map((table) => {
      const name = `"${table.replaceAll('"', '""')}"`;
      return `select '${table.replaceAll("'", "''")}'::text, count(*)::int || ' rows, md5 ' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${name} t`;
    });
  // A function, so that the union of every table is planned once, not on each of some 5,000 reads:
  // planned afresh each time, the reading was half of this file's time, and a third of it the planning.
  await db.execute(
    sql.raw(`create function hostile_input_state() returns table (table_name text, table_state text)
      language plpgsql as $state$ begin return query ${parts.join(' union all ')}; end $state$`),
  );
});
afterAll(() => ctx?.close());

/** Row count and md5 of the sorted rows of every table but the ones that change on every request. */
async function databaseState(): Promise<Record<string, string>> {
  const result = await ctx.database.db.execute(sql`select * from hostile_input_state()`);
  const rows = (result as unknown as { rows: { table_name: string; table_state: string }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.table_name, row.table_state]));
}

function urlOf(route: InputRoute, request: HostileRequest): string {
  const valid = route.params?.(world) ?? {};
  const path = route.route.replace(/:(\w+)/g, (_match, name: string) => {
    const value = request.params?.[name] ?? valid[name];
    if (value === undefined) throw new Error(`${route.route}: no value for :${name}`);
    return String(value);
  });
  return request.query === undefined ? path : `${path}?${request.query}`;
}

async function send(route: InputRoute, hostile: HostileCase) {
  const request = hostile.request(world);
  return ctx.app.inject({
    method: route.method,
    url: urlOf(route, request),
    ...(route.caller === 'anonymous' ? {} : { cookies: { sid: world.sid[route.caller] } }),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    ...(request.contentType ? { headers: { 'content-type': request.contentType } } : {}),
  });
}

function messageOf(body: string): { keys: string[]; message: unknown } | undefined {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return { keys: Object.keys(parsed), message: parsed.message };
  } catch {
    return undefined;
  }
}

const isSuccess = (status: number) => status >= 200 && status < 300;

function assertNoPollution() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

/**
 * The state the last check found unchanged. Nothing writes between two checks but the requests checked,
 * so the next request starts from it and the state is read once per request instead of twice; anything
 * written in between would show as a change on the next request, never go unseen.
 */
let checkedState: Record<string, string> | undefined;

/** Runs requests that must change nothing, and checks the database and Object.prototype around them. */
async function changingNothing(requests: () => Promise<void>) {
  const before = checkedState ?? (await databaseState());
  checkedState = undefined;
  await requests();
  const after = await databaseState();
  expect(after).toEqual(before);
  assertNoPollution();
  checkedState = after;
}

/** Sends one hostile request; checks the answer, the database and Object.prototype. */
async function refused(route: InputRoute, hostile: HostileCase) {
  await changingNothing(() => answeredAsRefused(route, hostile));
}

/** Sends one hostile request and checks the answer; the caller checks the database around it. */
async function answeredAsRefused(route: InputRoute, hostile: HostileCase, where = '') {
  const response = await send(route, hostile);
  const status = response.statusCode;
  const answer = messageOf(response.body);
  const body = `${where}${response.body.slice(0, 300)}`;

  expect(status, body).toBeLessThan(500);
  if (!(hostile.mayAccept && isSuccess(status))) {
    expect(status, body).toBeGreaterThanOrEqual(400);
    // The caller may use the route: a 401 or 403 would mean the input was never looked at.
    expect([401, 403, 429]).not.toContain(status);
    if (hostile.expect) expect(status, body).toBe(hostile.expect.status);
    expect(answer?.keys, body).toEqual(['message']);
    expect(answer?.message, body).toMatch(/[а-яё]/i);
    if (hostile.expect?.message) expect(answer?.message, body).toBe(hostile.expect.message);
  }
}

// ---------------------------------------------------------------------------------------------------
// The tests

const routeKey = (method: string, route: string) => `${method} ${route}`;
const routeName = (route: InputRoute) =>
  `${route.method} ${route.route}${route.variant ? ` (${route.variant})` : ''} as ${route.caller}`;

describe('hostile input', () => {
  it('covers every API route that takes a body, a query string or a path parameter', () => {
    const registered = ctx.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .map((route) => routeKey(route.method, route.url));
    const covered = new Set(inputRoutes.map((route) => routeKey(route.method, route.route)));
    const withoutInput = new Set(getsWithoutInput.map((route) => routeKey('GET', route.route)));
    expect({
      registeredWithoutCases: registered.filter((key) => !covered.has(key) && !withoutInput.has(key)),
      listedButNotRegistered: [...covered, ...withoutInput].filter((key) => !registered.includes(key)),
      // A GET with a path parameter reads input: it belongs in inputRoutes with its bad ids.
      listedWithoutInputButTakingParameters: [...withoutInput].filter((key) => key.includes(':')),
    }).toEqual({
      registeredWithoutCases: [],
      listedButNotRegistered: [],
      listedWithoutInputButTakingParameters: [],
    });
    // Each row says what its route reads: a GET without query or parameters belongs in getsWithoutInput.
    for (const route of inputRoutes) {
      expect(route.route.includes(':') === Boolean(route.params), `${routeName(route)}: params`).toBe(true);
      if (route.method === 'GET') expect(Boolean(route.query || route.params), routeName(route)).toBe(true);
    }
  });

  // Routes that read nothing of their own beyond an id are tried by the sweeps below only.
  const withOwnCases = inputRoutes.filter((route) => casesOf(route).length > 0);
  describe.each(withOwnCases.map((route) => [routeName(route), route] as const))('%s', (_name, route) => {
    const cases = casesOf(route);
    const rows = (list: HostileCase[]) => list.map((hostile) => [hostile.name, hostile] as const);
    it.each(rows(cases))('%s', (_case, hostile) => refused(route, hostile));
  });

  // One row per framework case, sent to every route it applies to: the answer of each is checked as above,
  // and the database and Object.prototype once around the sweep, since none of the requests may change them.
  const sweeps = new Map<string, { route: InputRoute; hostile: HostileCase }[]>();
  for (const route of inputRoutes) {
    for (const hostile of frameworkCasesOf(route)) {
      sweeps.set(hostile.name, [...(sweeps.get(hostile.name) ?? []), { route, hostile }]);
    }
  }
  it.each([...sweeps].map(([name, sweep]) => [name, sweep.length, sweep] as const))(
    '%s, on each of the %i routes it applies to',
    (_name, _count, sweep) =>
      changingNothing(async () => {
        for (const { route, hostile } of sweep)
          await answeredAsRefused(route, hostile, `${routeName(route)}: `);
      }),
  );

  it.each(getsWithoutInput.map((route) => [route.route, route] as const))(
    'GET %s ignores a hostile query string: the same answer as without one, and nothing changes',
    async (url, { caller }) => {
      const cookies = caller === 'anonymous' ? {} : { cookies: { sid: world.sid[caller] } };
      // A plain read may write (a session renewed), so the state is read afresh after it.
      checkedState = undefined;
      const plain = await ctx.app.inject({ method: 'GET', url, ...cookies });
      const before = await databaseState();
      const hostile = await ctx.app.inject({
        method: 'GET',
        url: `${url}?page=-1&limit=abc&search=${long}&__proto__%5Bpolluted%5D=true&id=%00`,
        ...cookies,
      });
      expect(plain.statusCode).toBe(200);
      expect(hostile.statusCode).toBe(plain.statusCode);
      expect(await databaseState()).toEqual(before);
      assertNoPollution();
    },
  );

  it('leaves Object.prototype as it was after the whole barrage', () => {
    assertNoPollution();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
