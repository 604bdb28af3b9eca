import { and, count, desc, eq } from 'drizzle-orm';
import {
  type FoundationReport,
  type ReportInput,
  reportDateProblem,
  reportMessages,
} from '../../shared/reports';
import { foundationOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { foundationReports } from '../db/schema';
import { badRequest, notFound } from '../http/errors';

type ReportRow = typeof foundationReports.$inferSelect;

const toReport = (row: ReportRow): FoundationReport => ({
  id: row.id,
  eventTitle: row.eventTitle,
  eventDate: row.eventDate,
  volunteersCount: row.volunteersCount,
  additionalInfo: row.additionalInfo,
  createdAt: row.createdAt.toISOString(),
});

/** A page of the caller's own reports, newest first, and how many it has. */
export async function listOwnReports(
  db: Db,
  userId: number,
  query: { page: number; limit: number },
): Promise<{ reports: FoundationReport[]; totalCount: number }> {
  const foundation = await foundationOfUser(db, userId);
  const own = eq(foundationReports.foundationId, foundation.id);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(foundationReports)
      .where(own)
      .orderBy(desc(foundationReports.createdAt), desc(foundationReports.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(foundationReports).where(own),
  ]);
  return { reports: rows.map(toReport), totalCount: counted?.total ?? 0 };
}

/**
 * A report of the caller's foundation; moderation is not required, since only the foundation sees it.
 * Its day lies within five years back and two years ahead of today.
 */
export async function createReport(
  db: Db,
  calendar: Calendar,
  userId: number,
  input: ReportInput,
): Promise<FoundationReport> {
  const dateProblem = reportDateProblem(input.eventDate, calendar.today());
  if (dateProblem) throw badRequest(dateProblem);
  const foundation = await foundationOfUser(db, userId);
  const [row] = await db
    .insert(foundationReports)
    .values({ ...input, foundationId: foundation.id })
    .returning();
  if (!row) throw new Error('insert into foundation_reports returned no row');
  return toReport(row);
}

/** Deletes one of the caller's reports; another foundation's report is 'not found' and stays. */
export async function deleteReport(db: Db, userId: number, reportId: number): Promise<void> {
  const foundation = await foundationOfUser(db, userId);
  const deleted = await db
    .delete(foundationReports)
    .where(and(eq(foundationReports.id, reportId), eq(foundationReports.foundationId, foundation.id)))
    .returning({ id: foundationReports.id });
  if (deleted.length === 0) throw notFound(reportMessages.notFound);
}
