import { events, foundations } from '../db/schema';

/**
 * What a letter tells of an event (notifications/letters.ts EventFacts), selected from `events` joined
 * with its foundation, so that each trigger reads it in the query it already makes.
 */
export const eventFactsColumns = {
  id: events.id,
  title: events.title,
  date: events.date,
  startTime: events.startTime,
  endTime: events.endTime,
  location: events.location,
  address: events.address,
  foundationName: foundations.name,
};
