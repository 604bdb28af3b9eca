import { Writable } from 'node:stream';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages } from '../../shared/applications';
import { participationCodeMessages } from '../../shared/participation-codes';
import { normaliseProofCode, proofCodeMessages } from '../../shared/proof-codes';
import { isOrganisationOf } from '../accounts/organisation';
import { buildApp } from '../app';
import { createCalendar } from '../calendar';
import { applications, foundations, hourCredits, participationCodes, schools } from '../db/schema';
import { loggerOptions } from '../http/logger';
import { pdfQrCodes, pdfText } from '../test/documents';
import { createApplication, createSchool, eventFormInput } from '../test/factories';
import { createTestApp, signUp, type TestContext, testHasher } from '../test/test-app';

/** The app's clock, moved by the tests: events are planned ahead, then their day comes. */
let now = new Date('2026-11-23T09:00:00Z');
const calendar = createCalendar('Europe/Moscow', () => now);
const setNow = (day: string, time = '09:00') => {
  now = new Date(`${day}T${time}:00+03:00`);
};
const origin = 'https://dobro-shkola.example';

let ctx: TestContext;
let foundation: string;

const eventBody = {
  ...eventFormInput,
  date: '2026-12-05',
  minParticipants: 1,
  totalSlots: 'unlimited',
  ageRestriction: null,
};

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, sid?: string, payload?: object) =>
  ctx.app.inject({ method, url, ...(sid ? { cookies: { sid } } : {}), ...(payload ? { payload } : {}) });

async function approvedSchool(name: string) {
  const { sid, user } = await signUp(ctx.app, 'school');
  const [row] = await ctx.database.db
    .update(schools)
    .set({ moderationStatus: 'approved', name })
    .where(isOrganisationOf(schools, user.id))
    .returning({ id: schools.id });
  return { sid, id: row?.id ?? 0 };
}

/** An event held on `day` with one approved application per school, completed with the given attendance. */
async function completedEvent(
  title: string,
  day: string,
  groups: { schoolId: number; approved: number; attended: number }[],
) {
  setNow('2026-11-23');
  const created = await send('POST', '/api/events', foundation, { ...eventBody, title, date: day });
  expect(created.statusCode).toBe(201);
  const eventId = created.json().id as number;
  const applications = [];
  for (const group of groups) {
    applications.push(
      await createApplication(ctx.database.db, {
        eventId,
        schoolId: group.schoolId,
        participantCount: group.approved,
        status: 'approved',
      }),
    );
  }
  setNow(day, '18:00');
  const completed = await send('PATCH', `/api/events/${eventId}`, foundation, {
    status: 'completed',
    attendance: applications.map((application, index) => ({
      applicationId: application.id,
      attended: groups[index]?.attended ?? 0,
    })),
  });
  expect(completed.statusCode).toBe(200);
  return applications.map((application) => application.id);
}

type CodeRow = { code: string; status: string; replacedBy: string | null; replaces: string | null };
async function codesOf(applicationId: number, sid: string): Promise<CodeRow[]> {
  const response = await send('GET', `/api/applications/${applicationId}/codes`, sid);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const claim = (body: object) => send('POST', '/api/claim', undefined, body);

let school: { sid: string; id: number };
let otherSchool: { sid: string; id: number };

beforeAll(async () => {
  ctx = await createTestApp({ calendar, publicUrl: origin });
  const signedUp = await signUp(ctx.app, 'foundation');
  foundation = signedUp.sid;
  await ctx.database.db
    .update(foundations)
    .set({ moderationStatus: 'approved', name: 'Фонд «Зелёный город»' })
    .where(isOrganisationOf(foundations, signedUp.user.id));
  school = await approvedSchool('Гимназия № 1543');
  otherSchool = await approvedSchool('Школа № 57');
});
afterAll(() => ctx.close());

describe('codes made at completion', () => {
  it('makes one active code per pupil who came, with one pupil’s hours, and none where nobody came', async () => {
    const [came, absent] = await completedEvent('Уборка набережной', '2026-12-05', [
      { schoolId: school.id, approved: 4, attended: 3 },
      { schoolId: otherSchool.id, approved: 2, attended: 0 },
    ]);
    const rows = await ctx.database.db
      .select()
      .from(participationCodes)
      .where(eq(participationCodes.applicationId, came ?? 0));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.hours === 3 && row.schoolId === school.id && !row.claimedAt)).toBe(true);
    expect(new Set(rows.map((row) => row.code)).size).toBe(3);

    const listed = await codesOf(came ?? 0, school.sid);
    expect(listed.map((item) => item.status)).toEqual(['active', 'active', 'active']);
    expect(listed.map((item) => normaliseProofCode(item.code)).sort()).toEqual(
      rows.map((row) => row.code).sort(),
    );
    expect(listed[0]?.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    expect(await codesOf(absent ?? 0, otherSchool.sid)).toEqual([]);
    const noSlips = await send('GET', `/api/applications/${absent}/codes.pdf`, otherSchool.sid);
    expect(noSlips.statusCode).toBe(409);
    expect(noSlips.json()).toEqual({ message: participationCodeMessages.nobodyCame });
  });

  it('writes every code of an event too large for one statement (27 groups of 500)', async () => {
    const groups = [];
    for (let index = 0; index < 27; index++) {
      groups.push({ schoolId: (await createSchool(ctx.database.db)).id, approved: 500, attended: 500 });
    }
    const applications = await completedEvent('Большой городской субботник', '2026-12-04', groups);
    const [made] = await ctx.database.db
      .select({ n: count() })
      .from(participationCodes)
      .where(inArray(participationCodes.applicationId, applications));
    expect(made?.n).toBe(13_500);
  });

  it('shows another school’s codes to no one but their school, and none before completion', async () => {
    const [came] = await completedEvent('Помощь приюту', '2026-12-06', [
      { schoolId: school.id, approved: 2, attended: 2 },
    ]);
    for (const url of [`/api/applications/${came}/codes`, `/api/applications/${came}/codes.pdf`]) {
      const foreign = await send('GET', url, otherSchool.sid);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: applicationMessages.notFound });
    }
    const { code } = (await codesOf(came ?? 0, school.sid))[0] ?? { code: '' };
    const foreignReissue = await send(
      'POST',
      `/api/applications/${came}/codes/${code}/reissue`,
      otherSchool.sid,
    );
    expect(foreignReissue.statusCode).toBe(404);

    setNow('2026-11-23');
    const created = await send('POST', '/api/events', foundation, { ...eventBody, date: '2026-12-10' });
    const pending = await createApplication(ctx.database.db, {
      eventId: created.json().id,
      schoolId: school.id,
      participantCount: 2,
      status: 'approved',
    });
    const early = await send('GET', `/api/applications/${pending.id}/codes`, school.sid);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: participationCodeMessages.notCompleted });
  });

  it('makes the codes of an event completed before codes existed once, however many ask at once', async () => {
    setNow('2026-11-23');
    const created = await send('POST', '/api/events', foundation, { ...eventBody, date: '2026-12-07' });
    const application = await createApplication(ctx.database.db, {
      eventId: created.json().id,
      schoolId: school.id,
      participantCount: 5,
      status: 'completed',
    });
    await ctx.database.db
      .update(applications)
      .set({ attendedCount: 4, hoursEarned: 12 })
      .where(eq(applications.id, application.id));
    await ctx.database.db.insert(hourCredits).values({
      schoolId: school.id,
      applicationId: application.id,
      eventId: created.json().id,
      eventTitle: 'Старый субботник',
      eventDate: '2026-10-01',
      foundationName: 'Фонд «Зелёный город»',
      activityType: 'ecology',
      participantCount: 4,
      hours: 12,
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() => send('GET', `/api/applications/${application.id}/codes`, school.sid)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const lists = answers.map((answer) => (answer.json() as CodeRow[]).map((item) => item.code));
    expect(lists[0]).toHaveLength(4);
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[2]).toEqual(lists[0]);
    const [made] = await ctx.database.db
      .select({ n: count() })
      .from(participationCodes)
      .where(eq(participationCodes.applicationId, application.id));
    expect(made?.n).toBe(4);
    expect((await codesOf(application.id, school.sid)).map((item) => item.code)).toEqual(lists[0]);
  });
});

describe('the sheet of slips', () => {
  it('has a slip for each active code with the event, hours and a QR of its claim page, across pages', async () => {
    const [applicationId] = await completedEvent('Высадка деревьев в Измайлово', '2026-12-08', [
      { schoolId: school.id, approved: 10, attended: 9 },
    ]);
    const codes = await codesOf(applicationId ?? 0, school.sid);
    const response = await send('GET', `/api/applications/${applicationId}/codes.pdf`, school.sid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('attachment');
    const file = response.rawPayload;
    const text = await pdfText(file);
    expect(text).toContain('Высадка деревьев в Измайлово');
    expect(text).toContain('8 декабря 2026 г. · 3 часа · Фонд «Зелёный город»');
    expect(text).toContain('имя нигде не хранится');
    expect(text).toContain('Отсканируйте код или откройте dobro-shkola.example/claim и введите код');
    expect(text).toContain('стр. 2 из 2');
    for (const { code } of codes) expect(text).toContain(code);
    expect((await pdfQrCodes(file)).sort()).toEqual(
      codes.map(({ code }) => `${origin}/claim/${code}`).sort(),
    );
  });
});

describe('reissuing a lost code', () => {
  it('revokes the code, issues a linked new one, leaves the old one off the slips and refuses it twice', async () => {
    const [applicationId] = await completedEvent('Ярмарка в Сокольниках', '2026-12-09', [
      { schoolId: school.id, approved: 2, attended: 2 },
    ]);
    const [lost, kept] = await codesOf(applicationId ?? 0, school.sid);
    const typed = (lost?.code ?? '').toLowerCase().replaceAll('-', '');
    const reissued = await send(
      'POST',
      `/api/applications/${applicationId}/codes/${typed}/reissue`,
      school.sid,
    );
    expect(reissued.statusCode, reissued.body).toBe(200);
    const fresh = reissued.json().code as CodeRow;
    expect(fresh.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(reissued.json().message).toBe(`Код заменён. Новый код: ${fresh.code}`);
    expect(fresh).toMatchObject({ status: 'active', replaces: lost?.code, replacedBy: null });

    const listed = await codesOf(applicationId ?? 0, school.sid);
    expect(listed).toHaveLength(3);
    expect(listed.find((item) => item.code === lost?.code)).toMatchObject({
      status: 'revoked',
      replacedBy: fresh.code,
    });

    const again = await send(
      'POST',
      `/api/applications/${applicationId}/codes/${lost?.code}/reissue`,
      school.sid,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: participationCodeMessages.alreadyRevoked });

    const slips = (await send('GET', `/api/applications/${applicationId}/codes.pdf`, school.sid)).rawPayload;
    expect((await pdfQrCodes(slips)).sort()).toEqual(
      [kept?.code, fresh.code].map((code) => `${origin}/claim/${code}`).sort(),
    );
    expect(await pdfText(slips)).not.toContain(lost?.code);

    const revoked = await claim({ code: lost?.code, name: 'Анна Петрова' });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json()).toEqual({ message: participationCodeMessages.revoked });

    const unknown = await send(
      'POST',
      `/api/applications/${applicationId}/codes/ABCD-EFGH-JKMN-PQRS/reissue`,
      school.sid,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: participationCodeMessages.notInApplication });
  });
  it('refuses to reissue a used code, so its hours stay on one certificate', async () => {
    const [applicationId] = await completedEvent('Помощь на фестивале', '2026-12-10', [
      { schoolId: school.id, approved: 2, attended: 2 },
    ]);
    const [used, unused] = await codesOf(applicationId ?? 0, school.sid);
    expect((await claim({ code: used?.code, name: 'Анна Петрова' })).statusCode).toBe(200);

    const refused = await send(
      'POST',
      `/api/applications/${applicationId}/codes/${used?.code}/reissue`,
      school.sid,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'Код уже использован: по нему выдана справка. Заменить можно только неиспользованный код, иначе за те же часы появится вторая справка',
    });
    const listed = await codesOf(applicationId ?? 0, school.sid);
    expect(listed.map((item) => [item.code, item.status])).toEqual([
      [used?.code, 'claimed'],
      [unused?.code, 'active'],
    ]);
    expect(listed.every((item) => item.replaces === null && item.replacedBy === null)).toBe(true);
    expect(
      (
        await pdfText(
          (
            await send('GET', `/api/applications/${applicationId}/codes.pdf`, school.sid)
          ).rawPayload,
        )
      ).includes(used?.code ?? ''),
    ).toBe(false);
  });
});

describe('claiming a code', () => {
  it('answers a certificate with the name, the event and a QR of the verify page, once', async () => {
    const [applicationId] = await completedEvent('Субботник в парке Горького', '2026-12-05', [
      { schoolId: school.id, approved: 3, attended: 3 },
    ]);
    const [first] = await codesOf(applicationId ?? 0, school.sid);
    const code = first?.code ?? '';

    setNow('2027-03-12', '23:30');
    const response = await claim({
      code: ` ${code.toLowerCase()} `,
      name: '  Мария-Луиза О’Коннор-Иванова ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Справка о волонтёрских часах');
    expect(text).toContain('Мария-Луиза О’Коннор-Иванова');
    expect(text).toContain('Субботник в парке Горького');
    expect(text).toContain('Фонд «Зелёный город»');
    expect(text).toContain('Гимназия № 1543');
    expect(text).toContain('Всего: 3 часа');
    expect(text).toContain('Дата выдачи: 12 марта 2027 г.');
    expect(text).toContain(code);
    expect(await pdfQrCodes(response.rawPayload)).toEqual([`${origin}/verify/${code}`]);

    // Claimed at 23:30 in Moscow on the 12th: the day after, the message names the 12th.
    setNow('2027-03-13', '10:00');
    const again = await claim({ code, name: 'Мария Иванова' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Код уже использован 12 марта 2027 г.' });
    expect((await codesOf(applicationId ?? 0, school.sid))[0]?.status).toBe('claimed');
  });

  it('gives exactly one certificate when two claims of a code arrive at once', async () => {
    const [applicationId] = await completedEvent('Помощь в библиотеке', '2026-12-11', [
      { schoolId: school.id, approved: 1, attended: 1 },
    ]);
    const [only] = await codesOf(applicationId ?? 0, school.sid);
    const answers = await Promise.all(
      ['Пётр Первый', 'Пётр Второй', 'Пётр Третий'].map((name) => claim({ code: only?.code, name })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().message).toMatch(/^Код уже использован \d{1,2} [а-я]+ \d{4} г\.$/);
    }
  });

  it('combines several codes into one certificate with every event and the total, all or none', async () => {
    const [autumn] = await completedEvent('Осенний субботник', '2026-12-12', [
      { schoolId: school.id, approved: 1, attended: 1 },
    ]);
    const [winter] = await completedEvent('Зимний концерт в доме престарелых', '2026-12-13', [
      { schoolId: otherSchool.id, approved: 2, attended: 2 },
    ]);
    const [fair] = await completedEvent('Новогодняя ярмарка', '2026-12-16', [
      { schoolId: otherSchool.id, approved: 1, attended: 1 },
    ]);
    const [a] = await codesOf(autumn ?? 0, school.sid);
    const [b] = await codesOf(winter ?? 0, otherSchool.sid);
    const [used] = await codesOf(fair ?? 0, otherSchool.sid);
    expect((await claim({ code: used?.code, name: 'Иван Сидоров' })).statusCode).toBe(200);

    // One of them already used: nothing is claimed, and the message names the code.
    const refused = await claim({ codes: [a?.code, b?.code, used?.code], name: 'Ольга Ким' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(new RegExp(`^${used?.code}: Код уже использован`));
    expect((await codesOf(autumn ?? 0, school.sid))[0]?.status).toBe('active');

    const duplicate = await claim({ codes: [a?.code, a?.code?.toLowerCase()], name: 'Ольга Ким' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      message: participationCodeMessages.duplicate(normaliseProofCode(a?.code ?? '') ?? ''),
    });

    const response = await claim({ codes: [a?.code, b?.code], name: 'Ольга Ким' });
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Осенний субботник');
    expect(text).toContain('Зимний концерт в доме престарелых');
    expect(text).toContain('Гимназия № 1543');
    expect(text).toContain('Школа № 57');
    expect(text).toContain('Всего: 6 часов');
    expect((await pdfQrCodes(response.rawPayload)).sort()).toEqual(
      [a?.code, b?.code].map((code) => `${origin}/verify/${code}`).sort(),
    );
  });

  it('refuses two codes of one event in one certificate, even of two schools, and claims none', async () => {
    const [ours, theirs] = await completedEvent('Благотворительный забег', '2026-12-15', [
      { schoolId: school.id, approved: 2, attended: 2 },
      { schoolId: otherSchool.id, approved: 1, attended: 1 },
    ]);
    const [first, second] = await codesOf(ours ?? 0, school.sid);
    const [another] = await codesOf(theirs ?? 0, otherSchool.sid);

    for (const pair of [
      [first?.code, second?.code],
      [first?.code, another?.code],
    ]) {
      const refused = await claim({ codes: pair, name: 'Олег Жуков' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: `${pair[1]}: Этот код — за то же мероприятие «Благотворительный забег», что и код ${pair[0]}. У каждого ученика один код за мероприятие: оставьте в справке только свой`,
      });
    }
    expect((await codesOf(ours ?? 0, school.sid)).map((item) => item.status)).toEqual(['active', 'active']);
    expect((await codesOf(theirs ?? 0, otherSchool.sid)).map((item) => item.status)).toEqual(['active']);

    const one = await claim({ codes: [first?.code], name: 'Олег Жуков' });
    expect(one.statusCode, one.body).toBe(200);
    const text = await pdfText(one.rawPayload);
    expect(text.split('Благотворительный забег')).toHaveLength(2);
    expect(text).toContain('Всего: 3 часа');

    // A used code is refused for itself first, whatever code of its event is beside it.
    const used = await claim({ codes: [second?.code, first?.code], name: 'Олег Жуков' });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(new RegExp(`^${first?.code}: Код уже использован`));
  });

  it.each([
    ['a malformed code', { code: 'ABCD-1234', name: 'Анна Петрова' }, 400, proofCodeMessages.malformed],
    [
      'an unknown code',
      { code: 'ABCD-EFGH-JKMN-PQRS', name: 'Анна Петрова' },
      404,
      proofCodeMessages.notFound,
    ],
    ['no code', { name: 'Анна Петрова' }, 400, participationCodeMessages.codeOrCodes],
    ['no name', { code: 'ABCD-EFGH-JKMN-PQRS' }, 400, participationCodeMessages.nameRequired],
    [
      'a name of spaces',
      { code: 'ABCD-EFGH-JKMN-PQRS', name: '   ' },
      400,
      participationCodeMessages.nameRequired,
    ],
    [
      'a one-letter name',
      { code: 'ABCD-EFGH-JKMN-PQRS', name: 'А' },
      400,
      participationCodeMessages.nameShort,
    ],
    [
      'a name of 101 letters',
      { code: 'ABCD-EFGH-JKMN-PQRS', name: 'а'.repeat(101) },
      400,
      participationCodeMessages.nameLong,
    ],
    [
      'a name with digits',
      { code: 'ABCD-EFGH-JKMN-PQRS', name: 'Анна 2005' },
      400,
      participationCodeMessages.nameCharacters,
    ],
    [
      'a name with markup',
      { code: 'ABCD-EFGH-JKMN-PQRS', name: '<b>Анна</b>' },
      400,
      participationCodeMessages.nameCharacters,
    ],
    [
      'a name of dots',
      { code: 'ABCD-EFGH-JKMN-PQRS', name: '. . .' },
      400,
      participationCodeMessages.nameLetters,
    ],
    [
      'a name of Hangul fillers',
      { code: 'ABCD-EFGH-JKMN-PQRS', name: '\u3164\u3164\u3164' },
      400,
      participationCodeMessages.nameCharacters,
    ],
    [
      '21 codes',
      {
        codes: Array.from({ length: 21 }, (_, index) => `ABCD-EFGH-JKMN-PQ${String(index).padStart(2, '0')}`),
        name: 'Анна',
      },
      400,
      participationCodeMessages.tooManyCodes,
    ],
  ])('refuses %s in Russian', async (_label, body, status, message) => {
    const response = await claim(body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });
});

describe('the pupil’s name', () => {
  it('is in no log line and no table, and claims are rate limited per address', async () => {
    const [applicationId] = await completedEvent('Забег в поддержку фонда', '2026-12-14', [
      { schoolId: school.id, approved: 2, attended: 2 },
    ]);
    const [first, second] = await codesOf(applicationId ?? 0, school.sid);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A second app on the same database, logging everything it can.
    const logged = await buildApp({
      db: ctx.database.db,
      hasher: testHasher,
      calendar,
      publicUrl: origin,
      rateLimitCounts: 'memory',
      claimRateLimit: { max: 3, timeWindow: 60_000 },
      logger: { ...loggerOptions('trace'), stream },
    });
    const name = 'Ксенофонт Уникальнейший';
    const post = (body: object) => logged.inject({ method: 'POST', url: '/api/claim', payload: body });
    try {
      expect((await post({ code: first?.code, name })).statusCode).toBe(200);
      expect((await post({ code: first?.code, name })).statusCode).toBe(409);
      expect((await post({ codes: [second?.code, 'ABCD'], name })).statusCode).toBe(400);
      const limited = await post({ code: second?.code, name });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/[а-я]/);
    } finally {
      await logged.close();
    }
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.join('\n')).toContain('/api/claim');
    expect(lines.join('\n')).not.toContain('Ксенофонт');
    expect(lines.join('\n')).not.toContain('Уникальнейший');

    const listed = await ctx.database.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = (listed as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    expect(tables).toContain('participation_codes');
    for (const table of tables) {
      const result = await ctx.database.db.execute(
        sql.raw(
          `select count(*)::int as n from "${table}" t where t::text ilike '%Ксенофонт%' or t::text ilike '%Уникальнейш%'`,
        ),
      );
      const [row] = (result as unknown as { rows: { n: number }[] }).rows;
      expect(row?.n, table).toBe(0);
    }
  });
});
