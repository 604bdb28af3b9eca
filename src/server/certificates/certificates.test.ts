import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateMessages } from '../../shared/certificate-words';
import type { CertificateVerification, ParticipationVerification } from '../../shared/certificates';
import { formatProofCode, proofCodeMessages } from '../../shared/proof-codes';
import { periodMessages } from '../../shared/school-year';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import { certificates, foundations, hourCredits, participationCodes, schools } from '../db/schema';
import { newProofCode } from '../documents/proof-code';
import {
  expectOnePagePaperToSign,
  overlappingText,
  pdfPages,
  pdfQrCodes,
  pdfText,
  pdfWords,
} from '../test/documents';
import { createApplication, createEvent } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

// "Today" is 26 November 2026, in the 2026/27 school year.
const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-26T09:00:00Z'));
const origin = 'https://volunteers.example';

let ctx: TestContext;

type School = { sid: string; id: number; userId: number };

async function school(name: string, status: 'approved' | 'pending' = 'approved'): Promise<School> {
  const { sid, user } = await signUp(ctx.app, 'school');
  const [row] = await ctx.database.db
    .update(schools)
    .set({ moderationStatus: status, name })
    .where(isOrganisationOf(schools, user.id))
    .returning({ id: schools.id });
  return { sid, id: row?.id ?? 0, userId: user.id };
}

interface Credit {
  date: string;
  title?: string;
  pupils?: number;
  hours?: number;
  foundationName?: string | null;
}

async function credit(schoolId: number, values: Credit) {
  const [row] = await ctx.database.db
    .insert(hourCredits)
    .values({
      schoolId,
      eventTitle: values.title ?? `Мероприятие ${values.date}`,
      eventDate: values.date,
      foundationName: values.foundationName === undefined ? 'Фонд «Тёплый дом»' : values.foundationName,
      activityType: 'ecology',
      participantCount: values.pupils ?? 4,
      hours: values.hours ?? 12,
    })
    .returning({ id: hourCredits.id });
  return row?.id ?? 0;
}

const download = (who: School, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/school/certificate.pdf?${query}`, cookies: { sid: who.sid } });
const verify = (code: string) => ctx.app.inject({ method: 'GET', url: `/api/verify/${code}` });
const certificateCount = async (schoolId: number) =>
  (
    await ctx.database.db.select({ n: count() }).from(certificates).where(eq(certificates.schoolId, schoolId))
  )[0]?.n ?? 0;

/** The code the PDF's QR leads to, read back by the QR decoder. */
async function codeOf(file: Buffer) {
  const [url] = await pdfQrCodes(file);
  const match = /\/verify\/([0-9A-Z-]{19})$/.exec(url ?? '');
  if (!match?.[1]) throw new Error(`no verify address in the QR code: ${url}`);
  return { url, code: match[1] };
}

beforeAll(async () => {
  ctx = await createTestApp({
    calendar,
    publicUrl: origin,
    verifyRateLimit: { max: 10_000, timeWindow: 60_000 },
  });
});
afterAll(() => ctx?.close());

describe('the school certificate', () => {
  it('prints the school, every event of the period, the totals, the day of issue and a QR to /verify', async () => {
    const gymnasium = await school('Гимназия № 1543');
    await credit(gymnasium.id, {
      date: '2025-10-04',
      title: 'Субботник в парке Горького',
      pupils: 8,
      hours: 24,
      foundationName: 'Фонд «Зелёный город»',
    });
    await credit(gymnasium.id, {
      date: '2026-03-12',
      title: 'Сбор книг для библиотеки',
      pupils: 5,
      hours: 10,
    });
    // Outside the school year, and one the school withdrew: neither is on the certificate.
    await credit(gymnasium.id, { date: '2026-09-02', title: 'Следующий учебный год' });
    const withdrawn = await credit(gymnasium.id, { date: '2026-04-01', title: 'Удалённая запись' });
    await ctx.database.db
      .update(hourCredits)
      .set({ withdrawnAt: new Date() })
      .where(eq(hourCredits.id, withdrawn));
    // Another school's hours never reach this school's certificate.
    const other = await school('Школа № 2');
    await credit(other.id, { date: '2025-11-11', title: 'Чужое мероприятие' });

    const response = await download(gymnasium, 'from=2025-09-01&to=2026-08-31');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      'Справка о волонтёрской деятельности 2025-26.pdf',
    );
    const file = response.rawPayload;
    const text = await pdfText(file);
    expect(text).toContain('Справка о волонтёрской деятельности');
    expect(text).toContain('Гимназия № 1543');
    expect(text).toContain('2025/26 учебный год');
    expect(text).toContain('04.10.2025');
    expect(text).toContain('Субботник в парке Горького');
    expect(text).toContain('Фонд «Зелёный город»');
    expect(text).toContain('Экология');
    expect(text).toContain('Сбор книг для библиотеки');
    expect(text).toContain('Итого: 2 мероприятия, пришли 13 учеников, 34 часа.');
    expect(text).toContain('Выдана 26 ноября 2026 г.');
    expect(text).not.toContain('Следующий учебный год');
    expect(text).not.toContain('Удалённая запись');
    expect(text).not.toContain('Чужое мероприятие');
    // A paper a school can file: the table's head in whole words, a place for the head's signature and
    // the school's stamp, the page's number, and no line drawn over another.
    const [page = ''] = await pdfPages(file);
    await expectOnePagePaperToSign(file, page, [
      '№',
      'Дата',
      'Мероприятие',
      'Фонд',
      'Вид',
      'деятельности',
      'Пришли',
      'учеников',
      'Часов',
    ]);

    const { url, code } = await codeOf(file);
    expect(url).toBe(`${origin}/verify/${code}`);
    expect(text).toContain(`Код проверки: ${code}`);
    expect(text).toContain(`Проверить: ${origin}/verify/${code}`);

    const verified = await verify(code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      kind: 'certificate',
      code,
      schoolName: 'Гимназия № 1543',
      period: { from: '2025-09-01', to: '2026-08-31' },
      periodLabel: '2025/26 учебный год',
      issuedAt: expect.any(String),
      issuedOn: '2026-11-26',
      events: [
        {
          date: '2025-10-04',
          title: 'Субботник в парке Горького',
          foundationName: 'Фонд «Зелёный город»',
          activityType: 'ecology',
          pupils: 8,
          hours: 24,
        },
        {
          date: '2026-03-12',
          title: 'Сбор книг для библиотеки',
          foundationName: 'Фонд «Тёплый дом»',
          activityType: 'ecology',
          pupils: 5,
          hours: 10,
        },
      ],
      totals: { events: 2, pupils: 13, hours: 34 },
      matchesRecords: true,
      changes: [],
    } satisfies CertificateVerification);
    // A code typed in lower case, without dashes, with O for 0, is the same code.
    const typed = code.replaceAll('-', '').toLowerCase().replaceAll('0', 'o');
    expect((await verify(typed)).json()).toMatchObject({ kind: 'certificate', code });
  });

  it('keeps its code while the records say the same, and the verify page tells when they no longer do', async () => {
    const lyceum = await school('Лицей № 2');
    const entry = await credit(lyceum.id, { date: '2026-10-01', pupils: 3, hours: 9 });
    await credit(lyceum.id, { date: '2026-10-20', pupils: 2, hours: 4 });
    const period = 'from=2026-09-01&to=2026-11-30';

    const first = await codeOf((await download(lyceum, period)).rawPayload);
    const again = await codeOf((await download(lyceum, period)).rawPayload);
    expect(again.code).toBe(first.code);
    expect(await certificateCount(lyceum.id)).toBe(1);
    expect((await verify(first.code)).json()).toMatchObject({ matchesRecords: true, changes: [] });

    // The school withdraws an entry from its archive through the API.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/school/archive/${entry}`,
      cookies: { sid: lyceum.sid },
    });
    expect(removed.statusCode).toBe(200);
    const afterWithdrawal = (await verify(first.code)).json() as CertificateVerification;
    expect(afterWithdrawal.matchesRecords).toBe(false);
    expect(afterWithdrawal.changes).toEqual([
      certificateMessages.eventsNow(2, 1),
      certificateMessages.pupilsNow(5, 2),
      certificateMessages.hoursNow(13, 4),
    ]);
    // The paper's facts are still shown as printed.
    expect(afterWithdrawal.totals).toEqual({ events: 2, pupils: 5, hours: 13 });

    // Records changed, so the next download is a new certificate with a new code.
    const next = await codeOf((await download(lyceum, period)).rawPayload);
    expect(next.code).not.toBe(first.code);
    expect(await certificateCount(lyceum.id)).toBe(2);
    expect((await verify(next.code)).json()).toMatchObject({ matchesRecords: true });
  });

  it('no longer matches once another event of the period is completed', async () => {
    const gymnasium = await school('Гимназия № 5');
    await credit(gymnasium.id, { date: '2026-09-15' });
    const { code } = await codeOf((await download(gymnasium, 'from=2026-09-01&to=2027-08-31')).rawPayload);

    const signedUp = await signUp(ctx.app, 'foundation');
    const [foundation] = await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved', name: 'Фонд «Добрые руки»' })
      .where(isOrganisationOf(foundations, signedUp.user.id))
      .returning({ id: foundations.id });
    const event = await createEvent(ctx.database.db, foundation?.id ?? 0, {
      date: '2026-11-20',
      reservedSlots: 4,
    });
    await createApplication(ctx.database.db, {
      eventId: event.id,
      schoolId: gymnasium.id,
      participantCount: 4,
      status: 'approved',
    });
    const completed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      cookies: { sid: signedUp.sid },
      payload: { status: 'completed' },
    });
    expect(completed.statusCode, completed.body).toBe(200);

    const verdict = (await verify(code)).json() as CertificateVerification;
    expect(verdict.matchesRecords).toBe(false);
    expect(verdict.changes).toContain(certificateMessages.eventsNow(1, 2));
  });

  it('prints nothing for an empty field and lets the next line take its place, words whole in every cell', async () => {
    const unnamed = await school('');
    await credit(unnamed.id, {
      date: '2026-10-03',
      title: 'Экологический субботник',
      foundationName: 'Благотворительный фонд «Зелёный город»',
    });
    const response = await download(unnamed, 'from=2026-09-01&to=2027-08-31');
    expect(response.statusCode).toBe(200);
    const file = response.rawPayload;
    expect(await overlappingText(file)).toEqual([]);
    const [page = ''] = await pdfPages(file);
    expect(page).not.toContain('Образовательная организация');
    expect(page).toContain('Период: 2026/27 учебный год');
    for (const word of ['Экологический', 'Благотворительный', 'деятельности', 'учеников']) {
      expect(pdfWords(page)).toContain(word);
    }
  });

  it('fits 20 events on one page and puts the 21st on a second', async () => {
    const big = await school('Школа № 20');
    for (let day = 1; day <= 21; day++) {
      await credit(big.id, {
        date: `2026-10-${String(day).padStart(2, '0')}`,
        title: `Помощь приюту для животных «Лапа» — выезд ${day}`,
      });
    }
    const twenty = await download(big, 'from=2026-10-01&to=2026-10-20');
    expect(twenty.statusCode).toBe(200);
    const twentyPages = await pdfPages(twenty.rawPayload);
    expect(twentyPages).toHaveLength(1);
    expect(twentyPages[0]).toContain('выезд 20');
    expect(twentyPages[0]).toContain('Выдана 26 ноября 2026 г.');
    expect(twentyPages[0]).toContain('Директор');
    expect(twentyPages[0]).toContain('стр. 1 из 1');

    const twentyOne = await download(big, 'from=2026-10-01&to=2026-10-31');
    const pages = await pdfPages(twentyOne.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('выезд 20');
    expect(pages[0]).not.toContain('выезд 21');
    expect(pages[1]).toContain('выезд 21');
    expect(pages[1]).toContain('Итого: 21 мероприятие');
    expect(pages[0]).toContain('стр. 1 из 2');
    expect(pages[1]).toContain('стр. 2 из 2');
    // The head again on the second page, in whole words; the signature with the totals on the last.
    expect(pdfWords(pages[1] ?? '')).toContain('деятельности');
    expect(pages[1]).toMatch(/Директор _{10,} \/ _{10,} \/\s+М\.П\./);
    expect(await overlappingText(twentyOne.rawPayload)).toEqual([]);
    expect(await pdfQrCodes(twentyOne.rawPayload)).toHaveLength(1);
  });

  it('refuses an empty period with a Russian 409 and issues nothing', async () => {
    const empty = await school('Школа без часов');
    const response = await download(empty, 'from=2025-09-01&to=2026-08-31');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: certificateMessages.emptyPeriod });
    expect(await certificateCount(empty.id)).toBe(0);
  });

  it.each([
    ['no period', '', periodMessages.from],
    ['no end', 'from=2025-09-01', periodMessages.to],
    ['a day that does not exist', 'from=2025-02-30&to=2025-08-31', periodMessages.from],
    ['the end before the start', 'from=2026-09-01&to=2026-08-31', periodMessages.order],
    ['more than ten years', 'from=2000-01-01&to=2026-08-31', periodMessages.longerThanYear],
    // 2023/24 has 29 February: its school year is 366 days, and one day more is too long.
    ['367 days', 'from=2023-09-01&to=2024-09-01', periodMessages.longerThanYear],
  ])('refuses %s with a Russian 400', async (_name, query, message) => {
    const someSchool = await school('Школа с ошибкой в периоде');
    await credit(someSchool.id, { date: '2026-01-10' });
    const response = await download(someSchool, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await certificateCount(someSchool.id)).toBe(0);
  });

  it('makes the certificate of a whole school year of 366 days', async () => {
    const leapYear = await school('Школа високосного года');
    await credit(leapYear.id, { date: '2024-02-29', title: 'Мероприятие двадцать девятого февраля' });
    const response = await download(leapYear, 'from=2023-09-01&to=2024-08-31');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain('Мероприятие двадцать девятого февраля');
  });

  it('is only for an approved school', async () => {
    const pending = await school('Школа на модерации', 'pending');
    await credit(pending.id, { date: '2026-01-10' });
    const response = await download(pending, 'from=2025-09-01&to=2026-08-31');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: certificateMessages.notApprovedSchool });
    expect(await certificateCount(pending.id)).toBe(0);
  });

  it('offers the school years from the first credited event to the current one', async () => {
    const veteran = await school('Школа-ветеран');
    await credit(veteran.id, { date: '2024-05-20' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/school/certificate-years',
      cookies: { sid: veteran.sid },
    });
    expect(response.json()).toEqual({ current: 2026, years: [2026, 2025, 2024, 2023] });
    const newcomer = await school('Новая школа');
    const fresh = await ctx.app.inject({
      method: 'GET',
      url: '/api/school/certificate-years',
      cookies: { sid: newcomer.sid },
    });
    expect(fresh.json()).toEqual({ current: 2026, years: [2026] });
  });
});

describe('verifying a code', () => {
  it('answers a malformed code with 400 and an unknown one with 404, in Russian', async () => {
    for (const malformed of ['ABC', 'ABCD-EFGH-JKMN-PQRU', `${'A'.repeat(16)}1`]) {
      const response = await verify(malformed);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: proofCodeMessages.malformed });
    }
    const unknown = await verify(formatProofCode(newProofCode()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: proofCodeMessages.notFound });
  });

  it('shows a participation code: active, claimed or revoked, and whether the school withdrew the entry', async () => {
    const gymnasium = await school('Гимназия № 7');
    const entry = await credit(gymnasium.id, {
      date: '2026-03-12',
      title: 'Посадка деревьев',
      pupils: 3,
      hours: 9,
      foundationName: 'Фонд «Лес»',
    });
    const insertCode = async (values: { claimedAt?: Date; revokedAt?: Date }) => {
      const code = newProofCode();
      await ctx.database.db
        .insert(participationCodes)
        .values({ code, hourCreditId: entry, schoolId: gymnasium.id, hours: 3, ...values });
      return code;
    };
    const active = await insertCode({});
    const claimed = await insertCode({ claimedAt: new Date('2026-03-15T10:00:00Z') });
    const revoked = await insertCode({ revokedAt: new Date('2026-03-14T10:00:00Z') });

    const expected = {
      kind: 'participation',
      code: formatProofCode(active),
      status: 'active',
      claimedAt: null,
      revokedAt: null,
      revokedReason: null,
      eventTitle: 'Посадка деревьев',
      eventDate: '2026-03-12',
      activityType: 'ecology',
      hours: 3,
      foundationName: 'Фонд «Лес»',
      schoolName: 'Гимназия № 7',
      withdrawn: false,
    } satisfies ParticipationVerification;
    expect((await verify(active)).json()).toEqual(expected);
    expect((await verify(claimed)).json()).toEqual({
      ...expected,
      code: formatProofCode(claimed),
      status: 'claimed',
      claimedAt: '2026-03-15T10:00:00.000Z',
    });
    expect((await verify(revoked)).json()).toEqual({
      ...expected,
      code: formatProofCode(revoked),
      status: 'revoked',
      revokedAt: '2026-03-14T10:00:00.000Z',
      revokedReason: 'replaced',
    });

    await ctx.database.db
      .update(hourCredits)
      .set({ withdrawnAt: new Date() })
      .where(eq(hourCredits.id, entry));
    expect((await verify(active)).json()).toMatchObject({ withdrawn: true, status: 'active' });
  });

  it('is rate limited per address with a Russian 429', async () => {
    const limited = await createTestApp({ calendar, verifyRateLimit: { max: 3, timeWindow: 60_000 } });
    try {
      const code = formatProofCode(newProofCode());
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await limited.app.inject({ method: 'GET', url: `/api/verify/${code}` })).statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
