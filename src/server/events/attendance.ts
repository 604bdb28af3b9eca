import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import {
  type AttendanceCorrection,
  attendanceCorrectedText,
  attendanceCorrectionLastDay,
  attendanceCorrectionMessages as messages,
} from '../../shared/attendance-corrections';
import { foundationOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db, DbOrTx } from '../db/client';
import {
  applications,
  attendanceCorrections,
  events,
  foundations,
  hourCredits,
  participationCodes,
} from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { appendJournal, journalActorOf } from '../journal/service';
import { queueMail } from '../mail/outbox';
import { letters } from '../notifications/letters';
import { notify } from '../notifications/service';
import { issueParticipationCodes } from '../participation-codes/service';
import { eventFactsColumns } from './facts';
import { applicationEntry } from './journal';
import { missingOrForeign } from './manage';

/**
 * The last day the event's attendance may be corrected, or null when it may not be at all (not completed).
 * The day of completion is the app's calendar day, as the foundation saw it.
 */
export function attendanceCorrectableUntil(calendar: Calendar, completedAt: Date | null): string | null {
  return completedAt ? attendanceCorrectionLastDay(calendar.dayOf(completedAt)) : null;
}

type LockedEvent = {
  id: number;
  title: string;
  date: string;
  hours: number;
  activityType: (typeof events.$inferSelect)['activityType'];
};

/**
 * The codes a correction takes back when fewer came than were credited. Nobody knows which pupil holds
 * which code, so the ones least likely to be in a pupil's hands go first: codes not yet claimed, newest
 * first (a replacement before the slip printed at completion), then claimed ones, the latest claim first.
 */
function codesToRevoke<T extends { id: number; claimedAt: Date | null }>(live: T[], count: number): T[] {
  const order = [...live].sort((a, b) => {
    if ((a.claimedAt === null) !== (b.claimedAt === null)) return a.claimedAt === null ? -1 : 1;
    const byClaim = (b.claimedAt?.getTime() ?? 0) - (a.claimedAt?.getTime() ?? 0);
    return byClaim !== 0 ? byClaim : b.id - a.id;
  });
  return order.slice(0, count);
}

/**
 * One application's credit of hours and its pupils' codes made to say `attended`, under the credit's row
 * lock: the credit is changed in place (kept with 0 pupils when nobody came, for its revoked codes), or
 * written when nobody had come before; codes are revoked or issued until one is live per pupil who came.
 */
async function correctCredit(
  tx: DbOrTx,
  now: Date,
  event: LockedEvent,
  foundation: { id: number; name: string | null },
  application: { id: number; schoolId: number },
  attended: number,
): Promise<{ revoked: number; issued: number }> {
  const hours = attended * event.hours;
  const [existing] = await tx
    .select({ id: hourCredits.id })
    .from(hourCredits)
    .where(eq(hourCredits.applicationId, application.id))
    .orderBy(desc(hourCredits.id))
    .limit(1)
    .for('update');
  let creditId = existing?.id;
  if (creditId !== undefined) {
    await tx
      .update(hourCredits)
      .set({ participantCount: attended, hours })
      .where(eq(hourCredits.id, creditId));
  } else if (attended > 0) {
    const [created] = await tx
      .insert(hourCredits)
      .values({
        schoolId: application.schoolId,
        applicationId: application.id,
        eventId: event.id,
        foundationId: foundation.id,
        eventTitle: event.title,
        eventDate: event.date,
        foundationName: foundation.name,
        activityType: event.activityType,
        participantCount: attended,
        hours,
      })
      .returning({ id: hourCredits.id });
    creditId = created?.id;
  }
  if (creditId === undefined) return { revoked: 0, issued: 0 };

  const live = await tx
    .select({ id: participationCodes.id, claimedAt: participationCodes.claimedAt })
    .from(participationCodes)
    .where(and(eq(participationCodes.hourCreditId, creditId), isNull(participationCodes.revokedAt)))
    .orderBy(asc(participationCodes.id))
    .for('update');
  if (live.length > attended) {
    const revoked = codesToRevoke(live, live.length - attended);
    for (const code of revoked) {
      await tx
        .update(participationCodes)
        .set({ revokedAt: now, revokedReason: 'attendance_corrected' })
        .where(eq(participationCodes.id, code.id));
    }
    return { revoked: revoked.length, issued: 0 };
  }
  const missing = attended - live.length;
  if (missing > 0) {
    await issueParticipationCodes(tx, [
      {
        id: creditId,
        schoolId: application.schoolId,
        applicationId: application.id,
        participantCount: missing,
        hours: missing * event.hours,
      },
    ]);
  }
  return { revoked: 0, issued: missing };
}

/**
 * PUT /api/events/{id}/attendance: the owning foundation corrects how many pupils of each completed
 * application came, up to `attendanceCorrectionDays` after the day it completed the event. In one
 * transaction, under the event's, the applications' and the credits' row locks: each changed
 * application's attendance and hours, the school's credit (and so its totals, reports and certificates,
 * and the foundation's totals), its pupils' codes, a row of the audit, and the school's notice and letter.
 */
export async function correctAttendance(
  db: Db,
  calendar: Calendar,
  userId: number,
  eventId: number,
  { attendance }: AttendanceCorrection,
): Promise<{ message: string }> {
  const foundation = await foundationOfUser(db, userId);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        ...eventFactsColumns,
        status: events.status,
        hours: events.hours,
        activityType: events.activityType,
        completedAt: events.completedAt,
      })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)))
      .for('update', { of: events });
    if (!event) return missingOrForeign(tx, eventId);
    const lastDay =
      event.status === 'completed' ? attendanceCorrectableUntil(calendar, event.completedAt) : null;
    if (!lastDay) throw conflict(messages.notCompleted);
    if (calendar.today() > lastDay) throw conflict(messages.deadlinePassed(lastDay));

    const completed = await tx
      .select({
        id: applications.id,
        schoolId: applications.schoolId,
        participantCount: applications.participantCount,
        attendedCount: applications.attendedCount,
      })
      .from(applications)
      .where(and(eq(applications.eventId, eventId), eq(applications.status, 'completed')))
      .orderBy(asc(applications.id))
      .for('update', { of: applications });
    const changes = attendance.flatMap((entry) => {
      const application = completed.find((row) => row.id === entry.applicationId);
      if (!application) throw badRequest(messages.foreignApplication(entry.applicationId));
      if (entry.attended > application.participantCount) {
        throw badRequest(messages.attendedOverApproved(application.participantCount));
      }
      const before = application.attendedCount ?? application.participantCount;
      return entry.attended === before ? [] : [{ application, before, after: entry.attended }];
    });
    if (changes.length === 0) return { message: messages.unchanged };

    const now = calendar.now();
    const actor = await journalActorOf(tx, userId);
    const journalEvent = { id: eventId, title: event.title, foundationId: foundation.id };
    for (const { application, before, after } of changes) {
      const codes = await correctCredit(tx, now, event, foundation, application, after);
      await tx
        .update(applications)
        .set({ attendedCount: after, hoursEarned: after * event.hours })
        .where(eq(applications.id, application.id));
      await tx.insert(attendanceCorrections).values({
        eventId,
        applicationId: application.id,
        schoolId: application.schoolId,
        foundationId: foundation.id,
        eventTitle: event.title,
        correctedBy: userId,
        correctedAt: now,
        attendedBefore: before,
        attendedAfter: after,
        hoursBefore: before * event.hours,
        hoursAfter: after * event.hours,
        codesRevoked: codes.revoked,
        codesIssued: codes.issued,
      });
      await appendJournal(tx, [
        applicationEntry(
          'application.attendance_corrected',
          actor,
          journalEvent,
          application,
          { attended: before, hours: before * event.hours },
          { attended: after, hours: after * event.hours },
        ),
      ]);
      const text = attendanceCorrectedText(event.title, {
        before,
        after,
        approved: application.participantCount,
        hours: after * event.hours,
        ...codes,
      });
      // To the school, so that each of its members hears of it.
      const school = { schoolId: application.schoolId };
      await notify(tx, [{ ...school, kind: 'attendance_corrected', text, link: '/dashboard' }]);
      await queueMail(tx, [
        { ...school, kind: 'decisions', message: letters.attendanceCorrected(event, text) },
      ]);
    }
    const attendedNow = new Map(changes.map((change) => [change.application.id, change.after]));
    const creditedHours = completed.reduce(
      (sum, row) =>
        sum + (attendedNow.get(row.id) ?? row.attendedCount ?? row.participantCount) * event.hours,
      0,
    );
    return { message: messages.corrected(creditedHours) };
  });
}
