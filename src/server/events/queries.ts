import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { events, foundations, registrations } from '../db/schema';

/**
 * Column expressions of an event as lists and detail pages show it, computed by the database in the
 * same query: places left, availability, participants, the age label, whether the day has passed.
 */
export function eventSummaryColumns(today: string) {
  const remaining = sql`(${events.totalSlots} - ${events.reservedSlots})`;
  return {
    id: events.id,
    title: events.title,
    description: events.description,
    activityType: events.activityType,
    status: events.status,
    date: events.date,
    startTime: sql<string>`to_char(${events.startTime}, 'HH24:MI')`,
    endTime: sql<string>`to_char(${events.endTime}, 'HH24:MI')`,
    location: events.location,
    address: events.address,
    hours: events.hours,
    totalSlots: events.totalSlots,
    remainingSlots: sql<
      number | null
    >`case when ${events.totalSlots} is null then null else ${remaining} end`,
    availability: sql<'available' | 'limited' | 'full'>`case
      when ${events.totalSlots} is null then 'available'
      when ${remaining} <= 0 then 'full'
      when ${remaining} <= greatest(2, ceil(${events.totalSlots} * 0.2)) then 'limited'
      else 'available' end`,
    // NOTE: aliased, because Drizzle may leave select-list columns unqualified (see foundations/service.ts).
    participantsCount: sql<number>`coalesce((
      select sum(taking_part.participant_count) from ${registrations} as taking_part
      where taking_part.event_id = ${events}.id and taking_part.status in ('approved', 'completed')
    ), 0)::int`,
    ageRestriction: sql<string | null>`case when ${events.ageRestriction} is null then null
      else ${events.ageRestriction}::text || '+' end`,
    image: sql<string | null>`case when ${events.imageId} is null then null
      else '/api/images/' || ${events.imageId}::text end`,
    isPastEvent: sql<boolean>`(${events.date} < ${today}::date)`,
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

/** Visitors see events of approved foundations only, and never cancelled ones (decisions.md). */
export const publiclyVisible = and(
  eq(foundations.moderationStatus, 'approved'),
  ne(events.status, 'canceled'),
);
