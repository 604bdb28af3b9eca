import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type JournalEntryAnswer,
  type JournalKind,
  type JournalPage,
  type JournalQuery,
  journalKinds,
  journalKindsOf,
} from '../../shared/journal';
import { paginationOf } from '../../shared/pagination';
import { findMembership } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db, DbOrTx } from '../db/client';
import { foundations, journalEntries, schools, users } from '../db/schema';

/** The person who did something, as the journal keeps them: copied, so that the entry outlives them. */
export interface JournalActor {
  userId: number;
  name: string;
  /** Their member role at the time, or 'admin'. */
  role: string;
  schoolId?: number | null;
  foundationId?: number | null;
}

export interface JournalEntry {
  /** What happened: 'team.role_changed', 'application.approved' and the like. */
  kind: JournalKind;
  /** Null for what the platform did on its own. */
  actor: JournalActor | null;
  /** Whose journal shows it. */
  schoolId?: number | null;
  foundationId?: number | null;
  eventId?: number | null;
  applicationId?: number | null;
  eventTitle?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends entries in the caller's transaction, so that an entry exists exactly when the change it
 * records committed (docs/decisions/091). The table refuses any later change (refuse_journal_changes.sql).
 */
export async function appendJournal(db: DbOrTx, entries: readonly JournalEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(journalEntries).values(
    entries.map((entry) => ({
      kind: entry.kind,
      actorUserId: entry.actor?.userId ?? null,
      actorName: entry.actor?.name ?? null,
      actorRole: entry.actor?.role ?? null,
      actorSchoolId: entry.actor?.schoolId ?? null,
      actorFoundationId: entry.actor?.foundationId ?? null,
      schoolId: entry.schoolId ?? null,
      foundationId: entry.foundationId ?? null,
      eventId: entry.eventId ?? null,
      applicationId: entry.applicationId ?? null,
      eventTitle: entry.eventTitle ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

/** Whose journal is read: an organisation's (by one of its people) or everyone's (the administrator). */
export type JournalReader = { kind: 'school' | 'foundation'; organisationId: number } | { kind: 'admin' };

/** What a journal entry's answer is made of, as the list and the export read it. */
export const entryColumns = {
  id: journalEntries.id,
  at: journalEntries.at,
  kind: journalEntries.kind,
  actorUserId: journalEntries.actorUserId,
  actorName: journalEntries.actorName,
  actorRole: journalEntries.actorRole,
  actorSchoolId: journalEntries.actorSchoolId,
  actorFoundationId: journalEntries.actorFoundationId,
  actorOrganisationName: sql<string | null>`coalesce(${schools.name}, ${foundations.name})`,
  eventId: journalEntries.eventId,
  eventTitle: journalEntries.eventTitle,
  applicationId: journalEntries.applicationId,
  before: journalEntries.before,
  after: journalEntries.after,
};

/**
 * A page of a journal, newest first. A foundation reads the entries of its events and its team, a school
 * those of its applications and its team; a person of the other side is named by organisation and role
 * only. The administrator reads every entry with every name.
 */
export async function listJournal(
  db: Db,
  calendar: Calendar,
  reader: JournalReader,
  query: JournalQuery,
): Promise<JournalPage> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  const where = journalWhere(calendar, reader, query);
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(journalEntries)
      .leftJoin(schools, eq(schools.id, journalEntries.actorSchoolId))
      .leftJoin(foundations, eq(foundations.id, journalEntries.actorFoundationId))
      .where(where)
      .orderBy(desc(journalEntries.at), desc(journalEntries.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ count: count() }).from(journalEntries).where(where),
  ]);
  return {
    entries: rows.map((row) => asEntry(row, reader)),
    pagination: paginationOf(page, limit, total?.count ?? 0),
  };
}

/** The entries of a reader's journal that a filter shows, without paging: the list's and the export's. */
export function journalWhere(
  calendar: Calendar,
  reader: JournalReader,
  query: Pick<JournalQuery, 'from' | 'to' | 'kind'>,
): SQL | undefined {
  const day = sql`(${journalEntries.at} at time zone ${calendar.timeZone})::date`;
  return and(
    reader.kind === 'school'
      ? eq(journalEntries.schoolId, reader.organisationId)
      : reader.kind === 'foundation'
        ? eq(journalEntries.foundationId, reader.organisationId)
        : undefined,
    query.from ? sql`${day} >= ${query.from}::date` : undefined,
    query.to ? sql`${day} <= ${query.to}::date` : undefined,
    query.kind ? inArray(journalEntries.kind, journalKindsOf(query.kind)) : undefined,
  );
}

/**
 * Whether the person behind an entry is of the reader's own side, so that the reader may see their name:
 * the other side's person is shown by organisation and role only.
 */
export const isOwnSide = (
  row: { actorSchoolId: number | null; actorFoundationId: number | null },
  reader: JournalReader,
) =>
  reader.kind === 'admin' ||
  (reader.kind === 'school' && row.actorSchoolId === reader.organisationId) ||
  (reader.kind === 'foundation' && row.actorFoundationId === reader.organisationId);

interface EntryRow {
  id: number;
  at: Date;
  kind: string;
  actorUserId: number | null;
  actorName: string | null;
  actorRole: string | null;
  actorSchoolId: number | null;
  actorFoundationId: number | null;
  actorOrganisationName: string | null;
  eventId: number | null;
  eventTitle: string | null;
  applicationId: number | null;
  before: unknown;
  after: unknown;
}

function asEntry(row: EntryRow, reader: JournalReader): JournalEntryAnswer {
  const ownSide = isOwnSide(row, reader);
  const kind = (journalKinds as readonly string[]).includes(row.kind) ? (row.kind as JournalKind) : null;
  if (!kind) throw new Error(`journal entry ${row.id} has an unknown kind ${row.kind}`);
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind,
    actor:
      row.actorUserId === null && row.actorName === null
        ? null
        : {
            name: ownSide ? row.actorName : null,
            role: row.actorRole,
            organisationName: row.actorRole === 'admin' ? null : row.actorOrganisationName,
          },
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    applicationId: row.applicationId,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
  };
}

/**
 * The person behind a write, as the journal keeps them: a member with their role and organisation, the
 * administrator as 'admin'; null for an account that is neither (nothing of the kind writes today).
 */
export async function journalActorOf(db: DbOrTx, userId: number): Promise<JournalActor | null> {
  const membership = await findMembership(db, userId);
  if (membership) {
    return {
      userId,
      name: membership.username,
      role: membership.role,
      ...(membership.kind === 'school'
        ? { schoolId: membership.organisationId }
        : { foundationId: membership.organisationId }),
    };
  }
  const [user] = await db
    .select({ username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return user?.role === 'admin' ? { userId, name: user.username, role: 'admin' } : null;
}
