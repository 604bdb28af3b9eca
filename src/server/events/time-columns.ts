import { sql } from 'drizzle-orm';
import { events } from '../db/schema';

/** An event's start and end as every page, letter and paper writes them: 'HH:MM'. */
export const eventTimeColumns = {
  startTime: sql<string>`to_char(${events.startTime}, 'HH24:MI')`,
  endTime: sql<string>`to_char(${events.endTime}, 'HH24:MI')`,
};
