import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  ageRangeValue,
  type EventDetail,
  type EventListQuery,
  type EventSummary,
  eventQueryMessages,
  isDatePreset,
} from '../../shared/events';
import type { Calendar } from '../calendar';
import { changeTopics, keptFigure, type SharedFigures } from '../db/change-topics';
import { type Db, rowsOf } from '../db/client';
import { isAnyOfGivenIds, preparedPerDatabase } from '../db/kept-statements';
import { events, foundations } from '../db/schema';
import { typedTextQuery } from '../db/text-search';
import { badRequest, notFound } from '../http/errors';
import { eventOrder, eventPageIds, eventSummaryColumns, publiclyVisible } from './queries';

/** Default page for callers that do not ask for one; never the whole table. */
const defaultLimit = 100;

/** Escapes the wildcards of LIKE so a search for '50%' finds '50%'. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function listConditions(query: EventListQuery, calendar: Calendar, textQuery: SQL | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (query.date) {
    const range = isDatePreset(query.date)
      ? calendar.range(query.date)
      : { from: query.date, to: query.date };
    conditions.push(gte(events.date, range.from), lte(events.date, range.to));
  }
  if (query.dateFrom) conditions.push(gte(events.date, query.dateFrom));
  if (query.dateTo) conditions.push(lte(events.date, query.dateTo));
  if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
    throw badRequest('Дата начала периода позже даты его окончания');
  }
  if (query.ageRange) {
    // An event passes when its minimum age is at most the chosen age; no limit always passes.
    const age = ageRangeValue[query.ageRange];
    const passes = or(isNull(events.ageRestriction), lte(events.ageRestriction, age));
    if (passes) conditions.push(passes);
  }
  if (query.activityType && query.activityType.length > 0) {
    conditions.push(inArray(events.activityType, query.activityType));
  }
  if (query.foundationId) conditions.push(eq(events.foundationId, query.foundationId));
  if (query.upcoming === 'true') {
    conditions.push(gte(events.date, calendar.today()), ne(events.status, 'completed'));
  }
  if (query.city) conditions.push(eq(events.city, query.city));
  if (query.search) {
    // A search of punctuation alone has no word to look for, and finds nothing.
    conditions.push(textQuery ? sql`${events.searchDocument} @@ ${textQuery}` : sql`false`);
  }
  return conditions;
}

/**
 * A page of the public list: upcoming events by day ascending, then past ones by day descending
 * (eventOrder). Each half is read in its own index order (events_upcoming_order_idx,
 * events_past_order_idx), so a page reads its own rows, not the whole catalogue sorted; the page of
 * upcoming events and the count go together, and the past half is read only when the page reaches it.
 */
export async function listPublicEvents(
  db: Db,
  calendar: Calendar,
  query: EventListQuery,
  figures?: SharedFigures,
): Promise<{ events: EventSummary[]; totalCount: number }> {
  const today = calendar.today();
  const textQuery = query.search ? typedTextQuery(query.search) : undefined;
  const where = and(publiclyVisible, ...listConditions(query, calendar, textQuery));
  const limit = query.limit ?? defaultLimit;
  if (textQuery) return searchPublicEvents(db, today, where, textQuery, { page: query.page ?? 1, limit });

  const offset = ((query.page ?? 1) - 1) * limit;
  // The page's ids first, then only those events whole (eventPageIds): a summary counts each event's
  // pupils (pages 2 to 401 took 155 ms on average at 50,000 events on PGlite, now 25).
  const page = async (condition: SQL | undefined, order: SQL[], take: number, skip: number) =>
    eventsByIds(db, today, await eventPageIds(db, { where: condition, order, limit: take, offset: skip }));

  const countMatches = async () => {
    const [counts] = await db
      .select({
        total: count(),
        upcoming: sql<number>`(count(*) filter (where ${events.date} >= ${today}::date))::int`,
      })
      .from(events)
      .where(where);
    return { total: counts?.total ?? 0, upcoming: counts?.upcoming ?? 0 };
  };
  // Counting every visible event costs far more than reading a page (some 80 ms at 50,000 events on
  // PGlite), and every page of one filter shows the same count: it is counted once per filter and kept
  // until an event is added, changed or hidden (an application changes no count). The filters alone make
  // the key; the day is in it through the cache, which empties when the day changes.
  const { page: _page, limit: _limit, ...filters } = query;
  const [upcoming, { total: totalCount, upcoming: upcomingCount }] = await Promise.all([
    page(
      and(where, gte(events.date, today)),
      [asc(events.date), asc(events.startTime), asc(events.id)],
      limit,
      offset,
    ),
    keptFigure(
      figures,
      `events-count:${JSON.stringify(filters)}`,
      [changeTopics.events, changeTopics.eventLists, changeTopics.foundations],
      countMatches,
    ),
  ]);
  if (upcoming.length === limit || offset + upcoming.length >= totalCount) {
    return { events: upcoming, totalCount };
  }
  const past = await page(
    and(where, lt(events.date, today)),
    [desc(events.date), asc(events.startTime), asc(events.id)],
    limit - upcoming.length,
    Math.max(0, offset - upcomingCount),
  );
  return { events: [...upcoming, ...past], totalCount };
}

/**
 * The events of `ids` whole, in the order of `ids`: a page found by its ids alone, as eventPageIds finds
 * it, then read for just those events, since a summary counts each event's pupils. An event hidden
 * between the two statements is not shown.
 */
async function eventsByIds(db: Db, today: string, ids: number[]): Promise<EventSummary[]> {
  if (ids.length === 0) return [];
  const rows = await publicEventsByIdsOf(db).execute({ ids, today });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A search's page, the best matches first: a match in the title before one in the place, address or
 * foundation's name, before one in the description; equal ranks keep the list's order. Ranking reads
 * every match anyway, so the same query counts them (count(*) over ()) instead of a second search. The
 * page's ids are ranked first and read whole afterwards: with the whole summary in the ranked statement,
 * the window that counts held every match whole, joined to its foundation, and spilled to a temporary
 * file («парк», 5,335 matches at 50,000 events on PGlite: 38.8 ms, 20.8 for the ids alone).
 */
async function searchPublicEvents(
  db: Db,
  today: string,
  where: SQL | undefined,
  textQuery: SQL,
  { page, limit }: { page: number; limit: number },
): Promise<{ events: EventSummary[]; totalCount: number }> {
  const ranked = await db
    .select({ id: events.id, matches: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(events)
    .where(where)
    .orderBy(desc(sql`ts_rank(${events.searchDocument}, ${textQuery})`), ...eventOrder(today))
    .limit(limit)
    .offset((page - 1) * limit);
  const first = ranked[0];
  if (first) {
    const shown = await eventsByIds(
      db,
      today,
      ranked.map((row) => row.id),
    );
    return { events: shown, totalCount: first.matches };
  }
  // A page past the last has no row to carry the count.
  const [total] = await db.select({ n: count() }).from(events).where(where);
  return { events: [], totalCount: total?.n ?? 0 };
}

/**
 * The cities and regions of the events visitors can see, in alphabetical order, for the city filter.
 * The index on events (city, date) is walked from one city to the next (a loose index scan), so the cost
 * grows with the number of cities and not of events.
 */
export async function listEventCities(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ city: string }>(
    db,
    sql`with recursive cities (city) as (
          select min(city) from ${events}
          union all
          select (select min(later.city) from ${events} as later where later.city > cities.city)
            from cities where cities.city is not null
        )
        select cities.city from cities
          cross join lateral (
            -- LIMIT keeps this a probe of the index per city; as EXISTS it became a scan of every event.
            select 1 from ${events} where ${events.city} = cities.city and ${publiclyVisible}
             limit 1
          ) as visible_event
         where cities.city is not null`,
  );
  return rows.map((row) => row.city).sort((a, b) => a.localeCompare(b, 'ru'));
}

/** The day in a statement built once: its summaries' figures are computed for the day of each run. */
const todayPlaceholder = sql.placeholder('today');

const eventDetailColumns = {
  ...eventSummaryColumns(todayPlaceholder),
  requirements: events.requirements,
  skills: events.skills,
  additionalInfo: events.additionalInfo,
  minParticipants: events.minParticipants,
  contactPersonName: events.contactPersonName,
  contactPersonPhone: events.contactPersonPhone,
  contactPersonEmail: events.contactPersonEmail,
  contactPersonTelegram: events.contactPersonTelegram,
  contactPersonVk: events.contactPersonVk,
};

// An event and a page's events are read by statements built once per database, their values given at
// each run: built per request, Drizzle's building of these was a fifth of the server thread's work on
// uncached events at 50,000 (issue 27). An event's owning foundation also sees it while it is hidden;
// for anyone else its id is given as null, and only the public visibility holds.
const eventOf = preparedPerDatabase((db) =>
  db
    .select(eventDetailColumns)
    .from(events)
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(
      and(
        eq(events.id, sql.placeholder('id')),
        or(publiclyVisible, eq(events.foundationId, sql.placeholder('viewerFoundationId'))),
      ),
    )
    .prepare('event'),
);

const publicEventsByIdsOf = preparedPerDatabase((db) =>
  db
    .select(eventSummaryColumns(todayPlaceholder))
    .from(events)
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(and(isAnyOfGivenIds(events.id), publiclyVisible))
    .prepare('public_events_by_ids'),
);

/**
 * One event as the public sees it; its own foundation (viewerFoundationId) also sees it while it is
 * hidden from the public, e.g. before moderation or after cancellation.
 */
export async function getEventForViewer(
  db: Db,
  calendar: Calendar,
  id: number,
  viewerFoundationId?: number,
): Promise<EventDetail> {
  const [row] = await eventOf(db).execute({
    id,
    today: calendar.today(),
    viewerFoundationId: viewerFoundationId ?? null,
  });
  if (!row) throw notFound(eventQueryMessages.eventNotFound);
  return row;
}
