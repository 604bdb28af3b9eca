import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FoundationEventItem } from '../../shared/foundations';
import type { Db } from '../db/client';
import { keptStatement } from '../db/kept-statements';
import { events, foundations } from '../db/schema';
import { imageAddressOf } from '../images/address';
import { availability, participantsCount, remainingPlaces } from './places';
import { eventTimeColumns } from './time-columns';

/**
 * Column expressions of an event as lists and detail pages show it, computed by the database in the
 * same query: places left, availability, participants, the age label, whether the day has come and whether it has passed.
 * `today` is the day itself, or a placeholder for it in a statement built once.
 */
export function eventSummaryColumns(today: string | Placeholder<'today'>) {
  return {
    id: events.id,
    title: events.title,
    description: events.description,
    activityType: events.activityType,
    status: events.status,
    date: events.date,
    ...eventTimeColumns,
    location: events.location,
    address: events.address,
    hours: events.hours,
    totalSlots: events.totalSlots,
    remainingSlots: remainingPlaces,
    availability,
    participantsCount,
    ageRestriction: sql<string | null>`case when ${events.ageRestriction} is null then null
      else ${events.ageRestriction}::text || '+' end`,
    image: imageAddressOf(events.imageId),
    isPastEvent: sql<boolean>`(${events.date} < ${today}::date)`,
    dayHasCome: sql<boolean>`(${events.date} <= ${today}::date)`,
    foundationId: events.foundationId,
    foundation: { id: foundations.id, name: sql<string>`coalesce(${foundations.name}, '')` },
  };
}

/** Upcoming first by date ascending, then past by date descending (public-area.md section 4). */
export function eventOrder(today: string): SQL[] {
  return [
    sql`(${events.date} < ${today}::date) asc`,
    sql`case when ${events.date} >= ${today}::date then ${events.date} end asc`,
    sql`case when ${events.date} < ${today}::date then ${events.date} end desc`,
    sql`${events.startTime} asc`,
    sql`${events.id} asc`,
  ];
}

/**
 * Visitors see events of approved foundations only, and never cancelled ones
 * (docs/decisions/010-public-catalogue.md). Said of the event's own columns, so that a list finds its page on
 * its partial order index alone: the few hidden foundations (foundations_hidden_idx) are looked up once per
 * statement and hashed, where a join checked the foundation of every event a far page walks past (612
 * look-ups for page 51 of twelve). Literals, not parameters: a kept statement's generic plan can then prove
 * the partial indexes' `status <> 'canceled'`.
 */
export const publiclyVisible = sql`(${events.status} <> 'canceled' and ${events.foundationId} not in (
  select hidden.id from ${foundations} as hidden where hidden.moderation_status <> 'approved'
))`;

/**
 * The ids of one page of events, found on the order's index alone; joined to their foundations only for
 * a filter on them (`withFoundations`: the administrator's search by a foundation's name). A list whose
 * columns include a subquery per event reads its page by these ids afterwards: PostgreSQL computes the
 * select list for every row below the LIMIT, so a page far in would run the subquery for every event
 * the offset skips (issue 27: 2,400 times for page 400 of six).
 */
export async function eventPageIds(
  db: Db,
  {
    where,
    order,
    limit,
    offset,
    withFoundations = false,
  }: { where: SQL | undefined; order: SQL[]; limit: number; offset: number; withFoundations?: boolean },
): Promise<number[]> {
  const ofEvents = db.select({ id: events.id }).from(events);
  const rows = await keptStatement(
    'event_page_ids',
    (withFoundations ? ofEvents.innerJoin(foundations, eq(foundations.id, events.foundationId)) : ofEvents)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  return rows.map((row) => row.id);
}

/**
 * A foundation's events as its public page lists them, computed inside the statement that reads the
 * foundation (`foundationId` is its id there, qualified: Drizzle may leave a select list's columns
 * unqualified, and a bare "id" would be the event's): upcoming ones by day, then past ones, the latest first,
 * each half at most `limit`, on the foundation's (foundation_id, date) index. Two JSON arrays, which the
 * caller joins and cuts to `limit`. Only the columns the page shows: a summary's places and pupils (a
 * subquery per event) would cost more than the rows themselves. The caller has found the foundation
 * approved.
 */
export function foundationEventItems(
  foundationId: SQL,
  today: string | Placeholder<'today'>,
  limit: number,
): { upcoming: SQL<FoundationEventItem[]>; past: SQL<FoundationEventItem[]> } {
  const listed = alias(events, 'listed');
  // The half's order again in json_agg: a window numbering the rows would run over every event of the
  // half before the LIMIT.
  const half = (day: SQL, latestFirst: boolean) => {
    const direction = sql.raw(latestFirst ? 'desc' : 'asc');
    return sql<FoundationEventItem[]>`(
    select coalesce(json_agg(half.item order by half.day ${direction}, half.starts, half.id), '[]'::json)
      from (
        select json_build_object(
            'id', ${listed.id}, 'title', ${listed.title}, 'date', ${listed.date},
            'startTime', to_char(${listed.startTime}, 'HH24:MI'),
            'endTime', to_char(${listed.endTime}, 'HH24:MI'),
            'location', ${listed.location}, 'isPastEvent', ${listed.date} < ${today}::date
          ) as item, ${listed.date} as day, ${listed.startTime} as starts, ${listed.id} as id
          from ${events} as ${sql.identifier('listed')}
         where ${listed.foundationId} = ${foundationId} and ${listed.status} <> 'canceled' and ${day}
         order by ${listed.date} ${direction}, ${listed.startTime}, ${listed.id}
         limit ${sql.raw(String(limit))}
      ) as half)`;
  };
  return {
    upcoming: half(sql`${listed.date} >= ${today}::date`, false),
    past: half(sql`${listed.date} < ${today}::date`, true),
  };
}
