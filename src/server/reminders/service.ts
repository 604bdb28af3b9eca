import { and, eq, inArray, isNull } from 'drizzle-orm';
import { shiftDay } from '../../shared/dates';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { applications, events, foundations } from '../db/schema';
import { eventLetterColumns } from '../events/letter-columns';
import { type QueuedMail, queueMail } from '../mail/outbox';
import { type NewNotification, notify } from '../notifications/service';
import { reminderLetters } from './letters';

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour of the day (0–23) a moment is in the given IANA time zone. */
export function hourIn(timeZone: string, moment: Date): number {
  let formatter = hourFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timeZone, formatter);
  }
  return Number(formatter.format(moment));
}

/**
 * One pass of the day-before reminders. From `reminderHour` on (in the app's time zone), every upcoming
 * or active event dated tomorrow that has not been reminded of is claimed and reminded of in one
 * transaction: its rows are locked with SKIP LOCKED, so a second process running the same pass skips
 * them instead of waiting and sending again, and `reminded_at` is set in the transaction that queues the
 * notifications and letters, so after the commit no pass, here or after a restart, finds them again; a
 * crash before the commit leaves nothing behind and the next pass sends them. Returns the events reminded.
 */
export async function sendDueReminders(db: Db, calendar: Calendar, reminderHour: number): Promise<number> {
  const now = calendar.now();
  if (hourIn(calendar.timeZone, now) < reminderHour) return 0;
  const tomorrow = shiftDay(calendar.dayOf(now), 1);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.date, tomorrow),
          inArray(events.status, ['upcoming', 'active']),
          isNull(events.remindedAt),
        ),
      )
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((event) => event.id);
    await tx.update(events).set({ remindedAt: now }).where(inArray(events.id, ids));

    const reminded = await tx
      .select({ ...eventLetterColumns, foundationId: events.foundationId })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(inArray(events.id, ids))
      .orderBy(events.id);
    const approved = await tx
      .select({
        eventId: applications.eventId,
        schoolId: applications.schoolId,
        pupils: applications.participantCount,
      })
      .from(applications)
      .where(and(inArray(applications.eventId, ids), eq(applications.status, 'approved')))
      .orderBy(applications.id);

    const notifications: NewNotification[] = [];
    const letters: QueuedMail[] = [];
    // To the school and the foundation, not one account of each: every member of each is reminded.
    for (const event of reminded) {
      const going = approved.filter((application) => application.eventId === event.id);
      for (const school of going) {
        notifications.push({
          schoolId: school.schoolId,
          kind: 'event_reminder',
          text: reminderLetters.schoolNotification(event, school.pupils),
          link: `/events/${event.id}`,
        });
        letters.push({
          schoolId: school.schoolId,
          kind: 'reminders',
          message: reminderLetters.school(event, school.pupils),
        });
      }
      const pupils = going.reduce((sum, school) => sum + school.pupils, 0);
      notifications.push({
        foundationId: event.foundationId,
        kind: 'event_reminder',
        text: reminderLetters.foundationNotification(event, going.length, pupils),
        link: `/foundation/event/${event.id}`,
      });
      letters.push({
        foundationId: event.foundationId,
        kind: 'reminders',
        message: reminderLetters.foundation(event, going.length, pupils),
      });
    }
    await notify(tx, notifications);
    await queueMail(tx, letters);
    return ids.length;
  });
}
