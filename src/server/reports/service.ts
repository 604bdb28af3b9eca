import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { foundationReports } from '../db/schema';
import { foundationOfUser } from '../events/manage';

export interface FoundationReport {
  id: number;
  eventTitle: string;
  eventDate: string;
  volunteersCount: number;
  additionalInfo: string | null;
  createdAt: string;
}

/** The caller's own reports, newest first. */
export async function listOwnReports(db: Db, userId: number): Promise<FoundationReport[]> {
  const foundation = await foundationOfUser(db, userId);
  const rows = await db
    .select()
    .from(foundationReports)
    .where(eq(foundationReports.foundationId, foundation.id))
    .orderBy(desc(foundationReports.createdAt), desc(foundationReports.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    eventTitle: row.eventTitle,
    eventDate: row.eventDate,
    volunteersCount: row.volunteersCount,
    additionalInfo: row.additionalInfo,
    createdAt: row.createdAt.toISOString(),
  }));
}
