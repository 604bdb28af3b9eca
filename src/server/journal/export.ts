import { and, desc, eq, sql } from 'drizzle-orm';
import {
  activityTypeLabels,
  applicationStatusLabels,
  directionLabels,
  eventStatusLabels,
  schoolTypeLabels,
} from '../../shared/catalog';
import {
  exportTitles,
  exportHeaders as h,
  type JournalExportQuery,
  journalFieldLabels,
} from '../../shared/exports';
import { journalKindLabels } from '../../shared/journal';
import { memberRoleLabels, moderationStatusLabels, roleLabels } from '../../shared/roles';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { foundations, journalEntries, schools } from '../db/schema';
import { type ExportSpec, pagedRows } from '../exports/stream';
import { entryColumns, isOwnSide, type JournalReader, journalWhere } from './service';

/**
 * The journal as CSV or XLSX (issue 53, item 4): every entry of the list's filter, newest first, read a
 * thousand at a time like every other export. Who may read whose entries, and whose names, is the list's
 * rule (journalWhere and isOwnSide in ./service.ts); the file is read by keyset pages rather than numbered
 * ones.
 */

const entries = (db: Db) =>
  db
    .select({
      ...entryColumns,
      // The moment exactly, microseconds and all, for the next page's key: a Date keeps milliseconds only,
      // and a key rounded down would skip the entries that share the last one's millisecond.
      atKey: sql<string>`${journalEntries.at}::text`,
    })
    .from(journalEntries)
    .leftJoin(schools, eq(schools.id, journalEntries.actorSchoolId))
    .leftJoin(foundations, eq(foundations.id, journalEntries.actorFoundationId));
type EntryRow = Awaited<ReturnType<typeof entries>>[number];
type EntryKey = { at: string; id: number };

const labelOf = (labels: Readonly<Record<string, string>>, value: string) =>
  Object.hasOwn(labels, value) ? labels[value] : undefined;

const actorRoleText = (role: string | null) =>
  role === null ? null : role === 'admin' ? roleLabels.admin : (labelOf(memberRoleLabels, role) ?? role);

/** 2026-11-26 as 26.11.2026, as the file's other days read. */
const russianDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The words of the fields that hold one of the app's codes, beyond a role and a status. */
const fieldWords: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  applicationStatus: applicationStatusLabels,
  moderationStatus: moderationStatusLabels,
  activityType: activityTypeLabels,
  directions: directionLabels,
  schoolType: schoolTypeLabels,
};

/** One value of an entry's before or after as a person reads it: Russian words for the app's codes. */
function valueText(kind: string, field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => valueText(kind, field, item)).join(', ');
  if (typeof value !== 'string') return JSON.stringify(value);
  const words =
    field === 'role'
      ? { ...memberRoleLabels, admin: roleLabels.admin }
      : field === 'status'
        ? // An event's status and an application's share the field's name, not their words.
          kind.startsWith('event.')
          ? eventStatusLabels
          : applicationStatusLabels
        : Object.hasOwn(fieldWords, field)
          ? fieldWords[field]
          : undefined;
  const word = words && labelOf(words, value);
  if (word) return word;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? russianDay(value) : value;
}

/**
 * «Роль: Координатор; Участник: teacher_444»: the fields of an entry's before or after, in the order jsonb
 * keeps them (the shorter name first), so that every reading of an entry gives the same text.
 */
export function changeText(kind: string, values: unknown): string | null {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) return null;
  const fields = Object.entries(values);
  if (fields.length === 0) return null;
  return fields
    .map(
      ([field, value]) => `${labelOf(journalFieldLabels, field) ?? field}: ${valueText(kind, field, value)}`,
    )
    .join('; ');
}

/**
 * The reader's journal with the list's filters, newest first, as the list orders it: by the moment, then
 * by the entry's number.
 */
export function journalExport(
  db: Db,
  calendar: Calendar,
  reader: JournalReader,
  query: JournalExportQuery,
): Omit<ExportSpec<EntryRow>, 'timeZone'> {
  const where = journalWhere(calendar, reader, query);
  return {
    title: exportTitles.journal,
    columns: [
      { header: h.journalAt, kind: 'moment', value: (row) => row.at, width: 17 },
      {
        header: h.journalKind,
        kind: 'text',
        // An unknown kind is written as it is stored rather than cutting the file short.
        value: (row) => labelOf(journalKindLabels, row.kind) ?? row.kind,
        width: 36,
      },
      {
        header: h.journalActor,
        kind: 'text',
        value: (row) => (isOwnSide(row, reader) ? row.actorName : null),
        width: 20,
      },
      { header: h.role, kind: 'text', value: (row) => actorRoleText(row.actorRole), width: 14 },
      {
        header: h.organisation,
        kind: 'text',
        value: (row) => (row.actorRole === 'admin' ? null : row.actorOrganisationName),
        width: 30,
      },
      { header: h.event, kind: 'text', value: (row) => row.eventTitle, width: 40 },
      { header: h.journalApplication, kind: 'number', value: (row) => row.applicationId },
      { header: h.journalBefore, kind: 'text', value: (row) => changeText(row.kind, row.before), width: 40 },
      { header: h.journalAfter, kind: 'text', value: (row) => changeText(row.kind, row.after), width: 40 },
    ],
    rows: pagedRows(
      (after: EntryKey | undefined, limit) =>
        entries(db)
          .where(
            and(
              where,
              after === undefined
                ? undefined
                : sql`(${journalEntries.at}, ${journalEntries.id}) < (${after.at}::timestamptz, ${after.id}::bigint)`,
            ),
          )
          .orderBy(desc(journalEntries.at), desc(journalEntries.id))
          .limit(limit),
      (row): EntryKey => ({ at: row.atKey, id: row.id }),
    ),
  };
}
