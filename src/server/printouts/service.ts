import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { printoutTexts } from '../../shared/printouts';
import { foundationOfUser, schoolOfUser, schoolOwnerId } from '../accounts/organisation';
import type { Db } from '../db/client';
import { applications, events, foundations, schools, users } from '../db/schema';
import { isTakingPart, takingPartStatuses } from '../events/places';
import { eventTimeColumns } from '../events/time-columns';
import { conflict, notFound } from '../http/errors';

/**
 * What the printed papers of issue 25 show, read in one place: the participant list of a foundation's
 * own event and the trip sheet of a school's own application. Ownership is part of each query, so
 * another organisation's event or application is simply not found.
 */

const eventColumns = {
  id: events.id,
  title: events.title,
  date: events.date,
  ...eventTimeColumns,
  location: events.location,
  address: events.address,
  activityType: events.activityType,
  status: events.status,
};

/** The school's name as it signed up when its profile has none yet. */
const schoolName = sql<string>`coalesce(nullif(${schools.name}, ''), ${users.username})`;

export async function participantList(db: Db, userId: number, eventId: number) {
  const foundation = await foundationOfUser(db, userId);
  const [event] = await db
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)));
  if (!event) throw notFound(printoutTexts.eventNotFound);
  const [participants, waiting] = await Promise.all([
    db
      .select({
        schoolName,
        participantCount: applications.participantCount,
        contactPerson: applications.contactPerson,
        contactPhone: applications.contactPhone,
        contactEmail: applications.contactEmail,
        schoolPhone: schools.phone,
      })
      .from(applications)
      .innerJoin(schools, eq(schools.id, applications.schoolId))
      .innerJoin(users, eq(users.id, schoolOwnerId))
      .where(and(eq(applications.eventId, eventId), inArray(applications.status, takingPartStatuses)))
      // Alphabetical: the person at the entrance finds a school by its name.
      .orderBy(asc(schoolName), asc(applications.id)),
    db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(and(eq(applications.eventId, eventId), inArray(applications.status, ['pending', 'waitlisted'])))
      .groupBy(applications.status),
  ]);
  const waitingOf = (status: string) => waiting.find((row) => row.status === status)?.n ?? 0;
  return {
    foundationName: foundation.name ?? '',
    event,
    schools: participants.map((row) => ({
      schoolName: row.schoolName,
      participantCount: row.participantCount,
      contactPerson: row.contactPerson,
      // The application's own phone first: it is the person who comes; else how else it can be reached.
      phone: row.contactPhone || row.schoolPhone || row.contactEmail || '',
    })),
    pendingCount: waitingOf('pending'),
    waitlistedCount: waitingOf('waitlisted'),
  };
}
export type ParticipantList = Awaited<ReturnType<typeof participantList>>;

export async function tripSheet(db: Db, userId: number, applicationId: number) {
  const school = await schoolOfUser(db, userId);
  const [row] = await db
    .select({
      status: applications.status,
      participantCount: applications.participantCount,
      contactPerson: applications.contactPerson,
      contactPhone: applications.contactPhone,
      contactEmail: applications.contactEmail,
      schoolName,
      event: {
        ...eventColumns,
        requirements: events.requirements,
        skills: events.skills,
        additionalInfo: events.additionalInfo,
        contactPersonName: events.contactPersonName,
        contactPersonPhone: events.contactPersonPhone,
        contactPersonEmail: events.contactPersonEmail,
      },
      foundation: {
        name: sql<string>`coalesce(${foundations.name}, '')`,
        contactPerson: foundations.contactPerson,
        phone: foundations.phone,
        email: foundations.email,
      },
    })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .innerJoin(users, eq(users.id, schoolOwnerId))
    .where(and(eq(applications.id, applicationId), eq(applications.schoolId, school.id)));
  if (!row) throw notFound(printoutTexts.applicationNotFound);
  // The foundation's contacts reach a school only once it is approved (applications/lists.ts).
  if (!isTakingPart(row.status)) throw conflict(printoutTexts.tripSheetNotApproved);
  if (row.event.status === 'canceled') throw conflict(printoutTexts.tripSheetCancelled);
  const { event, foundation } = row;
  return {
    event,
    foundationName: foundation.name,
    // The event's own contact is the person on the day; the foundation's is the fallback.
    contact: {
      person: event.contactPersonName || foundation.contactPerson || '',
      phone: event.contactPersonPhone || foundation.phone || '',
      email: event.contactPersonEmail || foundation.email || '',
    },
    school: {
      name: row.schoolName,
      contactPerson: row.contactPerson,
      phone: row.contactPhone || row.contactEmail || '',
    },
    participantCount: row.participantCount,
  };
}
export type TripSheet = Awaited<ReturnType<typeof tripSheet>>;
