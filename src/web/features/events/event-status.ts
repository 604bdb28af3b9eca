import type { EventSummary } from '../../../shared/events';
import { eventTexts } from './texts';

/**
 * Whether the event is over: its day has passed (isPastEvent, reckoned by the server in APP_TIMEZONE) or
 * its foundation has completed it. Places left mean nothing then.
 */
export function isEventOver(event: Pick<EventSummary, 'isPastEvent' | 'status'>): boolean {
  return event.isPastEvent || event.status === 'completed';
}

/** What the card and the page say about taking part, by time and places (public-area.md section 4). */
export function participationLabel(
  event: Pick<EventSummary, 'isPastEvent' | 'status' | 'availability' | 'remainingSlots'>,
): {
  text: string;
  open: boolean;
} {
  if (isEventOver(event)) return { text: eventTexts.finished, open: false };
  if (event.availability === 'full') return { text: eventTexts.noPlaces, open: false };
  if (event.availability === 'limited') {
    return { text: `${eventTexts.fewPlaces}: ${event.remainingSlots ?? 0}`, open: true };
  }
  return { text: eventTexts.register, open: true };
}

/** The id of the event page's application card: /events/{id}#application opens the page at it. */
export const applicationSectionId = 'application';
