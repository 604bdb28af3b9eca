import { type AnyColumn, and, between, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type AdminHoursReport,
  type FoundationHoursReport,
  type HourActivityKey,
  hourActivityKeys,
  hourReportMessages,
  type SchoolHoursReport,
  schoolYearMonths,
} from '../../shared/hour-reports';
import { schoolYearPeriod, schoolYearStart } from '../../shared/school-year';
import { foundationOfUser, schoolOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { events, hourCredits, schools } from '../db/schema';

/*
 * Every figure counts pupils who came: a ledger row is one application's credit, its participant_count
 * the pupils who came and its hours all of theirs together. A school never has two credits for one event
 * (one active application per school and event), so a school's credits are its events.
 */

const monthOf = (column: AnyColumn) => sql<string>`to_char(${column}, 'YYYY-MM')`;

/**
 * The school years a report may switch between: from the first one with a credit to the current one (or
 * the last one with a credit, should a credit lie ahead), newest first, so a year without figures in
 * between can still be chosen and shows as empty.
 */
async function reportYears(db: Db, calendar: Calendar, where: SQL | undefined): Promise<number[]> {
  const [span] = await db
    .select({
      first: sql<string | null>`min(${hourCredits.eventDate})::text`,
      last: sql<string | null>`max(${hourCredits.eventDate})::text`,
    })
    .from(hourCredits)
    .where(where);
  const current = schoolYearStart(calendar.today());
  const first = span?.first ? Math.min(schoolYearStart(span.first), current) : current;
  const last = span?.last ? Math.max(schoolYearStart(span.last), current) : current;
  return Array.from({ length: last - first + 1 }, (_, index) => last - index);
}

const yearOf = (calendar: Calendar, year: number | undefined) => year ?? schoolYearStart(calendar.today());

const inYear = (column: AnyColumn, year: number) => {
  const { from, to } = schoolYearPeriod(year);
  return between(column, from, to);
};

const emptyActivity = (): Record<HourActivityKey, number> =>
  Object.fromEntries(hourActivityKeys.map((key) => [key, 0])) as Record<HourActivityKey, number>;

/**
 * A school's own hours of a school year, per month and activity type. Entries the school removed from
 * its archive do not count, as they do not in its total (docs/decisions/044-hours-credited-by-attendance.md).
 */
export async function schoolHoursReport(
  db: Db,
  calendar: Calendar,
  userId: number,
  requestedYear: number | undefined,
): Promise<SchoolHoursReport> {
  const school = await schoolOfUser(db, userId);
  const year = yearOf(calendar, requestedYear);
  // A credit corrected to nobody (events/attendance.ts) is no event taken part in.
  const own = and(
    eq(hourCredits.schoolId, school.id),
    isNull(hourCredits.withdrawnAt),
    gt(hourCredits.participantCount, 0),
  );
  const month = monthOf(hourCredits.eventDate);
  const activity = sql<HourActivityKey>`coalesce(${hourCredits.activityType}::text, 'other')`;
  const [rows, years, [goalRow]] = await Promise.all([
    db
      .select({
        month,
        activity,
        hours: sql<number>`sum(${hourCredits.hours})::int`,
        pupils: sql<number>`sum(${hourCredits.participantCount})::int`,
        events: sql<number>`count(*)::int`,
      })
      .from(hourCredits)
      .where(and(own, inYear(hourCredits.eventDate, year)))
      .groupBy(month, activity),
    reportYears(db, calendar, own),
    db.select({ goal: schools.yearlyHoursGoal }).from(schools).where(eq(schools.id, school.id)),
  ]);
  const months = schoolYearMonths(year).map((key) => ({
    month: key,
    hours: 0,
    pupils: 0,
    events: 0,
    byActivity: emptyActivity(),
  }));
  for (const row of rows) {
    const entry = months.find((item) => item.month === row.month);
    if (!entry) continue;
    entry.hours += row.hours;
    entry.pupils += row.pupils;
    entry.events += row.events;
    entry.byActivity[row.activity] += row.hours;
  }
  return {
    year,
    years,
    months,
    totals: sumOf(months, ['hours', 'pupils', 'events']),
    goal: goalRow?.goal ?? null,
  };
}

/** Sets (or, with null, clears) the school's yearly goal of hours. */
export async function setHoursGoal(db: Db, userId: number, goal: number | null) {
  const school = await schoolOfUser(db, userId);
  await db.update(schools).set({ yearlyHoursGoal: goal }).where(eq(schools.id, school.id));
  return { goal, message: goal === null ? hourReportMessages.goalCleared : hourReportMessages.goalSaved };
}

/**
 * An event of the ledger: its id while it exists, its title and day once the foundation deleted it (the
 * credits then keep a null id), so a deleted event still counts once.
 */
const distinctEvents = sql<number>`count(distinct coalesce(${hourCredits.eventId}::text, ${hourCredits.eventTitle} || '|' || ${hourCredits.eventDate}::text))::int`;

/**
 * A foundation's pupils and hours per month of a school year and the schools it credited. All its
 * credits count, also those a school later removed from its archive: the work was done
 * (docs/decisions/044-hours-credited-by-attendance.md).
 */
export async function foundationHoursReport(
  db: Db,
  calendar: Calendar,
  userId: number,
  requestedYear: number | undefined,
): Promise<FoundationHoursReport> {
  const foundation = await foundationOfUser(db, userId);
  const year = yearOf(calendar, requestedYear);
  const own = and(eq(hourCredits.foundationId, foundation.id), gt(hourCredits.participantCount, 0));
  const where = and(own, inYear(hourCredits.eventDate, year));
  const month = monthOf(hourCredits.eventDate);
  const [rows, schoolRows, years] = await Promise.all([
    db
      .select({
        month,
        hours: sql<number>`sum(${hourCredits.hours})::int`,
        pupils: sql<number>`sum(${hourCredits.participantCount})::int`,
        events: distinctEvents,
      })
      .from(hourCredits)
      .where(where)
      .groupBy(month),
    db
      .select({
        name: sql<string>`coalesce(${schools.name}, ${hourReportMessages.unnamedSchool})`,
        events: sql<number>`count(*)::int`,
        pupils: sql<number>`sum(${hourCredits.participantCount})::int`,
        hours: sql<number>`sum(${hourCredits.hours})::int`,
      })
      .from(hourCredits)
      .innerJoin(schools, eq(schools.id, hourCredits.schoolId))
      .where(where)
      .groupBy(schools.id, schools.name)
      .orderBy(sql`sum(${hourCredits.hours}) desc`, schools.name),
    reportYears(db, calendar, own),
  ]);
  const months = schoolYearMonths(year).map((key) => {
    const row = rows.find((item) => item.month === key);
    return { month: key, hours: row?.hours ?? 0, pupils: row?.pupils ?? 0, events: row?.events ?? 0 };
  });
  return {
    year,
    years,
    months,
    schools: schoolRows,
    totals: { ...sumOf(months, ['hours', 'pupils', 'events']), schools: schoolRows.length },
  };
}

/**
 * The platform's events completed, pupils who came and hours credited per month of a school year, as the
 * home page's figures count them: events by their status, pupils and hours from the whole ledger.
 */
export async function adminHoursReport(
  db: Db,
  calendar: Calendar,
  requestedYear: number | undefined,
): Promise<AdminHoursReport> {
  const year = yearOf(calendar, requestedYear);
  const creditMonth = monthOf(hourCredits.eventDate);
  const eventMonth = monthOf(events.date);
  const [credits, completed, years] = await Promise.all([
    db
      .select({
        month: creditMonth,
        hours: sql<number>`sum(${hourCredits.hours})::int`,
        pupils: sql<number>`sum(${hourCredits.participantCount})::int`,
      })
      .from(hourCredits)
      .where(inYear(hourCredits.eventDate, year))
      .groupBy(creditMonth),
    db
      .select({ month: eventMonth, count: sql<number>`count(*)::int` })
      .from(events)
      .where(and(eq(events.status, 'completed'), inYear(events.date, year)))
      .groupBy(eventMonth),
    reportYears(db, calendar, undefined),
  ]);
  const months = schoolYearMonths(year).map((key) => {
    const credit = credits.find((item) => item.month === key);
    return {
      month: key,
      completedEvents: completed.find((item) => item.month === key)?.count ?? 0,
      pupils: credit?.pupils ?? 0,
      hours: credit?.hours ?? 0,
    };
  });
  return { year, years, months, totals: sumOf(months, ['completedEvents', 'pupils', 'hours']) };
}

function sumOf<K extends string>(rows: readonly Record<K, number>[], keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, rows.reduce((sum, row) => sum + row[key], 0)])) as Record<
    K,
    number
  >;
}
