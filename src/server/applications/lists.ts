import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ApplicationStatusFilter, SchoolApplicationCounts } from '../../shared/applications';
import { type ApplicationStatus, applicationStatuses } from '../../shared/catalog';
import { paginationOf } from '../../shared/pagination';
import { foundationOfUser, schoolOfUser, schoolOwnerId } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import { changeTopics, keptFigure, type SharedFigures } from '../db/change-topics';
import type { Db } from '../db/client';
import {
  isAnyOf,
  isAnyOfGivenIds,
  keptStatement,
  pageOfRows,
  preparedPerDatabase,
} from '../db/kept-statements';
import { applications, events, foundations, hourCredits, schools, users } from '../db/schema';
import { attendanceCorrectableUntil } from '../events/attendance';
import { isTakingPart, participantsOf } from '../events/places';
import { eventTimeColumns } from '../events/time-columns';
import { notFound } from '../http/errors';
import { appendJournal, journalActorOf } from '../journal/service';

const applicationColumns = {
  id: applications.id,
  status: applications.status,
  participantCount: applications.participantCount,
  requestedCount: applications.requestedCount,
  attendedCount: applications.attendedCount,
  parentalConsentAt: applications.parentalConsentAt,
  contactPerson: applications.contactPerson,
  contactPhone: applications.contactPhone,
  contactEmail: applications.contactEmail,
  contactTelegram: applications.contactTelegram,
  contactVk: applications.contactVk,
  applicationNote: applications.applicationNote,
  rejectionReason: applications.rejectionReason,
  // The ledger, not the application's own column: deleting the entry from the school's archive takes
  // the hours away from the school (docs/spec/decisions.md, 'Events, slots and hours'), and no list of its
  // own may still show them. The foundation's lists use foundationHoursEarned: it did credit them.
  hoursEarned: sql<
    number | null
  >`(select sum(${hourCredits.hours})::int from ${hourCredits} where ${hourCredits.applicationId} = ${applications.id} and ${hourCredits.withdrawnAt} is null)`,
  registeredAt: applications.registeredAt,
  approvedAt: applications.approvedAt,
  rejectedAt: applications.rejectedAt,
  completedAt: applications.completedAt,
  event: {
    id: events.id,
    title: events.title,
    date: events.date,
    ...eventTimeColumns,
    location: events.location,
    hours: events.hours,
    status: events.status,
  },
};

/** The foundation's view of an application's hours: what it credited, withdrawn from an archive or not. */
const foundationApplicationColumns = {
  ...applicationColumns,
  hoursEarned: sql<
    number | null
  >`(select sum(${hourCredits.hours})::int from ${hourCredits} where ${hourCredits.applicationId} = ${applications.id})`,
};

const iso = (value: Date | null) => value?.toISOString() ?? null;
type Row = {
  registeredAt: Date;
  approvedAt: Date | null;
  rejectedAt: Date | null;
  completedAt: Date | null;
  parentalConsentAt: Date | null;
};
const withIsoDates = <T extends Row>(row: T) => ({
  ...row,
  parentalConsentAt: iso(row.parentalConsentAt),
  registeredAt: row.registeredAt.toISOString(),
  approvedAt: iso(row.approvedAt),
  rejectedAt: iso(row.rejectedAt),
  completedAt: iso(row.completedAt),
});

const newestFirst = [desc(applications.registeredAt), desc(applications.id)];

/** The foundation's contacts on a school's application: only once it is approved. */
const contactOnceApproved = (column: AnyPgColumn) =>
  sql<string | null>`case when ${applications.status} in ('approved', 'completed') then ${column} end`;

const schoolApplicationColumns = {
  ...applicationColumns,
  foundation: {
    id: foundations.id,
    name: sql<string>`coalesce(${foundations.name}, '')`,
    contactPerson: contactOnceApproved(foundations.contactPerson),
    phone: contactOnceApproved(foundations.phone),
    email: contactOnceApproved(foundations.email),
  },
};

/**
 * The rows of a page of a school's applications, read whole by the ids its list found: statements built
 * once per database, the ids given at each run (built per request, Drizzle's building was a large part
 * of the server thread's work on these lists). The approved list's rows carry the descriptions and the
 * foundation's address and website, which its page shows and the other lists do not.
 */
const schoolApplicationsByIdsOf = preparedPerDatabase((db) =>
  db
    .select(schoolApplicationColumns)
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(isAnyOfGivenIds(applications.id))
    .orderBy(...newestFirst)
    .prepare('school_applications_by_ids'),
);
const schoolApprovedApplicationsByIdsOf = preparedPerDatabase((db) =>
  db
    .select({
      ...schoolApplicationColumns,
      event: { ...schoolApplicationColumns.event, description: events.description },
      foundation: {
        ...schoolApplicationColumns.foundation,
        description: foundations.description,
        address: foundations.address,
        website: foundations.website,
      },
    })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(isAnyOfGivenIds(applications.id))
    .orderBy(...newestFirst)
    .prepare('school_approved_applications_by_ids'),
);

/**
 * A page of the school's applications with their events, newest first, and how many match; the
 * foundation's contacts only once approved. The page walks registrations_school_registered_idx and joins
 * only its own rows; the count reads the school's index entries alone, never its events.
 */
async function schoolApplicationPage<PageRow extends Row>(
  db: Db,
  userId: number,
  query: {
    status?: ApplicationStatus | undefined;
    eventIds?: number[] | undefined;
    page: number;
    limit: number;
  },
  rowsOf: (ids: number[]) => Promise<PageRow[]>,
) {
  const school = await schoolOfUser(db, userId);
  const conditions: SQL[] = [eq(applications.schoolId, school.id)];
  if (query.status) conditions.push(eq(applications.status, query.status));
  if (query.eventIds) conditions.push(isAnyOf(applications.eventId, query.eventIds));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    pageOfRows(
      db,
      'school_application_page_ids',
      applications.id,
      { where, order: newestFirst },
      query,
      rowsOf,
    ),
    // Every application has its event and foundation (not-null foreign keys): no join changes the count.
    keptStatement('school_application_count', db.select({ n: count() }).from(applications).where(where)),
  ]);
  return { applications: rows.map(withIsoDates), totalCount: total?.n ?? 0 };
}

/** A page of the school's applications: one status or all, or those to the given events. */
export const listSchoolApplications = (
  db: Db,
  userId: number,
  query: Parameters<typeof schoolApplicationPage>[2],
) => schoolApplicationPage(db, userId, query, (ids) => schoolApplicationsByIdsOf(db).execute({ ids }));

/** A page of the school's approved applications, with what it needs to go: the descriptions, the address. */
export const listSchoolApprovedApplications = (
  db: Db,
  userId: number,
  { page, limit }: { page: number; limit: number },
) =>
  schoolApplicationPage(db, userId, { status: 'approved', page, limit }, (ids) =>
    schoolApprovedApplicationsByIdsOf(db).execute({ ids }),
  );

/** How many applications the school has in each status: one pass over its index entries. */
export async function countSchoolApplications(db: Db, userId: number): Promise<SchoolApplicationCounts> {
  const school = await schoolOfUser(db, userId);
  const rows = await keptStatement(
    'school_application_counts',
    db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(eq(applications.schoolId, school.id))
      .groupBy(applications.status),
  );
  const counts = Object.fromEntries(
    applicationStatuses.map((status) => [status, 0]),
  ) as SchoolApplicationCounts;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The school as its applications show it; `username` is the login of its first owner (schoolOwnerId). */
const schoolColumns = {
  id: schools.id,
  username: users.username,
  fullName: schools.name,
  schoolType: schools.schoolType,
  address: schools.address,
  email: schools.email,
  phone: schools.phone,
  contactPerson: schools.contactPerson,
};

/** A page of applications to a foundation's events, read whole by the ids its list found (as above). */
const foundationApplicationsByIdsOf = preparedPerDatabase((db) =>
  db
    .select({ ...foundationApplicationColumns, school: schoolColumns })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .innerJoin(users, eq(users.id, schoolOwnerId))
    .where(isAnyOfGivenIds(applications.id))
    .orderBy(...newestFirst)
    .prepare('foundation_applications_by_ids'),
);

/**
 * A page of applications to the caller's events, newest first, with the counts the page shows; the
 * counts are the same for every page of a status, and kept per foundation and status until an
 * application is written.
 */
export async function listFoundationApplications(
  db: Db,
  userId: number,
  query: { status: ApplicationStatusFilter; page: number; limit: number },
  figures?: SharedFigures,
) {
  const foundation = await foundationOfUser(db, userId);
  // applications.foundation_id and its indexes (migration 0010): the page is read in index order, and
  // both counts come from one pass over the foundation's entries of the status index.
  const mine = eq(applications.foundationId, foundation.id);
  const shown = query.status === 'all' ? undefined : eq(applications.status, query.status);
  const countShownAndPending = async () => {
    const [counts] = await keptStatement(
      'foundation_application_counts',
      db
        .select({
          shown: shown ? sql<number>`(count(*) filter (where ${shown}))::int` : count(),
          pending: sql<number>`(count(*) filter (where ${applications.status} = 'pending'))::int`,
        })
        .from(applications)
        .where(mine),
    );
    return { shown: counts?.shown ?? 0, pending: counts?.pending ?? 0 };
  };
  const readPage = () =>
    pageOfRows(
      db,
      'foundation_application_page_ids',
      applications.id,
      { where: and(mine, shown), order: newestFirst },
      query,
      (ids) => foundationApplicationsByIdsOf(db).execute({ ids }),
    );
  const [rows, counts] = await Promise.all([
    readPage(),
    keptFigure(
      figures,
      `foundation-applications-count:${foundation.id}:${query.status}`,
      [changeTopics.applications],
      countShownAndPending,
    ),
  ]);
  const pagination = paginationOf(query.page, query.limit, counts.shown);
  return {
    applications: rows.map(withIsoDates),
    total: pagination.totalCount,
    totalPages: pagination.totalPages,
    page: pagination.page,
    pendingCount: counts.pending,
  };
}

/** One of the caller's events with every application to it (the foundation event page). */
export async function foundationEventWithApplications(
  db: Db,
  calendar: Calendar,
  userId: number,
  eventId: number,
) {
  const foundation = await foundationOfUser(db, userId);
  const [event] = await keptStatement(
    'foundation_event',
    db
      .select({
        id: events.id,
        title: events.title,
        date: events.date,
        ...eventTimeColumns,
        location: events.location,
        status: events.status,
        hours: events.hours,
        totalSlots: events.totalSlots,
        reservedSlots: events.reservedSlots,
        contactPersonName: events.contactPersonName,
        contactPersonPhone: events.contactPersonPhone,
        contactPersonEmail: events.contactPersonEmail,
        completedAt: events.completedAt,
      })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id))),
  );
  if (!event) throw notFound('Мероприятие не найдено');
  const { completedAt, ...shown } = event;
  const correctableUntil =
    event.status === 'completed' ? attendanceCorrectableUntil(calendar, completedAt) : null;
  const eventApplications = await keptStatement(
    'foundation_event_applications',
    db
      .select({ ...foundationApplicationColumns, school: schoolColumns })
      .from(applications)
      .innerJoin(events, eq(events.id, applications.eventId))
      .innerJoin(schools, eq(schools.id, applications.schoolId))
      .innerJoin(users, eq(users.id, schoolOwnerId))
      .where(eq(applications.eventId, eventId))
      .orderBy(desc(applications.registeredAt)),
  );
  const rows = eventApplications.map(withIsoDates);
  const confirmed = rows.filter((row) => isTakingPart(row.status));
  return {
    ...shown,
    attendanceCorrectableUntil: correctableUntil,
    attendanceCorrectable: correctableUntil !== null && calendar.today() <= correctableUntil,
    confirmedCount: participantsOf(confirmed),
    pending: rows.filter((row) => row.status === 'pending'),
    participants: confirmed,
    // The rows come newest first; the line is served oldest first (promote_waitlist).
    waitlist: rows.filter((row) => row.status === 'waitlisted').reverse(),
  };
}

/**
 * The school's archive: every credit of hours it has not removed, kept even when the event itself is
 * gone, with the number the foundation approved while the application still exists.
 */
export async function listCompletedEvents(db: Db, userId: number, query: { page: number; limit: number }) {
  const school = await schoolOfUser(db, userId);
  // A credit corrected to nobody (events/attendance.ts) keeps its row for its revoked codes only.
  const kept = and(
    eq(hourCredits.schoolId, school.id),
    isNull(hourCredits.withdrawnAt),
    gt(hourCredits.participantCount, 0),
  );
  const [rows, [counted]] = await Promise.all([
    keptStatement(
      'archive_page',
      db
        .select({ credit: hourCredits, approvedCount: applications.participantCount })
        .from(hourCredits)
        .leftJoin(applications, eq(applications.id, hourCredits.applicationId))
        .where(kept)
        .orderBy(desc(hourCredits.eventDate), desc(hourCredits.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
    ),
    keptStatement('archive_count', db.select({ total: count() }).from(hourCredits).where(kept)),
  ]);
  const entries = rows.map(({ credit: row, approvedCount }) => ({
    id: row.id,
    registrationId: row.applicationId,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    eventDate: row.eventDate,
    foundationName: row.foundationName,
    activityType: row.activityType,
    participantCount: row.participantCount,
    approvedCount: approvedCount ?? null,
    hoursEarned: row.hours,
    creditedAt: row.creditedAt.toISOString(),
  }));
  return { entries, totalCount: counted?.total ?? 0 };
}

/**
 * Deleting an archive entry removes its hours from the school (working-areas.md section 4), not from the
 * foundation that credited them: the entry is marked withdrawn, and the foundation's totals still count it.
 * So the journal's entry is the school's alone: nothing the foundation reads has changed.
 */
export async function deleteArchiveEntry(db: Db, userId: number, creditId: number) {
  const school = await schoolOfUser(db, userId);
  await db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(hourCredits)
      .set({ withdrawnAt: new Date() })
      .where(
        and(
          eq(hourCredits.id, creditId),
          eq(hourCredits.schoolId, school.id),
          isNull(hourCredits.withdrawnAt),
        ),
      )
      .returning({
        eventId: hourCredits.eventId,
        applicationId: hourCredits.applicationId,
        eventTitle: hourCredits.eventTitle,
        eventDate: hourCredits.eventDate,
        participantCount: hourCredits.participantCount,
        hours: hourCredits.hours,
      });
    if (!withdrawn) throw notFound('Запись архива не найдена');
    await appendJournal(tx, [
      {
        kind: 'archive.withdrawn',
        actor: await journalActorOf(tx, userId),
        schoolId: school.id,
        eventId: withdrawn.eventId,
        applicationId: withdrawn.applicationId,
        eventTitle: withdrawn.eventTitle,
        before: {
          eventDate: withdrawn.eventDate,
          participantCount: withdrawn.participantCount,
          hours: withdrawn.hours,
        },
        after: { withdrawn: true },
      },
    ]);
  });
}
