import type { JournalKind } from '../../shared/journal';
import type { JournalActor, JournalEntry } from '../journal/service';

/**
 * The journal's entries of events and their applications (issue 53, item 4; docs/decisions/091), built in
 * one place so that every writer files them alike: whose journal shows an entry follows from what it is
 * about, never from who wrote it.
 */

/** The event an entry names: its title is copied, since the entry outlives the event. */
export interface JournalEvent {
  id: number;
  title: string;
  foundationId: number;
}

/** An application an entry is about. */
export interface JournalApplication {
  id: number;
  schoolId: number;
}

type Values = Record<string, unknown> | null;

/**
 * An entry about one application: the school that applied and the foundation of the event both read it,
 * each seeing its own person by name and the other side's by organisation and role.
 */
export function applicationEntry(
  kind: JournalKind,
  actor: JournalActor | null,
  event: JournalEvent,
  application: JournalApplication,
  before: Values,
  after: Values,
): JournalEntry {
  return {
    kind,
    actor,
    schoolId: application.schoolId,
    foundationId: event.foundationId,
    eventId: event.id,
    applicationId: application.id,
    eventTitle: event.title,
    before,
    after,
  };
}

/**
 * An event's own change (changed, cancelled, deleted): one entry in its foundation's journal, and one in
 * the journal of each school whose application it touched, so that a school sees who moved or called off
 * what it applied for, once, and the foundation sees its change once rather than once per school.
 * A touched application's own `before` (what it was, when that matters: a deletion) is added to the
 * event's in that school's entry. The school's entry names no foundation, so the foundation's journal
 * holds the change once.
 */
export function eventEntries(
  kind: JournalKind,
  actor: JournalActor | null,
  event: JournalEvent,
  touched: readonly (JournalApplication & { before?: Values })[],
  before: Values,
  after: Values,
): JournalEntry[] {
  const common = { kind, actor, eventId: event.id, eventTitle: event.title };
  return [
    { ...common, foundationId: event.foundationId, before, after },
    ...touched.map((application) => ({
      ...common,
      schoolId: application.schoolId,
      applicationId: application.id,
      before: application.before === undefined ? before : { ...before, ...application.before },
      after,
    })),
  ];
}

/** When and where an event takes place: what a class plans its trip by. */
export interface EventPlace {
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  address: string | null;
}

/** 'HH:MM', however the time was read ('10:00' from a form, '10:00:00' from the database). */
const hhmm = (time: string) => time.slice(0, 5);

/**
 * The fields of the day, time and place that differ, with what they were and what they are; null when
 * none does, and then nothing of the journal's concern changed (a description, contacts, places).
 */
export function placeChanges(
  before: EventPlace,
  after: EventPlace,
): { before: Record<string, string | null>; after: Record<string, string | null> } | null {
  const was: Record<string, string | null> = {};
  const now: Record<string, string | null> = {};
  const compare = (field: string, from: string | null, to: string | null) => {
    if (from === to) return;
    was[field] = from;
    now[field] = to;
  };
  compare('date', before.date, after.date);
  compare('startTime', hhmm(before.startTime), hhmm(after.startTime));
  compare('endTime', hhmm(before.endTime), hhmm(after.endTime));
  compare('location', before.location, after.location);
  // The form copies the place into an empty address: a new place with its address copied from it is one
  // change, the place's, as the schools' letters say it (notifications/letters.ts describeChanges).
  const addressAfter = after.address ?? after.location;
  if (addressAfter !== after.location) compare('address', before.address ?? before.location, addressAfter);
  return Object.keys(was).length === 0 ? null : { before: was, after: now };
}

/**
 * The journal's entries of a deleted event, by its foundation or the administrator: what the event was,
 * for its foundation, and what each school's application in play was, for that school.
 */
export function deletedEventEntries(
  actor: JournalActor | null,
  event: JournalEvent & { status: string; date: string; location: string },
  affected: readonly { id: number; schoolId: number; status: string; participantCount: number }[],
) {
  return eventEntries(
    'event.deleted',
    actor,
    event,
    affected.map((row) => ({
      ...row,
      before: { applicationStatus: row.status, participantCount: row.participantCount },
    })),
    { status: event.status, date: event.date, location: event.location },
    null,
  );
}
