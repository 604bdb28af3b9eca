import os from 'node:os';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attendanceCorrectionMessages } from '../../shared/attendance-corrections';
import type { ParticipationCode } from '../../shared/participation-codes';
import { participationCodeMessages } from '../../shared/participation-codes';
import { formatProofCode } from '../../shared/proof-codes';
import { isOrganisationOf } from '../accounts/organisation';
import { createCalendar } from '../calendar';
import {
  applications,
  attendanceCorrections,
  certificates,
  foundations,
  mailOutbox,
  schools,
} from '../db/schema';
import { deliverDueMail } from '../mail/delivery';
import { mailSigningKey } from '../mail/signing-key';
import { createMailTransport, type MailTransport } from '../mail/transport';
import { createApplication, createEvent } from '../test/factories';
import { type SmtpInbox, startSmtpInbox } from '../test/smtp-inbox';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

/** The app's clock, moved by the tests: an event is held, completed, then corrected days later. */
let now = new Date('2026-12-02T09:00:00Z');
const calendar = createCalendar('Europe/Moscow', () => now);
const setNow = (day: string, time = '12:00') => {
  now = new Date(`${day}T${time}:00+03:00`);
};

let ctx: TestContext;
let inbox: SmtpInbox;
let smtp: MailTransport;
let foundation: { sid: string; id: number; userId: number };

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, sid: string, payload?: object) =>
  ctx.app.inject({ method, url, cookies: { sid }, ...(payload ? { payload } : {}) });

async function approvedFoundation(name: string) {
  const { sid, user } = await signUp(ctx.app, 'foundation');
  const [row] = await ctx.database.db
    .update(foundations)
    .set({ moderationStatus: 'approved', name })
    .where(isOrganisationOf(foundations, user.id))
    .returning({ id: foundations.id });
  return { sid, id: row?.id ?? 0, userId: user.id };
}

async function approvedSchool(name: string, email: string | null = null) {
  const { sid, user } = await signUp(ctx.app, 'school');
  const [row] = await ctx.database.db
    .update(schools)
    .set({ moderationStatus: 'approved', name, email })
    .where(isOrganisationOf(schools, user.id))
    .returning({ id: schools.id });
  return { sid, id: row?.id ?? 0 };
}

/** An event of the foundation held on 1 December, with one approved application per given group. */
async function heldEvent(title: string, groups: { school: { id: number }; pupils: number }[]) {
  const event = await createEvent(ctx.database.db, foundation.id, { date: '2026-12-01', title });
  const applications = [];
  for (const group of groups) {
    applications.push(
      await createApplication(ctx.database.db, {
        eventId: event.id,
        schoolId: group.school.id,
        participantCount: group.pupils,
        status: 'approved',
      }),
    );
  }
  return { eventId: event.id, applicationIds: applications.map((application) => application.id) };
}

const complete = (eventId: number, attendance: { applicationId: number; attended: number }[]) =>
  send('PATCH', `/api/events/${eventId}`, foundation.sid, { status: 'completed', attendance });

const correct = (
  eventId: number,
  attendance: { applicationId: number; attended: number }[],
  sid = foundation.sid,
) => send('PUT', `/api/events/${eventId}/attendance`, sid, { attendance });

const codesOf = async (applicationId: number, sid: string) => {
  const response = await send('GET', `/api/applications/${applicationId}/codes`, sid);
  expect(response.statusCode).toBe(200);
  return response.json() as ParticipationCode[];
};
const byStatus = (codes: ParticipationCode[], status: ParticipationCode['status']) =>
  codes.filter((code) => code.status === status);

const attendanceOf = async (applicationId: number) =>
  (
    await ctx.database.db
      .select({ attendedCount: applications.attendedCount, hoursEarned: applications.hoursEarned })
      .from(applications)
      .where(eq(applications.id, applicationId))
  )[0];

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  inbox = await startSmtpInbox();
  smtp = createMailTransport({ smtpUrl: inbox.url, dataDir: os.tmpdir(), from: 'robot@example.ru' });
  foundation = await approvedFoundation('Фонд «Зелёный город»');
});
afterAll(async () => {
  smtp.close();
  await inbox.close();
  await ctx.close();
});
beforeEach(() => setNow('2026-12-02'));

describe('correcting attendance after completion', () => {
  it('moves hours, codes, totals and certificates with it, revokes the codes of pupils who did not come and audits it', async () => {
    const first = await approvedSchool('Школа № 5');
    const second = await approvedSchool('Школа № 7');
    const third = await approvedSchool('Школа № 9');
    const {
      eventId,
      applicationIds: [five, four, two],
    } = await heldEvent('Субботник в парке Горького', [
      { school: first, pupils: 5 },
      { school: second, pupils: 4 },
      { school: third, pupils: 2 },
    ]);
    if (!five || !four || !two) throw new Error('applications not created');
    expect(
      (
        await complete(eventId, [
          { applicationId: five, attended: 5 },
          { applicationId: four, attended: 0 },
          { applicationId: two, attended: 2 },
        ])
      ).statusCode,
    ).toBe(200);

    // The first school hands out its codes; a pupil claims one, and the school files a certificate.
    const handedOut = await codesOf(five, first.sid);
    expect(byStatus(handedOut, 'active')).toHaveLength(5);
    const claimedCode = handedOut[0]?.code ?? '';
    setNow('2026-12-03');
    const claim = await ctx.app.inject({
      method: 'POST',
      url: '/api/claim',
      payload: { code: claimedCode, name: 'Анна Петрова' },
    });
    expect(claim.statusCode).toBe(200);
    const certificate = await send(
      'GET',
      '/api/school/certificate.pdf?from=2026-09-01&to=2027-08-31',
      first.sid,
    );
    expect(certificate.statusCode).toBe(200);
    const [issued] = await ctx.database.db
      .select({ code: certificates.code })
      .from(certificates)
      .where(eq(certificates.schoolId, first.id));

    setNow('2026-12-10', '15:30');
    const corrected = await correct(eventId, [
      { applicationId: five, attended: 3 },
      { applicationId: four, attended: 2 },
      { applicationId: two, attended: 0 },
    ]);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toEqual({
      message: 'Посещаемость исправлена. Начислено за мероприятие: 15 волонтёрских часов',
    });

    // The applications and the schools' own figures.
    expect(await attendanceOf(five)).toEqual({ attendedCount: 3, hoursEarned: 9 });
    expect(await attendanceOf(four)).toEqual({ attendedCount: 2, hoursEarned: 6 });
    expect(await attendanceOf(two)).toEqual({ attendedCount: 0, hoursEarned: 0 });
    const profileHours = async (sid: string) => (await send('GET', '/api/profile', sid)).json().totalHours;
    expect(await profileHours(first.sid)).toBe(9);
    expect(await profileHours(second.sid)).toBe(6);
    expect(await profileHours(third.sid)).toBe(0);
    const archive = async (sid: string) =>
      (await send('GET', '/api/school/completed-events', sid)).json() as { participantCount: number }[];
    expect((await archive(first.sid)).map((entry) => entry.participantCount)).toEqual([3]);
    expect((await archive(second.sid)).map((entry) => entry.participantCount)).toEqual([2]);
    // Nobody of the third school came after all: the event is no longer in its archive.
    expect(await archive(third.sid)).toEqual([]);
    const report = (await send('GET', '/api/school/hours-report?year=2026', first.sid)).json();
    expect(report.totals).toMatchObject({ hours: 9, pupils: 3, events: 1 });

    // The foundation's totals.
    const stats = (await send('GET', '/api/foundation/stats', foundation.sid)).json();
    expect(stats.totalVolunteerHours).toBe(15);
    const foundationReport = (
      await send('GET', '/api/foundation/hours-report?year=2026', foundation.sid)
    ).json();
    expect(foundationReport.totals).toMatchObject({ hours: 15, pupils: 5, schools: 2 });

    // Codes: the claimed one stays, two not yet claimed are revoked; the second school gets two new ones.
    const firstCodes = await codesOf(five, first.sid);
    expect(byStatus(firstCodes, 'claimed').map((code) => code.code)).toEqual([claimedCode]);
    expect(byStatus(firstCodes, 'active')).toHaveLength(2);
    const revoked = byStatus(firstCodes, 'revoked');
    expect(revoked).toHaveLength(2);
    expect(byStatus(await codesOf(four, second.sid), 'active')).toHaveLength(2);
    expect(byStatus(await codesOf(two, third.sid), 'revoked')).toHaveLength(2);

    // Verification says what happened to a revoked code, and a claim of it is refused saying why.
    const verified = await ctx.app.inject({ method: 'GET', url: `/api/verify/${revoked[0]?.code}` });
    expect(verified.json()).toMatchObject({
      status: 'revoked',
      revokedReason: 'attendanceCorrected',
      revokedAt: now.toISOString(),
      eventTitle: 'Субботник в парке Горького',
    });
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/claim',
      payload: { code: revoked[0]?.code, name: 'Пётр Иванов' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: participationCodeMessages.revokedByAttendance });

    // The certificate filed before the correction no longer matches the records and says how.
    const checked = await ctx.app.inject({ method: 'GET', url: `/api/verify/${issued?.code}` });
    expect(checked.json()).toMatchObject({
      kind: 'certificate',
      matchesRecords: false,
      changes: ['пришедших учеников теперь 3, в справке 5', 'часов теперь 9, в справке 15'],
    });

    // Who changed what, when, from what to what.
    const audit = await ctx.database.db
      .select()
      .from(attendanceCorrections)
      .where(eq(attendanceCorrections.eventId, eventId))
      .orderBy(asc(attendanceCorrections.applicationId));
    expect(audit).toMatchObject([
      {
        applicationId: five,
        correctedBy: foundation.userId,
        correctedAt: now,
        attendedBefore: 5,
        attendedAfter: 3,
        hoursBefore: 15,
        hoursAfter: 9,
        codesRevoked: 2,
        codesIssued: 0,
      },
      { applicationId: four, attendedBefore: 0, attendedAfter: 2, codesRevoked: 0, codesIssued: 2 },
      { applicationId: two, attendedBefore: 2, attendedAfter: 0, codesRevoked: 2, codesIssued: 0 },
    ]);
  });

  it('is accepted through the 14th day after completion in Moscow time and refused with 409 after', async () => {
    const school = await approvedSchool('Школа № 11');
    const {
      eventId,
      applicationIds: [application],
    } = await heldEvent('Уборка берега', [{ school, pupils: 3 }]);
    if (!application) throw new Error('application not created');
    // Completed late on 2 December in Moscow: the 14 days count from that day.
    setNow('2026-12-02', '23:30');
    expect((await complete(eventId, [{ applicationId: application, attended: 3 }])).statusCode).toBe(200);

    const page = async () => (await send('GET', `/api/foundation/events/${eventId}`, foundation.sid)).json();
    setNow('2026-12-16', '23:50');
    expect(await page()).toMatchObject({
      attendanceCorrectableUntil: '2026-12-16',
      attendanceCorrectable: true,
    });
    const lastDay = await correct(eventId, [{ applicationId: application, attended: 2 }]);
    expect(lastDay.statusCode).toBe(200);

    setNow('2026-12-17', '00:05');
    expect(await page()).toMatchObject({
      attendanceCorrectableUntil: '2026-12-16',
      attendanceCorrectable: false,
    });
    const tooLate = await correct(eventId, [{ applicationId: application, attended: 1 }]);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual({
      message:
        'Срок исправления посещаемости прошёл: исправить можно было до 16 декабря 2026 г. включительно, в течение 14 дней после завершения',
    });
    expect(await attendanceOf(application)).toEqual({ attendedCount: 2, hoursEarned: 6 });
    expect(byStatus(await codesOf(application, school.sid), 'active')).toHaveLength(2);
  });

  it('is refused to other foundations, schools, for missing or not completed events and for wrong numbers', async () => {
    const school = await approvedSchool('Школа № 12');
    const {
      eventId,
      applicationIds: [application],
    } = await heldEvent('Помощь приюту', [{ school, pupils: 4 }]);
    if (!application) throw new Error('application not created');
    const entry = [{ applicationId: application, attended: 2 }];

    const notYet = await correct(eventId, entry);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({ message: attendanceCorrectionMessages.notCompleted });

    expect((await complete(eventId, [{ applicationId: application, attended: 4 }])).statusCode).toBe(200);
    const other = await approvedFoundation('Фонд «Другой»');
    const foreign = await correct(eventId, entry, other.sid);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Это мероприятие другого фонда' });
    expect((await correct(eventId, entry, school.sid)).statusCode).toBe(403);
    const missing = await correct(999_999, entry);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Мероприятие не найдено' });

    const over = await correct(eventId, [{ applicationId: application, attended: 5 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'Пришло не больше, чем одобрено: 4' });
    const elsewhere = await correct(eventId, [{ applicationId: application + 1000, attended: 1 }]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({
      message: attendanceCorrectionMessages.foreignApplication(application + 1000),
    });
    const same = await correct(eventId, [{ applicationId: application, attended: 4 }]);
    expect(same.json()).toEqual({ message: 'Посещаемость не изменилась' });
    expect(await attendanceOf(application)).toEqual({ attendedCount: 4, hoursEarned: 12 });
    expect(
      await ctx.database.db
        .select()
        .from(attendanceCorrections)
        .where(eq(attendanceCorrections.eventId, eventId)),
    ).toEqual([]);
  });

  it('tells the school in its notifications and by a letter over SMTP', async () => {
    await ctx.database.db.delete(mailOutbox);
    inbox.letters.length = 0;
    const school = await approvedSchool('Гимназия № 1543', 'coordinator@gymnasium.example');
    const {
      eventId,
      applicationIds: [application],
    } = await heldEvent('Посадка деревьев', [{ school, pupils: 5 }]);
    if (!application) throw new Error('application not created');
    expect((await complete(eventId, [{ applicationId: application, attended: 5 }])).statusCode).toBe(200);
    setNow('2026-12-04');
    expect((await correct(eventId, [{ applicationId: application, attended: 3 }])).statusCode).toBe(200);

    const notice =
      'Фонд исправил посещаемость мероприятия «Посадка деревьев»: пришли 3 из 5 учеников (было 5), начислено 9 волонтёрских часов. Отозваны 2 кода учеников: они больше не действуют.';
    const list = (await send('GET', '/api/notifications', school.sid)).json() as { text: string }[];
    expect(list.map((item) => item.text)).toContain(notice);

    expect(
      await deliverDueMail(ctx.database.db, {
        transport: smtp,
        origin: 'https://volunteer.example.ru',
        signingKey: await mailSigningKey(ctx.database.db),
      }),
    ).toBe(1);
    const [letter] = await inbox.waitFor(1);
    expect(letter?.to).toMatchObject({ value: [{ address: 'coordinator@gymnasium.example' }] });
    expect(letter?.subject).toBe('Фонд исправил посещаемость мероприятия «Посадка деревьев»');
    expect(letter?.text).toContain(notice);
    expect(letter?.text).toContain('https://volunteer.example.ru/school-applications');
  });

  it('gives pupils added later codes of their own with the event’s hours each', async () => {
    const school = await approvedSchool('Школа № 20');
    const {
      eventId,
      applicationIds: [application],
    } = await heldEvent('Ярмарка', [{ school, pupils: 6 }]);
    if (!application) throw new Error('application not created');
    expect((await complete(eventId, [{ applicationId: application, attended: 2 }])).statusCode).toBe(200);
    const before = await codesOf(application, school.sid);
    expect((await correct(eventId, [{ applicationId: application, attended: 6 }])).statusCode).toBe(200);
    const after = await codesOf(application, school.sid);
    expect(byStatus(after, 'active')).toHaveLength(6);
    expect(after.every((code) => code.hours === 3)).toBe(true);
    expect(after.slice(0, 2).map((code) => code.code)).toEqual(before.map((code) => code.code));
    const fresh = after[5]?.code ?? '';
    expect(fresh).toBe(formatProofCode(fresh.replaceAll('-', '')));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/verify/${fresh}` })).json()).toMatchObject({
      status: 'active',
      hours: 3,
    });
  });
});
