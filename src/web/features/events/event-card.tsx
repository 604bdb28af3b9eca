import { clsx } from 'clsx';
import { CalendarDays, Clock, MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateRu } from '../../../shared/dates';
import type { EventSummary } from '../../../shared/events';
import { buttonVariants } from '../../components/ui/button';
import { EventCover } from './event-cover';
import { applicationSectionId, isEventOver, participationLabel } from './event-status';
import { eventTexts } from './texts';

export function EventCard({ event }: { event: EventSummary }) {
  const participation = participationLabel(event);
  return (
    <article
      className={clsx(
        'flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm',
        // Grey, not faded: faded text would fall below the contrast WCAG asks of text.
        event.isPastEvent && 'grayscale',
      )}
    >
      <EventCover
        event={event}
        size="card"
        corner={event.isPastEvent ? eventTexts.past : event.ageRestriction}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="text-lg leading-snug font-semibold">
          <Link to={`/events/${event.id}`} className="hover:underline">
            {event.title}
          </Link>
        </h3>
        <p className="text-sm text-muted-foreground">{event.foundation.name}</p>
        <ul className="space-y-1.5 text-sm">
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {formatDateRu(event.date)}
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {event.startTime}–{event.endTime}
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {event.location}
          </li>
          {isEventOver(event) ? null : (
            <li className="flex items-center gap-2">
              <Users aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              {event.remainingSlots === null
                ? eventTexts.unlimited
                : eventTexts.placesLeft(event.remainingSlots)}
            </li>
          )}
        </ul>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          {participation.open ? (
            // The way in to taking part: the event page's application card, scrolled to and focused.
            <Link
              to={`/events/${event.id}#${applicationSectionId}`}
              className={buttonVariants({ size: 'sm' })}
              aria-label={`${eventTexts.register}: ${event.title}`}
            >
              {eventTexts.register}
            </Link>
          ) : (
            <span className="text-sm font-medium text-muted-foreground">{participation.text}</span>
          )}
          <Link
            to={`/events/${event.id}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            aria-label={`${eventTexts.details}: ${event.title}`}
          >
            {eventTexts.details}
          </Link>
        </div>
      </div>
    </article>
  );
}

export function EventCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-xl border border-border bg-card">
      <div className="aspect-[16/9] animate-pulse bg-muted" />
      <div className="space-y-3 p-4">
        <div className="h-5 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}
