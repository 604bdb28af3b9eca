import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printoutTexts } from '../../shared/printouts';
import { createCalendar } from '../calendar';
import { applications, events, foundations, organisationMembers, schools } from '../db/schema';
import { overlappingText, pdfPages, pdfText, pdfWords } from '../test/documents';
import { createApplication, createEvent, createSchool } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

/** The organisation person `userId` is a member of, as a condition on its table. */
const ofMember = (table: typeof foundations | typeof schools, userId: number) =>
  sql`${table.id} in (select ${table === foundations ? organisationMembers.foundationId : organisationMembers.schoolId}
    from ${organisationMembers} where ${organisationMembers.userId} = ${userId})`;

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));

let ctx: TestContext;
let foundation: { sid: string; id: number };
let otherFoundation: { sid: string; id: number };

const get = (url: string, sid: string) => ctx.app.inject({ method: 'GET', url, cookies: { sid } });

async function signedUpFoundation(name: string) {
  const { sid, user } = await signUp(ctx.app, 'foundation');
  const [row] = await ctx.database.db
    .update(foundations)
    .set({
      moderationStatus: 'approved',
      name,
      contactPerson: 'Пётр Фондов',
      phone: '+7 (495) 000-11-22',
      email: 'fond@example.org',
    })
    .where(ofMember(foundations, user.id))
    .returning({ id: foundations.id });
  return { sid, id: row?.id ?? 0 };
}

async function signedUpSchool(name: string) {
  const { sid, user } = await signUp(ctx.app, 'school');
  const [row] = await ctx.database.db
    .update(schools)
    .set({ moderationStatus: 'approved', name })
    .where(ofMember(schools, user.id))
    .returning({ id: schools.id });
  return { sid, id: row?.id ?? 0 };
}

async function namedSchool(name: string) {
  const school = await createSchool(ctx.database.db);
  await ctx.database.db.update(schools).set({ name }).where(eq(schools.id, school.id));
  return school;
}

async function ownEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const event = await createEvent(ctx.database.db, foundation.id, {
    date: '2026-12-05',
    title: 'Субботник в парке Горького',
    totalSlots: null,
  });
  await ctx.database.db
    .update(events)
    .set({
      address: 'Москва, ул. Крымский Вал, 9',
      contactPersonName: 'Ольга Смирнова',
      contactPersonPhone: '+7 (495) 123-45-67',
      contactPersonEmail: 'olga@zeleny-gorod.example',
      ...values,
    })
    .where(eq(events.id, event.id));
  return event.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  foundation = await signedUpFoundation('Фонд «Зелёный город»');
  otherFoundation = await signedUpFoundation('Фонд «Другой»');
});
afterAll(() => ctx.close());

describe('GET /api/foundation/events/{id}/participants.pdf', () => {
  it('lists approved and completed schools with counts and contacts, a blank «Пришли» column and the signature line', async () => {
    const eventId = await ownEvent();
    const db = ctx.database.db;
    const approved = [
      ['Гимназия № 1543', 12],
      ['Лицей № 2', 7],
      ['Школа № 57', 3],
    ] as const;
    for (const [name, count] of approved) {
      const school = await namedSchool(name);
      await createApplication(db, {
        eventId,
        schoolId: school.id,
        participantCount: count,
        status: 'approved',
      });
    }
    const completed = await namedSchool('Школа № 1208');
    await createApplication(db, {
      eventId,
      schoolId: completed.id,
      participantCount: 4,
      status: 'completed',
    });
    for (const [name, status] of [
      ['Школа ждущая решения', 'pending'],
      ['Школа отклонённая', 'rejected'],
      ['Школа из листа ожидания', 'waitlisted'],
    ] as const) {
      const school = await namedSchool(name);
      await createApplication(db, { eventId, schoolId: school.id, participantCount: 5, status });
    }

    const response = await get(`/api/foundation/events/${eventId}/participants.pdf`, foundation.sid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Список участников 2026-12-05.pdf')}`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');

    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Список участников');
    expect(text).toContain('Субботник в парке Горького');
    expect(text).toContain('5 декабря 2026 г.');
    expect(text).toContain('10:00–13:00');
    expect(text).toContain('Москва, ул. Крымский Вал, 9');
    expect(text).toContain('Экология');
    for (const header of ['№', 'Школа', 'Учеников', 'Пришли', 'Контактное лицо', 'Телефон']) {
      expect(text).toContain(header);
    }
    for (const [name, count] of [...approved, ['Школа № 1208', 4] as const]) {
      expect(text).toMatch(new RegExp(`${name} ${count} Иван Петрович \\+7 900 000-00-00`));
    }
    expect(text).not.toContain('Школа ждущая решения');
    expect(text).not.toContain('Школа отклонённая');
    expect(text).not.toContain('Школа из листа ожидания');
    expect(text).toContain('Итого: 4 школы, 26 учеников');
    expect(text).toContain('Ещё ждут решения: 1 заявка');
    expect(text).toContain('В листе ожидания: 1 заявка');
    expect(text).toMatch(/Ответственный от фонда _{10,} \/ _{10,} \/\s+М\.П\./);
    expect(text).toContain('Дата: ______________');
    // Alphabetical, numbered from 1: the person at the entrance finds a school by its name.
    expect(text).toMatch(/1 Гимназия № 1543 .*2 Лицей № 2 .*3 Школа № 1208 .*4 Школа № 57/);
    // The column names in whole words, the page's number, nothing drawn over anything else.
    const [page = ''] = await pdfPages(response.rawPayload);
    for (const word of ['Школа', 'Учеников', 'Пришли', 'Контактное', 'лицо', 'Телефон']) {
      expect(pdfWords(page)).toContain(word);
    }
    expect(page).toContain('стр. 1 из 1');
    expect(await overlappingText(response.rawPayload)).toEqual([]);
  });

  it('prints the place once when the address repeats it or holds it', async () => {
    const same = await ownEvent({
      location: 'Москва, ул. Крымский Вал, 9',
      address: 'Москва, ул. Крымский Вал, 9',
    });
    const sameText = await pdfText(
      (await get(`/api/foundation/events/${same}/participants.pdf`, foundation.sid)).rawPayload,
    );
    expect(sameText).toContain('Место: Москва, ул. Крымский Вал, 9');
    expect(sameText).not.toContain('Адрес:');
    const within = await ownEvent({
      location: 'Парк Горького',
      address: 'Москва, парк Горького, ул. Крымский Вал, 9',
    });
    const withinText = await pdfText(
      (await get(`/api/foundation/events/${within}/participants.pdf`, foundation.sid)).rawPayload,
    );
    expect(withinText).toContain('Место: Москва, парк Горького, ул. Крымский Вал, 9');
    expect(withinText).not.toContain('Адрес:');
  });

  it('continues a long list on further pages with the column names again', async () => {
    const eventId = await ownEvent({ title: 'Большой забег' });
    for (let index = 1; index <= 40; index++) {
      const school = await namedSchool(`Школа номер ${String(index).padStart(2, '0')}`);
      await createApplication(ctx.database.db, {
        eventId,
        schoolId: school.id,
        participantCount: 2,
        status: 'approved',
      });
    }
    const response = await get(`/api/foundation/events/${eventId}/participants.pdf`, foundation.sid);
    expect(response.statusCode).toBe(200);
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]).toContain('Пришли');
    expect(pages[0]).toContain(`стр. 1 из ${pages.length}`);
    expect(pages[1]).toContain(`стр. 2 из ${pages.length}`);
    expect(pdfWords(pages[1] ?? '')).toContain('Контактное');
    const text = await pdfText(response.rawPayload);
    for (let index = 1; index <= 40; index++) {
      expect(text).toContain(`Школа номер ${String(index).padStart(2, '0')}`);
    }
    expect(text).toContain('Итого: 40 школ, 80 учеников');
    expect(pages.at(-1)).toContain('Ответственный от фонда');
  });

  it('says so when nobody is approved yet', async () => {
    const eventId = await ownEvent();
    const response = await get(`/api/foundation/events/${eventId}/participants.pdf`, foundation.sid);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(printoutTexts.participantList.empty);
    expect(text).toContain('Итого: 0 школ, 0 учеников');
  });

  it("answers 404 for another foundation's event and a missing one, 403 for a school", async () => {
    const eventId = await ownEvent();
    const other = await get(`/api/foundation/events/${eventId}/participants.pdf`, otherFoundation.sid);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Мероприятие не найдено' });
    const missing = await get('/api/foundation/events/999999/participants.pdf', foundation.sid);
    expect(missing.statusCode).toBe(404);
    const school = await signedUpSchool('Школа № 9');
    expect((await get(`/api/foundation/events/${eventId}/participants.pdf`, school.sid)).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject(`/api/foundation/events/${eventId}/participants.pdf`)).statusCode).toBe(401);
  });
});

describe('GET /api/applications/{id}/trip-sheet.pdf', () => {
  it('prints the event, address, time, foundation contact, the group and one numbered line per pupil', async () => {
    const eventId = await ownEvent({ requirements: 'Перчатки, удобная обувь, вода' });
    const school = await signedUpSchool('Гимназия № 1543');
    const application = await createApplication(ctx.database.db, {
      eventId,
      schoolId: school.id,
      participantCount: 5,
      status: 'approved',
    });

    const response = await get(`/api/applications/${application.id}/trip-sheet.pdf`, school.sid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent('Лист поездки 2026-12-05.pdf'),
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Лист поездки');
    expect(text).toContain('Субботник в парке Горького');
    expect(text).toContain('Дата: 5 декабря 2026 г.');
    expect(text).toContain('Время: 10:00–13:00');
    expect(text).toContain('Место: Парк Горького');
    expect(text).toContain('Адрес: Москва, ул. Крымский Вал, 9');
    expect(text).toContain('Фонд: Фонд «Зелёный город»');
    expect(text).toContain('Контактное лицо: Ольга Смирнова');
    expect(text).toContain('Телефон: +7 (495) 123-45-67');
    expect(text).toContain('E-mail: olga@zeleny-gorod.example');
    expect(text).toContain('Перчатки, удобная обувь, вода');
    expect(text).toContain('Школа: Гимназия № 1543');
    expect(text).toContain('Контактное лицо: Иван Петрович');
    expect(text).toContain('Учеников одобрено: 5');
    expect(text).toContain(printoutTexts.tripSheet.namesNote);
    expect(text).toMatch(/1\. 2\. 3\. 4\. 5\. Сопровождающий/);
    expect(text).not.toContain('6.');
    // The director signs the school's paper and the stamp goes beside it.
    expect(text).toMatch(/Директор _{10,} \/ _{10,} \/\s+М\.П\./);
    expect(text).toContain('стр. 1 из 1');
    expect(await overlappingText(response.rawPayload)).toEqual([]);
  });

  it('prints nothing for a contact nobody gave, and the place once when the address repeats it', async () => {
    await ctx.database.db.update(foundations).set({ phone: null }).where(eq(foundations.id, foundation.id));
    const eventId = await ownEvent({
      location: 'Москва, ул. Крымский Вал, 9',
      address: 'Москва, ул. Крымский Вал, 9',
      contactPersonPhone: null,
    });
    const school = await signedUpSchool('Школа № 7');
    const application = await createApplication(ctx.database.db, {
      eventId,
      schoolId: school.id,
      participantCount: 2,
      status: 'approved',
    });
    const response = await get(`/api/applications/${application.id}/trip-sheet.pdf`, school.sid);
    await ctx.database.db
      .update(foundations)
      .set({ phone: '+7 (495) 000-11-22' })
      .where(eq(foundations.id, foundation.id));
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Место: Москва, ул. Крымский Вал, 9');
    expect(text).not.toContain('Адрес:');
    expect(text).toContain('Контактное лицо: Ольга Смирнова E-mail: olga@zeleny-gorod.example');
    expect(text).not.toContain('не указано');
    expect(await overlappingText(response.rawPayload)).toEqual([]);
  });

  it("falls back to the foundation's contacts when the event names none", async () => {
    const eventId = await ownEvent({
      contactPersonName: null,
      contactPersonPhone: null,
      contactPersonEmail: null,
    });
    const school = await signedUpSchool('Школа № 3');
    const application = await createApplication(ctx.database.db, {
      eventId,
      schoolId: school.id,
      participantCount: 1,
      status: 'completed',
    });
    const response = await get(`/api/applications/${application.id}/trip-sheet.pdf`, school.sid);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Контактное лицо: Пётр Фондов');
    expect(text).toContain('Телефон: +7 (495) 000-11-22');
    expect(text).toContain('E-mail: fond@example.org');
    expect(text).toContain('Учеников одобрено: 1');
  });

  it('refuses an application that is not approved with 409, and a cancelled event', async () => {
    const school = await signedUpSchool('Школа № 4');
    for (const status of ['pending', 'waitlisted', 'rejected'] as const) {
      const eventId = await ownEvent();
      const application = await createApplication(ctx.database.db, {
        eventId,
        schoolId: school.id,
        participantCount: 2,
        status,
      });
      const response = await get(`/api/applications/${application.id}/trip-sheet.pdf`, school.sid);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: printoutTexts.tripSheetNotApproved });
    }
    const cancelledEventId = await ownEvent({ status: 'canceled' });
    const application = await createApplication(ctx.database.db, {
      eventId: cancelledEventId,
      schoolId: school.id,
      participantCount: 2,
      status: 'approved',
    });
    const cancelled = await get(`/api/applications/${application.id}/trip-sheet.pdf`, school.sid);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ message: printoutTexts.tripSheetCancelled });
  });

  it("answers 404 for another school's application and a missing one, 403 for a foundation", async () => {
    const eventId = await ownEvent();
    const owner = await signedUpSchool('Школа № 5');
    const stranger = await signedUpSchool('Школа № 6');
    const application = await createApplication(ctx.database.db, {
      eventId,
      schoolId: owner.id,
      participantCount: 2,
      status: 'approved',
    });
    const url = `/api/applications/${application.id}/trip-sheet.pdf`;
    const other = await get(url, stranger.sid);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Заявка не найдена' });
    expect((await get('/api/applications/999999/trip-sheet.pdf', owner.sid)).statusCode).toBe(404);
    expect((await get(url, foundation.sid)).statusCode).toBe(403);
    expect((await ctx.app.inject(url)).statusCode).toBe(401);
    // Nothing about the application changed by being printed or refused.
    const [row] = await ctx.database.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(row?.status).toBe('approved');
  });
});
