import { sql } from 'drizzle-orm';
import { events, foundations } from '../db/schema';
import { eventTimeColumns } from './time-columns';

/**
 * An event as a letter or a notification names it, for a query joining `foundations`: its day and times,
 * where, and whom to call there: the event's contact person and phone, else the foundation's own.
 */
export const eventLetterColumns = {
  id: events.id,
  title: events.title,
  date: events.date,
  ...eventTimeColumns,
  location: events.location,
  address: events.address,
  foundationName: foundations.name,
  contactName: sql<string | null>`coalesce(${events.contactPersonName}, ${foundations.contactPerson})`,
  contactPhone: sql<string | null>`coalesce(${events.contactPersonPhone}, ${foundations.phone})`,
};

export interface LetterEvent {
  id: number;
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  address: string | null;
  foundationName: string | null;
  contactName: string | null;
  contactPhone: string | null;
}

/** «Парк Горького, Москва, Крымский Вал, 9»: the place, with its address when that says more. */
export const placeOf = (event: LetterEvent) =>
  event.address && event.address !== event.location ? `${event.location}, ${event.address}` : event.location;

/** «Ольга Смирнова, +7 (495) 123-45-67», or empty text when the event and the foundation name nobody. */
export const contactOf = (event: LetterEvent) =>
  [event.contactName, event.contactPhone].filter(Boolean).join(', ');
