import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHeaders as h } from '../../shared/exports';
import { periodMessages } from '../../shared/school-year';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import { applications, hourCredits, users } from '../db/schema';
import { createEvent, createFoundation, createSchool } from '../test/factories';
import { csvRows, xlsxSheet } from '../test/spreadsheets';
import { createTestApp, type TestContext } from '../test/test-app';

// "Today" is 26 November 2026 in Moscow: the current school year is 2026/27.
const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-26T09:00:00Z'));

let ctx: TestContext;
const sid: Record<'foundation' | 'otherFoundation' | 'school' | 'otherSchool' | 'admin', string> = {
  foundation: '',
  otherFoundation: '',
  school: '',
  otherSchool: '',
  admin: '',
};
let eventId: number;
let otherEventId: number;
let approvedId: number;
let pendingId: number;
let completedId: number;

async function download(url: string, who: keyof typeof sid) {
  return ctx.app.inject({ method: 'GET', url, cookies: { sid: sid[who] } });
}

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const db = ctx.database.db;
  const foundation = await createFoundation(db, { name: 'Фонд «Зелёный город»' });
  const otherFoundation = await createFoundation(db, { name: 'Другой фонд' });
  const school = await createSchool(db);
  const otherSchool = await createSchool(db);
  const [admin] = await db
    .insert(users)
    .values({ username: 'admin_exports', passwordHash: 'scrypt$secret-hash', role: 'admin' })
    .returning();
  if (!admin) throw new Error('admin not created');
  sid.foundation = (await createSession(db, foundation.userId)).sessionId;
  sid.otherFoundation = (await createSession(db, otherFoundation.userId)).sessionId;
  sid.school = (await createSession(db, school.userId)).sessionId;
  sid.otherSchool = (await createSession(db, otherSchool.userId)).sessionId;
  sid.admin = (await createSession(db, admin.id)).sessionId;

  const event = await createEvent(db, foundation.id, {
    title: 'Субботник в парке',
    date: '2026-10-10',
    status: 'completed',
    activityType: 'ecology',
  });
  const other = await createEvent(db, otherFoundation.id, { title: 'Чужое мероприятие', date: '2026-12-05' });
  eventId = event.id;
  otherEventId = other.id;
  const base = { contactPhone: '+7 (912) 000-00-00', contactEmail: 'school@example.ru' };
  const inserted = await db
    .insert(applications)
    .values([
      // The school asked for 12 and came with 8 of the 10 approved; its contact tries a formula.
      {
        ...base,
        eventId,
        schoolId: school.id,
        status: 'completed',
        participantCount: 10,
        requestedCount: 12,
        attendedCount: 8,
        hoursEarned: 24,
        contactPerson: '=HYPERLINK("http://evil.example","Нажми")',
        applicationNote: '@SUM(1+1)',
      },
      {
        ...base,
        eventId,
        schoolId: otherSchool.id,
        status: 'approved',
        participantCount: 5,
        contactPerson: 'Анна',
      },
      {
        ...base,
        eventId: other.id,
        schoolId: school.id,
        status: 'pending',
        participantCount: 3,
        contactPerson: 'Пётр',
      },
    ])
    .returning({ id: applications.id });
  [completedId, approvedId, pendingId] = inserted.map((row) => row.id) as [number, number, number];
  await db.insert(hourCredits).values([
    {
      schoolId: school.id,
      applicationId: completedId,
      eventId,
      foundationId: foundation.id,
      eventTitle: 'Субботник в парке',
      eventDate: '2026-10-10',
      foundationName: 'Фонд «Зелёный город»',
      activityType: 'ecology',
      participantCount: 8,
      hours: 24,
    },
    // Last school year: outside the default period.
    {
      schoolId: school.id,
      eventTitle: 'Весенняя акция',
      eventDate: '2026-04-20',
      foundationName: 'Фонд «Зелёный город»',
      activityType: 'social',
      participantCount: 4,
      hours: 8,
    },
    // Removed from the school's archive: gone from its hours, kept for the administrator.
    {
      schoolId: school.id,
      eventTitle: 'Убранная запись',
      eventDate: '2026-11-01',
      foundationName: 'Фонд «Зелёный город»',
      activityType: 'culture',
      participantCount: 2,
      hours: 4,
      withdrawnAt: new Date('2026-11-02T10:00:00Z'),
    },
    {
      schoolId: otherSchool.id,
      eventTitle: 'Чужие часы',
      eventDate: '2026-10-11',
      foundationName: 'Другой фонд',
      activityType: 'sport',
      participantCount: 3,
      hours: 9,
    },
  ]);
});

afterAll(async () => {
  await ctx.close();
});

const column = (rows: unknown[][], header: string) => {
  const index = rows[0]?.indexOf(header) ?? -1;
  if (index < 0) throw new Error(`no column ${header}`);
  return rows.slice(1).map((row) => row[index]);
};

describe('the foundation’s applications', () => {
  it('come as CSV that Russian Excel opens: BOM, `;`, CRLF, a header row, Russian words, its rows only', async () => {
    const response = await download('/api/foundation/applications/export.csv', 'foundation');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Заявки 2026-11-26.csv')}`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const rows = csvRows(response.rawPayload);
    expect(rows[0]?.slice(0, 10)).toEqual([
      h.applicationId,
      h.registeredAt,
      h.event,
      h.eventDate,
      h.school,
      h.status,
      h.pupilsAsked,
      h.pupilsApproved,
      h.pupilsCame,
      h.hours,
    ]);
    // Newest first; the other foundation's application is not there.
    expect(column(rows, h.applicationId)).toEqual([String(approvedId), String(completedId)]);
    expect(column(rows, h.status)).toEqual(['Одобрена', 'Завершена']);
    expect(column(rows, h.eventDate)).toEqual(['10.10.2026', '10.10.2026']);
    expect(column(rows, h.pupilsAsked)).toEqual(['5', '12']);
    expect(column(rows, h.pupilsApproved)).toEqual(['5', '10']);
    expect(column(rows, h.pupilsCame)).toEqual(['', '8']);
    expect(column(rows, h.hours)).toEqual(['', '24']);
    expect(column(rows, h.registeredAt)[0]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    // Formula injection: every cell a spreadsheet would compute starts with an apostrophe; a phone
    // number is not a formula and reads as written.
    expect(column(rows, h.contactPerson)).toEqual(['Анна', `'=HYPERLINK("http://evil.example","Нажми")`]);
    expect(column(rows, h.note)).toEqual(['', "'@SUM(1+1)"]);
    expect(column(rows, h.phone)).toEqual(['+7 (912) 000-00-00', '+7 (912) 000-00-00']);
  });

  it('keep the list page’s status filter', async () => {
    const rows = csvRows(
      (await download('/api/foundation/applications/export.csv?status=completed', 'foundation')).rawPayload,
    );
    expect(column(rows, h.applicationId)).toEqual([String(completedId)]);
    const none = csvRows(
      (await download('/api/foundation/applications/export.csv?status=rejected', 'foundation')).rawPayload,
    );
    expect(none).toHaveLength(1);
    const refused = await download('/api/foundation/applications/export.csv?status=nope', 'foundation');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Некорректный фильтр статуса' });
  });

  it('come as XLSX: a bold header, numbers as numbers, days as dates, text as text', async () => {
    const response = await download('/api/foundation/applications/export.xlsx', 'foundation');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('Заявки 2026-11-26.xlsx'));
    const sheet = await xlsxSheet(response.rawPayload);
    expect(sheet.name).toBe('Заявки');
    expect(sheet.headerBold).toBe(true);
    expect(column(sheet.rows, h.applicationId)).toEqual([approvedId, completedId]);
    expect(column(sheet.rows, h.eventDate)).toEqual([
      new Date('2026-10-10T00:00:00Z'),
      new Date('2026-10-10T00:00:00Z'),
    ]);
    expect(column(sheet.rows, h.pupilsCame)).toEqual([null, 8]);
    // A text cell of an XLSX is never computed: the text as typed, no apostrophe (a formula would read
    // back as an object with a formula, not as this string).
    expect(column(sheet.rows, h.contactPerson)[1]).toBe('=HYPERLINK("http://evil.example","Нажми")');
    expect(column(sheet.rows, h.note)[1]).toBe('@SUM(1+1)');
    expect(column(sheet.rows, h.phone)).toEqual(['+7 (912) 000-00-00', '+7 (912) 000-00-00']);
    const dateColumn = sheet.rows[0]?.indexOf(h.eventDate) ?? -1;
    expect(sheet.formats[dateColumn]).toBe('dd.mm.yyyy');
    expect(sheet.widths.every((width) => (width ?? 0) >= 12)).toBe(true);
  });

  it('are refused to a school and to anyone signed out', async () => {
    expect((await download('/api/foundation/applications/export.csv', 'school')).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/foundation/applications/export.xlsx',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an event’s participants', () => {
  it('are its approved and completed applications, for the foundation that owns it', async () => {
    const response = await download(`/api/foundation/events/${eventId}/participants.csv`, 'foundation');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent('Участники Субботник в парке 2026-11-26.csv'),
    );
    const rows = csvRows(response.rawPayload);
    expect(rows[0]).toEqual([
      h.school,
      h.schoolAddress,
      h.pupilsApproved,
      h.pupilsCame,
      h.contactPerson,
      h.phone,
      h.email,
      h.status,
    ]);
    // In the order the schools applied.
    expect(column(rows, h.pupilsApproved)).toEqual(['10', '5']);
    expect(column(rows, h.status)).toEqual(['Завершена', 'Одобрена']);
    const sheet = await xlsxSheet(
      (await download(`/api/foundation/events/${eventId}/participants.xlsx`, 'foundation')).rawPayload,
    );
    expect(column(sheet.rows, h.pupilsApproved)).toEqual([10, 5]);
  });

  it('of another foundation’s event are not found, and a malformed id is a 400', async () => {
    const other = await download(`/api/foundation/events/${otherEventId}/participants.csv`, 'foundation');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Мероприятие не найдено' });
    const notMine = await download(`/api/foundation/events/${eventId}/participants.xlsx`, 'otherFoundation');
    expect(notMine.statusCode).toBe(404);
    const malformed = await download('/api/foundation/events/0x10/participants.csv', 'foundation');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/[а-яё]/i);
  });
});

describe('the school’s exports', () => {
  it('list its own applications only, with the foundation and the hours of its ledger', async () => {
    const rows = csvRows((await download('/api/school/applications/export.csv', 'school')).rawPayload);
    expect(rows[0]).toEqual([
      h.event,
      h.eventDate,
      h.foundation,
      h.status,
      h.pupilsAsked,
      h.pupilsApproved,
      h.pupilsCame,
      h.hours,
      h.registeredAt,
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 8))).toEqual([
      ['Чужое мероприятие', '05.12.2026', 'Другой фонд', 'Ожидает', '3', '', '', ''],
      ['Субботник в парке', '10.10.2026', 'Фонд «Зелёный город»', 'Завершена', '12', '10', '8', '24'],
    ]);
    const other = csvRows((await download('/api/school/applications/export.csv', 'otherSchool')).rawPayload);
    expect(column(other, h.event)).toEqual(['Субботник в парке']);
  });

  it('give its hours of the current school year by default, without entries it removed', async () => {
    const response = await download('/api/school/hours.xlsx', 'school');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent('Волонтёрские часы 2026-09-01 — 2027-08-31 2026-11-26.xlsx'),
    );
    const sheet = await xlsxSheet(response.rawPayload);
    expect(sheet.rows).toEqual([
      [h.date, h.event, h.foundation, h.activityType, h.pupilsCame, h.hoursPerPupil, h.hoursTotal],
      [new Date('2026-10-10T00:00:00Z'), 'Субботник в парке', 'Фонд «Зелёный город»', 'Экология', 8, 3, 24],
    ]);
  });

  it('give its hours of any period, oldest first', async () => {
    const rows = csvRows(
      (await download('/api/school/hours.csv?from=2026-01-01&to=2026-12-31', 'school')).rawPayload,
    );
    expect(column(rows, h.event)).toEqual(['Весенняя акция', 'Субботник в парке']);
    expect(column(rows, h.activityType)).toEqual(['Социальная помощь', 'Экология']);
  });

  it('refuse a malformed period in Russian', async () => {
    for (const [query, message] of [
      ['from=2026-12-31&to=2026-01-01', periodMessages.order],
      ['from=2026-02-30&to=2026-03-01', periodMessages.from],
      ['from=2026-01-01', 'Укажите и начало, и конец периода'],
    ] as const) {
      const response = await download(`/api/school/hours.csv?${query}`, 'school');
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message });
    }
  });
});

describe('the administrator’s exports', () => {
  it('list accounts with the filters and never a password hash', async () => {
    const response = await download('/api/admin/users/export.csv', 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString()).not.toContain('secret-hash');
    const rows = csvRows(response.rawPayload);
    expect(column(rows, h.role)).toContain('Администратор');
    const schoolsOnly = csvRows(
      (await download('/api/admin/users/export.csv?role=school', 'admin')).rawPayload,
    );
    expect(new Set(column(schoolsOnly, h.role))).toEqual(new Set(['Школа']));
    expect(schoolsOnly).toHaveLength(3);
    const found = csvRows(
      (await download(`/api/admin/users/export.csv?search=${encodeURIComponent('Зелёный')}`, 'admin'))
        .rawPayload,
    );
    expect(column(found, h.organisation)).toEqual(['Фонд «Зелёный город»']);
    // Text the database cannot take is refused before the file starts, as the list refuses it.
    const refused = await download('/api/admin/users/export.xlsx?search=%00', 'admin');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect(refused.json().message).toMatch(/[а-яё]/i);
  });

  it('list events, applications and hours', async () => {
    const events = await xlsxSheet((await download('/api/admin/events/export.xlsx', 'admin')).rawPayload);
    expect(column(events.rows, h.event)).toEqual(['Чужое мероприятие', 'Субботник в парке']);
    expect(column(events.rows, h.eventStatus)).toEqual(['Запланировано', 'Завершено']);
    expect(column(events.rows, h.applications)).toEqual([1, 2]);

    const applications = csvRows(
      (await download('/api/admin/applications/export.csv?status=pending', 'admin')).rawPayload,
    );
    expect(column(applications, h.applicationId)).toEqual([String(pendingId)]);

    const hours = csvRows((await download('/api/admin/hours/export.csv', 'admin')).rawPayload);
    expect(column(hours, h.event)).toEqual(['Субботник в парке', 'Чужие часы', 'Убранная запись']);
    expect(column(hours, h.withdrawnAt)).toEqual(['', '', '02.11.2026 13:00']);
  });

  it('are refused to everyone else', async () => {
    for (const who of ['foundation', 'school'] as const) {
      for (const list of ['users', 'events', 'applications', 'hours']) {
        expect((await download(`/api/admin/${list}/export.csv`, who)).statusCode).toBe(403);
      }
    }
  });
});

describe('a large export', () => {
  it('arrives whole, read page by page in id order: 5,000 applications', async () => {
    const db = ctx.database.db;
    const school = await createSchool(db);
    await db.execute(sql`
      insert into registrations (event_id, school_id, status, participant_count, contact_person)
      select ${eventId}, ${school.id}, 'rejected', 1 + (n % 30), 'Контакт ' || n
      from generate_series(1, 5000) as n`);
    const csv = csvRows(
      (await download('/api/foundation/applications/export.csv?status=rejected', 'foundation')).rawPayload,
    );
    expect(csv).toHaveLength(5001);
    const ids = column(csv, h.applicationId).map(Number);
    expect(ids.every((id, index) => index === 0 || id < (ids[index - 1] ?? 0))).toBe(true);
    const xlsx = await xlsxSheet(
      (await download('/api/foundation/applications/export.xlsx?status=rejected', 'foundation')).rawPayload,
    );
    expect(xlsx.rows).toHaveLength(5001);
    expect(column(xlsx.rows, h.applicationId)).toEqual(ids);
    await db.delete(applications).where(eq(applications.schoolId, school.id));
  });
});
