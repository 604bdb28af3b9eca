import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHeaders as h } from '../../shared/exports';
import { journalMessages } from '../../shared/journal';
import { createCalendar } from '../calendar';
import { journalEntries } from '../db/schema';
import { createAdmin } from '../test/factories';
import { csvRows, xlsxSheet } from '../test/spreadsheets';
import { namedOrganisation, teammate as teamMember } from '../test/teams';
import { createTestApp, type TestContext } from '../test/test-app';
import { changeText } from './export';

// Issue 53, item 4: "the journal … CSV/XLSX export like the other lists". "Today" is 26 November 2026 in
// Moscow; the entries written here carry moments of their own, so that the file's clock can be checked.
const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-26T09:00:00Z'));

let ctx: TestContext;
const sid = { school: '', viewer: '', coordinator: '', foundation: '', stranger: '', admin: '', long: '' };
let schoolName = '';
let applicationId = 0;

const download = (who: keyof typeof sid, url: string) =>
  ctx.app.inject({ method: 'GET', url, cookies: { sid: sid[who] } });

const organisation = (role: 'school' | 'foundation', name: string) => namedOrganisation(ctx, role, name);
const teammate = (ownerSid: string, role: 'coordinator' | 'viewer', username: string) =>
  teamMember(ctx, ownerSid, role, username);

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const db = ctx.database.db;
  const school = await organisation('school', 'Гимназия № 5');
  const foundation = await organisation('foundation', 'Фонд «Тёплый дом»');
  const stranger = await organisation('school', 'Школа № 6');
  schoolName = school.username;
  sid.school = school.sid;
  sid.foundation = foundation.sid;
  sid.stranger = stranger.sid;
  sid.viewer = await teammate(school.sid, 'viewer', 'director_005');
  sid.coordinator = await teammate(school.sid, 'coordinator', 'teacher_005');
  const admin = await createAdmin(db, 'admin_journal');
  sid.admin = admin.sid;
  applicationId = 4711;
  const shared = {
    schoolId: school.organisationId,
    foundationId: foundation.organisationId,
    eventId: 7,
    eventTitle: 'Субботник в парке',
    applicationId,
  };
  // Written as the services write them, with the moment set: the database stamps its own clock otherwise.
  await db.insert(journalEntries).values([
    {
      ...shared,
      // 21:30 UTC on the 25th is 00:30 on the 26th in Moscow: the day the filter and the file go by.
      at: new Date('2026-11-25T21:30:00Z'),
      kind: 'application.approved',
      actorUserId: foundation.user.id,
      actorName: 'olga_coordinator',
      actorRole: 'coordinator',
      actorFoundationId: foundation.organisationId,
      before: { status: 'pending', participantCount: 10 },
      after: { status: 'approved', participantCount: 8 },
    },
    {
      ...shared,
      at: new Date('2026-11-20T08:00:00Z'),
      kind: 'application.submitted',
      actorUserId: school.user.id,
      actorName: school.username,
      actorRole: 'owner',
      actorSchoolId: school.organisationId,
      after: { status: 'pending', participantCount: 10 },
    },
    {
      ...shared,
      at: new Date('2026-11-22T09:15:00Z'),
      kind: 'event.changed',
      actorUserId: admin.id,
      actorName: 'admin_journal',
      actorRole: 'admin',
      before: { date: '2026-12-01', location: 'Парк Горького' },
      after: { date: '2026-12-05', location: '=HYPERLINK("http://evil.example")' },
    },
    // What the platform did on its own: nobody to name.
    { ...shared, at: new Date('2026-11-24T12:00:00Z'), kind: 'event.completed', after: { hours: 3 } },
  ]);
});

afterAll(() => ctx?.close());

const column = (rows: unknown[][], header: string) => {
  const index = rows[0]?.indexOf(header) ?? -1;
  if (index < 0) throw new Error(`no column ${header}`);
  return rows.slice(1).map((row) => row[index]);
};

const headers = [
  h.journalAt,
  h.journalKind,
  h.journalActor,
  h.role,
  h.organisation,
  h.event,
  h.journalApplication,
  h.journalBefore,
  h.journalAfter,
];

describe('the organisation’s journal as a file', () => {
  it('comes as CSV with what the owner reads: Moscow time, Russian words, the other side without a name', async () => {
    const response = await download('school', '/api/organisation/journal/export.csv?kind=application');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Журнал 2026-11-26.csv')}`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(csvRows(response.rawPayload)).toEqual([
      headers,
      [
        '26.11.2026 00:30',
        'Заявка одобрена',
        '',
        'Координатор',
        'Фонд «Тёплый дом»',
        'Субботник в парке',
        String(applicationId),
        'Статус: Ожидает; Учеников: 10',
        'Статус: Одобрена; Учеников: 8',
      ],
      // Hours credited are filed with the applications: what the platform did, nobody named.
      [
        '24.11.2026 15:00',
        'Мероприятие завершено, часы начислены',
        '',
        '',
        '',
        'Субботник в парке',
        String(applicationId),
        '',
        'Часы: 3',
      ],
      [
        '20.11.2026 11:00',
        'Заявка подана',
        schoolName,
        'Владелец',
        'Гимназия № 5',
        'Субботник в парке',
        String(applicationId),
        '',
        'Статус: Ожидает; Учеников: 10',
      ],
    ]);
  });

  it('holds every entry of the journal, newest first, the team’s included', async () => {
    const rows = csvRows((await download('school', '/api/organisation/journal/export.csv')).rawPayload);
    // The team's four entries were stamped by the database's clock, today, after the November ones.
    expect(column(rows, h.journalKind)).toEqual([
      'Новый участник команды',
      'Отправлено приглашение в команду',
      'Новый участник команды',
      'Отправлено приглашение в команду',
      'Заявка одобрена',
      'Мероприятие завершено, часы начислены',
      'Изменены дата или место мероприятия',
      'Заявка подана',
    ]);
    expect(column(rows, h.journalActor).slice(0, 4)).toEqual([
      'teacher_005',
      schoolName,
      'director_005',
      schoolName,
    ]);
    // The fields in the order jsonb keeps them: the shorter name first.
    expect(column(rows, h.journalAfter)[1]).toBe('Роль: Координатор; E-mail: teacher_005@school.example');
    // The administrator is named by role only, the platform not at all; a formula is not computed.
    expect(rows.slice(6, 8).map((row) => row.slice(1, 5))).toEqual([
      ['Мероприятие завершено, часы начислены', '', '', ''],
      ['Изменены дата или место мероприятия', '', 'Администратор', ''],
    ]);
    expect(column(rows, h.journalBefore)[6]).toBe('Дата: 01.12.2026; Место: Парк Горького');
    expect(column(rows, h.journalAfter)[6]).toBe(
      'Дата: 05.12.2026; Место: =HYPERLINK("http://evil.example")',
    );
    expect(column(rows, h.journalAfter)[5]).toBe('Часы: 3');
  });

  it('comes as XLSX to a viewer: the moment as a date of Moscow’s clock, the number as a number', async () => {
    const response = await download('viewer', '/api/organisation/journal/export.xlsx?kind=application');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('Журнал 2026-11-26.xlsx'));
    const sheet = await xlsxSheet(response.rawPayload);
    expect(sheet.name).toBe('Журнал');
    expect(sheet.headerBold).toBe(true);
    expect(sheet.rows).toEqual([
      headers,
      [
        new Date('2026-11-26T00:30:00Z'),
        'Заявка одобрена',
        null,
        'Координатор',
        'Фонд «Тёплый дом»',
        'Субботник в парке',
        applicationId,
        'Статус: Ожидает; Учеников: 10',
        'Статус: Одобрена; Учеников: 8',
      ],
      [
        new Date('2026-11-24T15:00:00Z'),
        'Мероприятие завершено, часы начислены',
        null,
        null,
        null,
        'Субботник в парке',
        applicationId,
        null,
        'Часы: 3',
      ],
      [
        new Date('2026-11-20T11:00:00Z'),
        'Заявка подана',
        schoolName,
        'Владелец',
        'Гимназия № 5',
        'Субботник в парке',
        applicationId,
        null,
        'Статус: Ожидает; Учеников: 10',
      ],
    ]);
    expect(sheet.formats[0]).toBe('dd.mm.yyyy hh:mm');
  });

  it('names the foundation’s own person to the foundation, and shows a stranger nothing', async () => {
    const rows = csvRows(
      (await download('foundation', '/api/organisation/journal/export.csv?kind=application')).rawPayload,
    );
    // The school's own entry is the foundation's too (its event): the school's person by role only.
    expect(rows.slice(1).map((row) => row.slice(1, 5))).toEqual([
      ['Заявка одобрена', 'olga_coordinator', 'Координатор', 'Фонд «Тёплый дом»'],
      ['Мероприятие завершено, часы начислены', '', '', ''],
      ['Заявка подана', '', 'Владелец', 'Гимназия № 5'],
    ]);
    const stranger = csvRows((await download('stranger', '/api/organisation/journal/export.csv')).rawPayload);
    expect(stranger).toEqual([headers]);
  });

  it('keeps the list’s filter: the days of the app’s time zone and the kind', async () => {
    const kinds = async (query: string) =>
      column(
        csvRows((await download('school', `/api/organisation/journal/export.csv?${query}`)).rawPayload),
        h.journalKind,
      );
    // The approval happened on the 25th by UTC and on the 26th by Moscow's clock.
    expect(await kinds('from=2026-11-26&to=2026-11-26')).toEqual(['Заявка одобрена']);
    // Hours credited go with the applications they were credited for, not with the event's own changes.
    expect(await kinds('to=2026-11-25&kind=application')).toEqual([
      'Мероприятие завершено, часы начислены',
      'Заявка подана',
    ]);
    expect(await kinds('from=2026-11-21&to=2026-11-30&kind=event')).toEqual([
      'Изменены дата или место мероприятия',
    ]);
    expect(await kinds('kind=profile')).toEqual([]);
  });

  it('refuses a malformed filter in Russian, before the file starts', async () => {
    const reversed = await download(
      'school',
      '/api/organisation/journal/export.xlsx?from=2026-12-05&to=2026-12-01',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.headers['content-disposition']).toBeUndefined();
    expect(reversed.json().message).toMatch(/[а-яё]/i);
    const unknownKind = await download('school', '/api/organisation/journal/export.csv?kind=secret');
    expect([unknownKind.statusCode, unknownKind.json().message]).toEqual([400, journalMessages.kind]);
  });

  it('is refused to a coordinator, as the list is, and to anyone signed out or of no organisation', async () => {
    for (const format of ['csv', 'xlsx']) {
      const coordinator = await download('coordinator', `/api/organisation/journal/export.${format}`);
      expect([coordinator.statusCode, coordinator.json().message]).toEqual([
        403,
        journalMessages.onlyOwnersAndViewers,
      ]);
      expect(coordinator.headers['content-disposition']).toBeUndefined();
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/organisation/journal/export.${format}`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await download('admin', `/api/organisation/journal/export.${format}`)).statusCode).toBe(403);
    }
  });
});

describe('the administrator’s journal as a file', () => {
  it('holds every organisation’s entries with every name', async () => {
    const rows = csvRows(
      (await download('admin', '/api/admin/journal/export.csv?kind=application')).rawPayload,
    );
    expect(rows.slice(1).map((row) => row.slice(1, 5))).toEqual([
      ['Заявка одобрена', 'olga_coordinator', 'Координатор', 'Фонд «Тёплый дом»'],
      ['Мероприятие завершено, часы начислены', '', '', ''],
      ['Заявка подана', schoolName, 'Владелец', 'Гимназия № 5'],
    ]);
    const sheet = await xlsxSheet(
      (await download('admin', '/api/admin/journal/export.xlsx?kind=event')).rawPayload,
    );
    expect(sheet.rows.slice(1).map((row) => row.slice(1, 5))).toEqual([
      ['Изменены дата или место мероприятия', 'admin_journal', 'Администратор', null],
    ]);
  });

  it('is refused to everyone else', async () => {
    for (const who of ['school', 'viewer', 'coordinator', 'foundation'] as const) {
      for (const format of ['csv', 'xlsx']) {
        expect((await download(who, `/api/admin/journal/export.${format}`)).statusCode).toBe(403);
      }
    }
  });
});

describe('a long journal', () => {
  it('arrives whole and newest first across pages, entries of one millisecond included', async () => {
    const db = ctx.database.db;
    const school = await organisation('school', 'Школа с длинным журналом');
    sid.long = school.sid;
    // 2,500 entries, many sharing a millisecond and some a microsecond: a page's key must be exact, or
    // the entries beside a page's last one would be lost or written twice.
    await db.execute(sql`
      insert into journal_entries (at, kind, actor_name, actor_role, actor_school_id, school_id, application_id)
      select timestamptz '2026-11-10 12:00:00.5+00' - ((n / 2) * interval '1 microsecond'),
        'application.submitted', ${school.username}, 'owner', ${school.organisationId},
        ${school.organisationId}, n
      from generate_series(1, 2500) as n`);
    const csv = csvRows((await download('long', '/api/organisation/journal/export.csv')).rawPayload);
    const numbers = column(csv, h.journalApplication).map(Number);
    expect(numbers).toHaveLength(2500);
    expect(new Set(numbers).size).toBe(2500);
    // Newest first: the smaller n, the later the moment; of two at one moment, the later written first.
    expect(numbers.slice(0, 4)).toEqual([1, 3, 2, 5]);
    const xlsx = await xlsxSheet(
      (await download('long', '/api/organisation/journal/export.xlsx')).rawPayload,
    );
    expect(column(xlsx.rows, h.journalApplication)).toEqual(numbers);
  });
});

describe('the «Было» and «Стало» cells', () => {
  it('say the app’s codes in Russian words, by what the entry is about', () => {
    // An event's status and its applications' in one entry of a deleted event.
    expect(
      changeText('event.deleted', { status: 'upcoming', applicationStatus: 'approved', participantCount: 4 }),
    ).toBe('Статус: Запланировано; Статус заявки: Одобрена; Учеников: 4');
    expect(
      changeText('profile.changed', {
        moderationStatus: 'pending',
        directions: ['ecology', 'art'],
        website: null,
        constructor: 'x',
      }),
    ).toBe('Модерация: Ожидает модерации; Направления: Экология, Искусство; Сайт: —; constructor: x');
    expect(changeText('application.attendance_corrected', { attended: 3, withdrawn: true })).toBe(
      'Пришли: 3; Снята из архива: да',
    );
    expect(changeText('team.member_removed', null)).toBeNull();
    expect(changeText('team.member_removed', {})).toBeNull();
  });
});
