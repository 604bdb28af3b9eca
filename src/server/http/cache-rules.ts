import type { FastifyRequest } from 'fastify';
import { type ChangedTags, changeTopics as topic } from '../db/change-topics';

/**
 * What each cached public route shows and what each write may change, in the tags of
 * src/server/db/change-topics.ts, so that a write drops only the cached answers it can change. Routes
 * name these in their `config`: `publicCache.dependsOn` for reads, `publicChanges` for writes. A write
 * that is not sure what it changed names a whole topic, or nothing at all and drops everything.
 */

/** The `:id` of the address, once validated; undefined when the route has none. */
function idOf(request: FastifyRequest): number | undefined {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
}

const idsOf = (answer: unknown): number[] =>
  Array.isArray(answer)
    ? answer.flatMap((item: { id?: unknown }) => (typeof item?.id === 'number' ? [item.id] : []))
    : [];

/** What a cached answer shows, for `config.publicCache.dependsOn`. */
export const cachedAnswerShows = {
  /** A page of the event list: which events it holds, and each one's places and participants. */
  eventList: (answer: unknown) => [topic.events, topic.eventLists, ...idsOf(answer).map(topic.event)],
  eventDetail: (_answer: unknown, request: FastifyRequest) => {
    const id = idOf(request);
    return id === undefined ? [topic.undeclared] : [topic.events, topic.event(id)];
  },
  /**
   * Foundations show how many events they have and their events' titles and dates, never places: an
   * application leaves them, a new or edited event does not.
   */
  foundations: () => [topic.foundations, topic.events, topic.eventLists],
  news: () => [topic.news],
  /** Completed events and credited hours. */
  impact: () => [topic.impact, topic.events, topic.eventLists],
} as const;

/** What a write may change, for `config.publicChanges`; undefined drops everything. */
export const writeChanges = {
  /** Private to the writer (notifications read, settings, a password, a calendar link, letters). */
  nothingPublic: (): ChangedTags => [],
  /**
   * An application to the event of the address (or its withdrawal) moves that event's places only, and
   * the count of applications.
   */
  applicationToEvent: (request: FastifyRequest): ChangedTags => {
    const id = idOf(request);
    return id === undefined ? [topic.events, topic.applications] : [topic.event(id), topic.applications];
  },
  /**
   * An application named by its own id: its event is not known without a query, so every event answer
   * goes; an approval or a completion may credit hours.
   */
  application: (): ChangedTags => [topic.events, topic.impact, topic.applications],
  /** A new event joins lists and its foundation's count. */
  newEvent: (): ChangedTags => [topic.eventLists],
  /**
   * An edited, cancelled, completed or deleted event: its own answers, every list (a new title may match
   * another search, a new date another page), for a completion the hours credited, and the applications
   * a cancellation, completion or deletion moves on or removes.
   */
  event: (request: FastifyRequest): ChangedTags => {
    const id = idOf(request);
    return id === undefined
      ? [topic.events, topic.impact, topic.applications]
      : [topic.eventLists, topic.event(id), topic.impact, topic.applications];
  },
  news: (): ChangedTags => [topic.news],
  volunteerRequests: (): ChangedTags => [topic.volunteerRequests],
  /** A foundation's report: a visitor may read it where the foundation is shown. */
  foundationReports: (): ChangedTags => [topic.foundations],
  /** Credited hours taken back or added. */
  hours: (): ChangedTags => [topic.impact],
} as const;
