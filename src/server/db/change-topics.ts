/**
 * One vocabulary for what a cached public answer depends on and what a write may have changed, so that a
 * write drops only the answers it can change. A cached answer carries tags; a write names tags; an
 * answer is dropped when they share one. A write that cannot say what it changed drops everything, and
 * an answer that cannot say what it depends on is dropped by every write that changes anything public.
 *
 * Topics are whole kinds of content ("something about events changed"); `eventLists` is which events a
 * list holds and in what order (an event created, deleted, cancelled, completed, edited: a new title
 * may match another search); `event(id)` is one event's own figures (places taken, participants).
 */
export const changeTopics = {
  events: 'events',
  eventLists: 'event-lists',
  event: (id: number) => `event:${id}`,
  foundations: 'foundations',
  news: 'news',
  impact: 'impact',
  volunteerRequests: 'volunteer-requests',
  /**
   * Which applications exist and in what state: what the administrator's counts of them show. Not a
   * public answer's tag, but the same writes announce it, so the kept counts go with them.
   */
  applications: 'applications',
  /** Carried by answers whose dependencies are not declared: every write naming any tag drops them. */
  undeclared: 'undeclared',
} as const;

/**
 * What a change names: undefined when it cannot say (everything goes), an empty list when it changed
 * nothing a visitor reads (a notification marked read, a password changed).
 */
export type ChangedTags = readonly string[] | undefined;

const eventIds = (ids: readonly number[]) => ids.map(changeTopics.event);

/**
 * What a change to a table, heard from another process through the triggers of migrations 0003 and 0009,
 * may have changed. `ids` are the rows' subject where the trigger sends them (the events of changed
 * applications, changed events), empty when it does not or there were too many. A table missing here
 * drops everything: a new table whose rows a visitor reads is safe before anyone lists it.
 */
export function tagsOfTableChange(table: string, ids: readonly number[]): ChangedTags {
  switch (table) {
    case 'registrations':
      // Applications change their events' places and participants, nothing else a visitor reads, and
      // the administrator's counts of applications.
      return ids.length > 0
        ? [...eventIds(ids), changeTopics.applications]
        : [changeTopics.events, changeTopics.applications];
    case 'events':
      return ids.length > 0 ? [changeTopics.eventLists, ...eventIds(ids)] : [changeTopics.events];
    case 'events.reserved_slots':
      // Only the places an application holds moved: the events' figures, not which lists hold them.
      return ids.length > 0 ? eventIds(ids) : [changeTopics.events];
    case 'hour_credits':
      return [changeTopics.impact];
    case 'news':
      return [changeTopics.news];
    case 'volunteer_requests':
    case 'school_responses':
      return [changeTopics.volunteerRequests];
    case 'sessions':
    case 'organisation_members':
      // Sessions are the session cache's business (the notice's kind); no public answer shows them.
      return [];
    default:
      return undefined;
  }
}

/** Drops the answers a change names, for a cache that keeps answers under tags. */
export function changeMatches(changed: ReadonlySet<string> | undefined, tags: readonly string[]): boolean {
  if (!changed) return true;
  if (changed.size === 0) return false;
  return tags.some((tag) => tag === changeTopics.undeclared || changed.has(tag));
}

/**
 * Where a service keeps a figure that many answers share (the public cache, http/public-cache.ts), under
 * the tags of what it counts, so that the writes that may change it drop it.
 */
export interface SharedFigures {
  figure<T>(key: string, tags: readonly string[], compute: () => Promise<T>): Promise<T>;
}

/**
 * A list's count, kept under `tags` where the caller has somewhere to keep it (a route passes its app's
 * public cache) and counted each time where not (a service called from a script or a test).
 */
export const keptFigure = <T>(
  figures: SharedFigures | undefined,
  key: string,
  tags: readonly string[],
  compute: () => Promise<T>,
): Promise<T> => (figures ? figures.figure(key, tags, compute) : compute());
