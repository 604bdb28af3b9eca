import { and, between, desc, eq, gt, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityType, ApplicationStatus } from '../../shared/catalog';
import { activityTypeLabels, applicationStatusLabels, eventStatusLabels } from '../../shared/catalog';
import {
  type adminApplicationsExportQuerySchema,
  type adminEventsExportQuerySchema,
  type adminUsersExportQuerySchema,
  type ExportPeriodQuery,
  exportTitles,
  type foundationApplicationsExportQuerySchema,
  exportHeaders as h,
} from '../../shared/exports';
import { type ModerationStatus, moderationStatusLabels, roleLabels } from '../../shared/roles';
import { type Period, schoolYearPeriod, schoolYearStart } from '../../shared/school-year';
import { foundationOfUser, schoolOfUser, schoolOwnerId } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import {
  applications,
  events,
  foundations,
  hourCredits,
  organisationMembers,
  schools,
  users,
} from '../db/schema';
import { likePattern } from '../events/service';
import { eventTimeColumns } from '../events/time-columns';
import { notFound } from '../http/errors';
import { type Column, type ExportSpec, pagedRows } from './stream';

/**
 * What each export reads (issue 25): one keyset-paged query per list, its columns and its title. Every
 * query names its owner in its WHERE clause, as the lists do: a foundation reads only its events'
 * applications, a school only its own.
 */

type Spec<Row> = Omit<ExportSpec<Row>, 'timeZone'>;

const statusWord = (status: ApplicationStatus) => applicationStatusLabels[status];
const activityWord = (type: ActivityType | null) => (type ? activityTypeLabels[type] : null);
/** Keyset paging of the lists read newest first. */
const beforeApplication = (after: number | undefined) =>
  after === undefined ? undefined : lt(applications.id, after);

/** Pupils the school asked for: the number itself, or what it was before the foundation approved fewer. */
const askedOf = (row: { participantCount: number; requestedCount: number | null }) =>
  row.requestedCount ?? row.participantCount;
const approvedOf = (row: { status: ApplicationStatus; participantCount: number }) =>
  row.status === 'approved' || row.status === 'completed' ? row.participantCount : null;

// ---------------------------------------------------------------------------------------------------
// Foundation

const foundationApplicationColumns = {
  id: applications.id,
  registeredAt: applications.registeredAt,
  status: applications.status,
  participantCount: applications.participantCount,
  requestedCount: applications.requestedCount,
  attendedCount: applications.attendedCount,
  contactPerson: applications.contactPerson,
  contactPhone: applications.contactPhone,
  contactEmail: applications.contactEmail,
  contactTelegram: applications.contactTelegram,
  contactVk: applications.contactVk,
  applicationNote: applications.applicationNote,
  rejectionReason: applications.rejectionReason,
  parentalConsentAt: applications.parentalConsentAt,
  // What the foundation credited on completion, withdrawn from a school's archive or not: the column
  // completion writes beside the ledger, so that no row needs a look into hour_credits (which has no
  // index on registration_id).
  hours: applications.hoursEarned,
  eventTitle: events.title,
  eventDate: events.date,
  schoolName: sql<string>`coalesce(${schools.name}, ${users.username})`,
  schoolAddress: schools.address,
};
const foundationApplications = (db: Db) =>
  db
    .select(foundationApplicationColumns)
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .innerJoin(users, eq(users.id, schoolOwnerId));
type FoundationApplicationRow = Awaited<ReturnType<typeof foundationApplications>>[number];

const foundationApplicationExportColumns: Column<FoundationApplicationRow>[] = [
  { header: h.applicationId, kind: 'number', value: (row) => row.id },
  { header: h.registeredAt, kind: 'moment', value: (row) => row.registeredAt, width: 17 },
  { header: h.event, kind: 'text', value: (row) => row.eventTitle, width: 40 },
  { header: h.eventDate, kind: 'day', value: (row) => row.eventDate },
  { header: h.school, kind: 'text', value: (row) => row.schoolName, width: 30 },
  { header: h.status, kind: 'text', value: (row) => statusWord(row.status), width: 16 },
  { header: h.pupilsAsked, kind: 'number', value: askedOf },
  { header: h.pupilsApproved, kind: 'number', value: approvedOf },
  { header: h.pupilsCame, kind: 'number', value: (row) => row.attendedCount },
  { header: h.hours, kind: 'number', value: (row) => row.hours },
  { header: h.contactPerson, kind: 'text', value: (row) => row.contactPerson, width: 24 },
  { header: h.phone, kind: 'text', value: (row) => row.contactPhone, width: 18 },
  { header: h.email, kind: 'text', value: (row) => row.contactEmail, width: 24 },
  { header: h.telegram, kind: 'text', value: (row) => row.contactTelegram },
  { header: h.vk, kind: 'text', value: (row) => row.contactVk },
  { header: h.note, kind: 'text', value: (row) => row.applicationNote, width: 30 },
  { header: h.rejectionReason, kind: 'text', value: (row) => row.rejectionReason, width: 30 },
  { header: h.parentalConsentAt, kind: 'moment', value: (row) => row.parentalConsentAt, width: 17 },
];

function foundationApplicationRows(db: Db, where: SQL | undefined, order: 'newest' | 'oldest') {
  return pagedRows(
    (after: number | undefined, limit) =>
      foundationApplications(db)
        .where(
          and(
            where,
            order === 'newest'
              ? beforeApplication(after)
              : after === undefined
                ? undefined
                : gt(applications.id, after),
          ),
        )
        .orderBy(order === 'newest' ? desc(applications.id) : applications.id)
        .limit(limit),
    (row) => row.id,
  );
}

/** The applications to the caller foundation's events, with its list's status filter, newest first. */
export async function foundationApplicationsExport(
  db: Db,
  userId: number,
  query: z.infer<typeof foundationApplicationsExportQuerySchema>,
): Promise<Spec<FoundationApplicationRow>> {
  const foundation = await foundationOfUser(db, userId);
  const mine = eq(events.foundationId, foundation.id);
  const where = query.status === 'all' ? mine : and(mine, eq(applications.status, query.status));
  return {
    title: exportTitles.foundationApplications,
    columns: foundationApplicationExportColumns,
    rows: foundationApplicationRows(db, where, 'newest'),
  };
}

const participantExportColumns: Column<FoundationApplicationRow>[] = [
  { header: h.school, kind: 'text', value: (row) => row.schoolName, width: 30 },
  { header: h.schoolAddress, kind: 'text', value: (row) => row.schoolAddress, width: 30 },
  { header: h.pupilsApproved, kind: 'number', value: (row) => row.participantCount },
  { header: h.pupilsCame, kind: 'number', value: (row) => row.attendedCount },
  { header: h.contactPerson, kind: 'text', value: (row) => row.contactPerson, width: 24 },
  { header: h.phone, kind: 'text', value: (row) => row.contactPhone, width: 18 },
  { header: h.email, kind: 'text', value: (row) => row.contactEmail, width: 24 },
  { header: h.status, kind: 'text', value: (row) => statusWord(row.status), width: 16 },
];

/**
 * The participants of one of the caller's events: its approved and completed applications, in the order
 * the schools applied. 404 for another foundation's event, before a byte is sent.
 */
export async function participantsExport(
  db: Db,
  userId: number,
  eventId: number,
): Promise<Spec<FoundationApplicationRow>> {
  const foundation = await foundationOfUser(db, userId);
  const [event] = await db
    .select({ title: events.title })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.foundationId, foundation.id)));
  if (!event) throw notFound('Мероприятие не найдено');
  return {
    title: `${exportTitles.participants} ${event.title}`,
    columns: participantExportColumns,
    rows: foundationApplicationRows(
      db,
      and(eq(applications.eventId, eventId), inArray(applications.status, ['approved', 'completed'])),
      'oldest',
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// School

const schoolApplicationColumns = {
  id: applications.id,
  registeredAt: applications.registeredAt,
  status: applications.status,
  participantCount: applications.participantCount,
  requestedCount: applications.requestedCount,
  attendedCount: applications.attendedCount,
  // The school's ledger: an entry it removed from its archive no longer counts (applications/lists.ts).
  hours: sql<
    number | null
  >`(select sum(${hourCredits.hours})::int from ${hourCredits} where ${hourCredits.applicationId} = ${applications.id} and ${hourCredits.withdrawnAt} is null)`,
  eventTitle: events.title,
  eventDate: events.date,
  foundationName: foundations.name,
};
const schoolApplications = (db: Db) =>
  db
    .select(schoolApplicationColumns)
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId));
type SchoolApplicationRow = Awaited<ReturnType<typeof schoolApplications>>[number];

/** Every application of the caller's school, newest first. */
export async function schoolApplicationsExport(db: Db, userId: number): Promise<Spec<SchoolApplicationRow>> {
  const school = await schoolOfUser(db, userId);
  return {
    title: exportTitles.schoolApplications,
    columns: [
      { header: h.event, kind: 'text', value: (row) => row.eventTitle, width: 40 },
      { header: h.eventDate, kind: 'day', value: (row) => row.eventDate },
      { header: h.foundation, kind: 'text', value: (row) => row.foundationName, width: 30 },
      { header: h.status, kind: 'text', value: (row) => statusWord(row.status), width: 16 },
      { header: h.pupilsAsked, kind: 'number', value: askedOf },
      { header: h.pupilsApproved, kind: 'number', value: approvedOf },
      { header: h.pupilsCame, kind: 'number', value: (row) => row.attendedCount },
      { header: h.hours, kind: 'number', value: (row) => row.hours },
      { header: h.registeredAt, kind: 'moment', value: (row) => row.registeredAt, width: 17 },
    ],
    rows: pagedRows(
      (after: number | undefined, limit) =>
        schoolApplications(db)
          .where(and(eq(applications.schoolId, school.id), beforeApplication(after)))
          .orderBy(desc(applications.id))
          .limit(limit),
      (row) => row.id,
    ),
  };
}

/** The period asked for, or the current school year. */
export function periodOf(query: ExportPeriodQuery, calendar: Calendar): Period {
  return query.from && query.to
    ? { from: query.from, to: query.to }
    : schoolYearPeriod(schoolYearStart(calendar.today()));
}

const creditColumns = {
  id: hourCredits.id,
  eventDate: hourCredits.eventDate,
  eventTitle: hourCredits.eventTitle,
  foundationName: hourCredits.foundationName,
  activityType: hourCredits.activityType,
  participantCount: hourCredits.participantCount,
  hours: hourCredits.hours,
  creditedAt: hourCredits.creditedAt,
  withdrawnAt: hourCredits.withdrawnAt,
  schoolName: sql<string | null>`${schools.name}`,
};
const credits = (db: Db) =>
  db.select(creditColumns).from(hourCredits).innerJoin(schools, eq(schools.id, hourCredits.schoolId));
type CreditRow = Awaited<ReturnType<typeof credits>>[number];
type CreditKey = { day: string; id: number };

/** Credits of hours in a period, by the event's day, then as credited: a ledger read from top to bottom. */
function creditRows(db: Db, where: SQL | undefined, period: Period) {
  return pagedRows(
    (after: CreditKey | undefined, limit) =>
      credits(db)
        .where(
          and(
            where,
            between(hourCredits.eventDate, period.from, period.to),
            // A credit corrected to nobody (events/attendance.ts) is no line of the ledger's reader.
            gt(hourCredits.participantCount, 0),
            after === undefined
              ? undefined
              : sql`(${hourCredits.eventDate}, ${hourCredits.id}) > (${after.day}::date, ${after.id}::int)`,
          ),
        )
        .orderBy(hourCredits.eventDate, hourCredits.id)
        .limit(limit),
    (row): CreditKey => ({ day: row.eventDate, id: row.id }),
  );
}

const hoursPerPupil = (row: CreditRow) => Math.round((row.hours / row.participantCount) * 100) / 100;

/** The school's hours in a period: what its archive lists, without the entries it removed. */
export async function schoolHoursExport(
  db: Db,
  calendar: Calendar,
  userId: number,
  query: ExportPeriodQuery,
): Promise<Spec<CreditRow>> {
  const school = await schoolOfUser(db, userId);
  const period = periodOf(query, calendar);
  return {
    title: `${exportTitles.schoolHours} ${period.from} — ${period.to}`,
    columns: [
      { header: h.date, kind: 'day', value: (row) => row.eventDate },
      { header: h.event, kind: 'text', value: (row) => row.eventTitle, width: 40 },
      { header: h.foundation, kind: 'text', value: (row) => row.foundationName, width: 30 },
      { header: h.activityType, kind: 'text', value: (row) => activityWord(row.activityType), width: 20 },
      { header: h.pupilsCame, kind: 'number', value: (row) => row.participantCount },
      { header: h.hoursPerPupil, kind: 'number', value: hoursPerPupil },
      { header: h.hoursTotal, kind: 'number', value: (row) => row.hours },
    ],
    rows: creditRows(db, and(eq(hourCredits.schoolId, school.id), isNull(hourCredits.withdrawnAt)), period),
  };
}

// ---------------------------------------------------------------------------------------------------
// Administrator

const organisationName = sql<string | null>`coalesce(${foundations.name}, ${schools.name})`;

const accounts = (db: Db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      createdAt: users.createdAt,
      name: organisationName,
      email: sql<string | null>`coalesce(${foundations.email}, ${schools.email})`,
      phone: sql<string | null>`coalesce(${foundations.phone}, ${schools.phone})`,
      address: sql<string | null>`coalesce(${foundations.address}, ${schools.address})`,
      moderationStatus: sql<ModerationStatus | null>`coalesce(${foundations.moderationStatus}, ${schools.moderationStatus})`,
    })
    .from(users)
    .leftJoin(organisationMembers, eq(organisationMembers.userId, users.id))
    .leftJoin(foundations, eq(foundations.id, organisationMembers.foundationId))
    .leftJoin(schools, eq(schools.id, organisationMembers.schoolId));
type UserRow = Awaited<ReturnType<typeof accounts>>[number];

/** Every account with its organisation, with the users tab's filters, newest first. No secrets. */
export function usersExport(query: z.infer<typeof adminUsersExportQuerySchema>, db: Db) {
  const conditions: (SQL | undefined)[] = [];
  if (query.role !== 'all') conditions.push(eq(users.role, query.role));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(users.username, pattern), ilike(organisationName, pattern)));
  }
  const spec: Spec<UserRow> = {
    title: exportTitles.users,
    columns: [
      { header: h.userId, kind: 'number', value: (row) => row.id },
      { header: h.username, kind: 'text', value: (row) => row.username, width: 20 },
      { header: h.role, kind: 'text', value: (row) => roleLabels[row.role] },
      { header: h.organisation, kind: 'text', value: (row) => row.name, width: 30 },
      { header: h.email, kind: 'text', value: (row) => row.email, width: 24 },
      { header: h.phone, kind: 'text', value: (row) => row.phone, width: 18 },
      { header: h.address, kind: 'text', value: (row) => row.address, width: 30 },
      {
        header: h.moderationStatus,
        kind: 'text',
        value: (row) => (row.moderationStatus ? moderationStatusLabels[row.moderationStatus] : null),
        width: 20,
      },
      { header: h.createdAt, kind: 'moment', value: (row) => row.createdAt, width: 17 },
    ],
    rows: pagedRows(
      (after: number | undefined, limit) =>
        accounts(db)
          .where(and(...conditions, after === undefined ? undefined : lt(users.id, after)))
          .orderBy(desc(users.id))
          .limit(limit),
      (row) => row.id,
    ),
  };
  return spec;
}

const allEvents = (db: Db) =>
  db
    .select({
      id: events.id,
      title: events.title,
      foundationName: foundations.name,
      activityType: events.activityType,
      status: events.status,
      date: events.date,
      ...eventTimeColumns,
      location: events.location,
      hours: events.hours,
      totalSlots: events.totalSlots,
      reservedSlots: events.reservedSlots,
      // NOTE: aliased, because Drizzle may leave select-list columns unqualified (see foundations/service.ts).
      applications: sql<number>`(
        select count(*) from ${applications} as applied where applied.event_id = ${events}.id
      )::int`,
      createdAt: events.createdAt,
    })
    .from(events)
    .innerJoin(foundations, eq(foundations.id, events.foundationId));
type EventRow = Awaited<ReturnType<typeof allEvents>>[number];

/** Every event of every foundation, with the events tab's search, the newest first. */
export function eventsExport(query: z.infer<typeof adminEventsExportQuerySchema>, db: Db) {
  const where = query.search
    ? or(ilike(events.title, likePattern(query.search)), ilike(foundations.name, likePattern(query.search)))
    : undefined;
  const spec: Spec<EventRow> = {
    title: exportTitles.events,
    columns: [
      { header: h.eventId, kind: 'number', value: (row) => row.id },
      { header: h.event, kind: 'text', value: (row) => row.title, width: 40 },
      { header: h.foundation, kind: 'text', value: (row) => row.foundationName, width: 30 },
      { header: h.activityType, kind: 'text', value: (row) => activityWord(row.activityType), width: 20 },
      { header: h.eventStatus, kind: 'text', value: (row) => eventStatusLabels[row.status] },
      { header: h.date, kind: 'day', value: (row) => row.date },
      { header: h.startTime, kind: 'text', value: (row) => row.startTime },
      { header: h.endTime, kind: 'text', value: (row) => row.endTime },
      { header: h.location, kind: 'text', value: (row) => row.location, width: 30 },
      { header: h.hours, kind: 'number', value: (row) => row.hours },
      { header: h.totalSlots, kind: 'number', value: (row) => row.totalSlots },
      { header: h.reservedSlots, kind: 'number', value: (row) => row.reservedSlots },
      { header: h.applications, kind: 'number', value: (row) => row.applications },
      { header: h.eventCreatedAt, kind: 'moment', value: (row) => row.createdAt, width: 17 },
    ],
    rows: pagedRows(
      (after: number | undefined, limit) =>
        allEvents(db)
          .where(and(where, after === undefined ? undefined : lt(events.id, after)))
          .orderBy(desc(events.id))
          .limit(limit),
      (row) => row.id,
    ),
  };
  return spec;
}

const allApplications = (db: Db) =>
  db
    .select({ ...foundationApplicationColumns, foundationName: foundations.name })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .innerJoin(users, eq(users.id, schoolOwnerId));
type ApplicationRow = Awaited<ReturnType<typeof allApplications>>[number];

/** Every application, with the applications tab's status filter, the newest first. */
export function applicationsExport(query: z.infer<typeof adminApplicationsExportQuerySchema>, db: Db) {
  const where = query.status === 'all' ? undefined : eq(applications.status, query.status);
  const spec: Spec<ApplicationRow> = {
    title: exportTitles.applications,
    columns: [
      { header: h.applicationId, kind: 'number', value: (row) => row.id },
      { header: h.registeredAt, kind: 'moment', value: (row) => row.registeredAt, width: 17 },
      { header: h.event, kind: 'text', value: (row) => row.eventTitle, width: 40 },
      { header: h.eventDate, kind: 'day', value: (row) => row.eventDate },
      { header: h.foundation, kind: 'text', value: (row) => row.foundationName, width: 30 },
      { header: h.school, kind: 'text', value: (row) => row.schoolName, width: 30 },
      { header: h.status, kind: 'text', value: (row) => statusWord(row.status), width: 16 },
      { header: h.pupilsAsked, kind: 'number', value: askedOf },
      { header: h.pupilsApproved, kind: 'number', value: approvedOf },
      { header: h.pupilsCame, kind: 'number', value: (row) => row.attendedCount },
      { header: h.hours, kind: 'number', value: (row) => row.hours },
    ],
    rows: pagedRows(
      (after: number | undefined, limit) =>
        allApplications(db)
          .where(and(where, beforeApplication(after)))
          .orderBy(desc(applications.id))
          .limit(limit),
      (row) => row.id,
    ),
  };
  return spec;
}

/**
 * Every credit of hours on the platform in a period, including those a school removed from its archive
 * (marked so): the foundation did credit them.
 */
export function hoursExport(query: ExportPeriodQuery, calendar: Calendar, db: Db): Spec<CreditRow> {
  const period = periodOf(query, calendar);
  return {
    title: `${exportTitles.hours} ${period.from} — ${period.to}`,
    columns: [
      { header: h.date, kind: 'day', value: (row) => row.eventDate },
      { header: h.event, kind: 'text', value: (row) => row.eventTitle, width: 40 },
      { header: h.foundation, kind: 'text', value: (row) => row.foundationName, width: 30 },
      { header: h.school, kind: 'text', value: (row) => row.schoolName, width: 30 },
      { header: h.activityType, kind: 'text', value: (row) => activityWord(row.activityType), width: 20 },
      { header: h.pupilsCame, kind: 'number', value: (row) => row.participantCount },
      { header: h.hoursPerPupil, kind: 'number', value: hoursPerPupil },
      { header: h.hoursTotal, kind: 'number', value: (row) => row.hours },
      { header: h.creditedAt, kind: 'moment', value: (row) => row.creditedAt, width: 17 },
      { header: h.withdrawnAt, kind: 'moment', value: (row) => row.withdrawnAt, width: 17 },
    ],
    rows: creditRows(db, undefined, period),
  };
}
