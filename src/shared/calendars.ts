import { z } from 'zod';
import { shareCardTexts } from './share-cards';

/**
 * Calendars (issue 26): an .ics file of any event a visitor may see, and a private feed per school (the
 * events of its approved applications) and per foundation (its own events) that calendar apps subscribe
 * to by its secret address.
 */

/** 32 random bytes in base64url: the secret in a feed's address. */
export const calendarTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const calendarMessages = {
  malformedToken: 'Некорректная ссылка на календарь',
  feedNotFound: 'Календарь не найден: ссылка неверна или её заменили новой',
} as const;

/** What the files say, in the words a calendar app shows. */
export const calendarTexts = {
  /** X-WR-CALNAME of a feed: the name the subscribed calendar gets. */
  feedName: (owner: string) => `${owner} — ${shareCardTexts.siteName}`,
  /** When the organisation has not filled in its name yet. */
  unnamedOwner: 'Мои мероприятия',
  feedFileName: `${shareCardTexts.siteName}.ics`,
  eventFileName: (title: string) => `${title}.ics`,
  contact: 'Контакт',
  moreAt: 'Подробнее',
} as const;

export const calendarTokenParam = z
  .string({ error: calendarMessages.malformedToken })
  .regex(calendarTokenPattern, calendarMessages.malformedToken);

/** The caller's private feed address; null until it creates one. */
export const calendarFeedSchema = z
  .object({ url: z.string().nullable().describe('Адрес ленты для подписки в календаре, или null') })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;
export const eventCalendarPath = (eventId: number) => `/api/events/${eventId}/calendar.ics`;
export const eventPagePath = (eventId: number) => `/events/${eventId}`;
