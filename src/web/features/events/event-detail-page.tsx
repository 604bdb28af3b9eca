import { clsx } from 'clsx';
import { CalendarDays, CalendarPlus, Clock, Hourglass, MapPin, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { eventCalendarPath } from '../../../shared/calendars';
import { formatDateRu } from '../../../shared/dates';
import type { EventDetail } from '../../../shared/events';
import { BackLink } from '../../components/back-link';
import { type Contact, ContactList } from '../../components/contact-list';
import { ItemPage } from '../../components/item-page';
import { shareImage, summary, usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useEvent } from './api/event';
import { ApplicationCard } from './application-card';
import { EventCover } from './event-cover';
import { eventTexts } from './texts';

/** The id comes from /events/{id}, /event-detail/{id} or /event-detail?id=. */
function useEventId(): number | undefined {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const raw = params.id ?? searchParams.get('id') ?? '';
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/** Something another feature shows beside the event (src/web/pages), given the loaded event. */
type Aside = (event: EventDetail) => ReactNode;

/** The page for an address with no such event, with the way back to the list. */
const missingEvent = {
  title: eventTexts.notFound,
  text: eventTexts.notFoundHint,
  to: '/events',
  linkLabel: eventTexts.toAllEvents,
};

export function EventDetailPage({ aside }: { aside?: Aside }) {
  const id = useEventId();
  return (
    <ItemPage id={id} query={useEvent(id)} notFound={missingEvent} loadFailed={eventTexts.loadFailed}>
      {(event) => <EventView event={event} aside={aside} />}
    </ItemPage>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // A <dl> allows only <dt> and <dd> inside its groups, so the icon sits in the term.
  return (
    <div className="relative rounded-lg bg-muted/60 p-3 pl-11">
      <dt className="text-xs text-muted-foreground">
        <span className="absolute top-3.5 left-3">{icon}</span>
        {label}
      </dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function TextBlock({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <section className="space-y-2">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="whitespace-pre-line text-muted-foreground">{text}</p>
    </section>
  );
}

function EventView({ event, aside }: { event: EventDetail; aside: Aside | undefined }) {
  usePageHead({
    title: event.title,
    description: summary(event.description),
    share: {
      path: `/events/${event.id}`,
      image: shareImage(event.image, 'events', event.id),
      type: 'article',
    },
  });
  const contacts: Contact[] = [
    { kind: 'person', value: event.contactPersonName },
    { kind: 'phone', value: event.contactPersonPhone },
    { kind: 'email', value: event.contactPersonEmail },
    { kind: 'telegram', value: event.contactPersonTelegram },
    { kind: 'vk', value: event.contactPersonVk },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <BackLink to="/#events">{eventTexts.back}</BackLink>
      {/* A phone shows one column in which the application card comes right after the title, so that a
          school takes part from its first screen, not below the picture and six fact tiles (issue 51, item
          11): the columns' boxes give way to their parts there (display: contents), and `order` puts the
          picture, the title and the card first. The reading order stays the page's. */}
      <div className="mt-4 flex flex-col gap-6 lg:grid lg:grid-cols-[1fr_360px] lg:gap-8">
        <article className="contents lg:block lg:space-y-6">
          {/* A past event greys its picture only: faded text would no longer be readable. */}
          <EventCover
            event={event}
            size="page"
            corner={event.isPastEvent ? eventTexts.past : null}
            className={clsx('order-first overflow-hidden rounded-xl', event.isPastEvent && 'grayscale')}
          />
          <div className="order-first">
            <h1 className="text-2xl font-bold sm:text-3xl">{event.title}</h1>
            {event.isPastEvent ? (
              <p className="mt-2 font-medium text-muted-foreground">{eventTexts.finished}</p>
            ) : null}
          </div>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact icon={<CalendarDays className="size-5" aria-hidden />} label={eventTexts.date}>
              {formatDateRu(event.date)}
            </Fact>
            <Fact icon={<Clock className="size-5" aria-hidden />} label={eventTexts.time}>
              {event.startTime}–{event.endTime}
            </Fact>
            <Fact icon={<MapPin className="size-5" aria-hidden />} label={eventTexts.place}>
              {event.location}
            </Fact>
            <Fact icon={<Users className="size-5" aria-hidden />} label={eventTexts.totalPlaces}>
              {event.totalSlots === null ? eventTexts.unlimited : event.totalSlots}
            </Fact>
            <Fact icon={<ShieldCheck className="size-5" aria-hidden />} label={eventTexts.age}>
              {event.ageRestriction ?? eventTexts.noAgeLimit}
            </Fact>
            <Fact icon={<Hourglass className="size-5" aria-hidden />} label={eventTexts.hours}>
              {event.hours}
            </Fact>
          </dl>
          {event.isPastEvent ? null : (
            // A plain link: the server sends the file as an attachment, and a phone's browser offers to
            // add the event to its calendar; it works before the page's script has loaded, too.
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button asChild variant="outline">
                <a href={eventCalendarPath(event.id)}>
                  <CalendarPlus aria-hidden />
                  {eventTexts.addToCalendar}
                </a>
              </Button>
              <p className="text-sm text-muted-foreground">{eventTexts.addToCalendarHint}</p>
            </div>
          )}
          <TextBlock title={eventTexts.description} text={event.description} />
          <TextBlock title={eventTexts.requirements} text={event.requirements} />
          <TextBlock title={eventTexts.skills} text={event.skills} />
        </article>
        <div className="contents lg:block lg:space-y-4">
          <div className="-order-1">
            <ApplicationCard event={event} />
          </div>
          {aside?.(event)}
          {contacts.some((contact) => contact.value) ? (
            <Card className="space-y-3">
              <h2 className="text-lg font-semibold">{eventTexts.contactsTitle}</h2>
              <ContactList contacts={contacts} />
            </Card>
          ) : null}
          <Card className="space-y-2">
            <h2 className="text-lg font-semibold">{eventTexts.organizerTitle}</h2>
            <p>{event.foundation.name}</p>
            <Link
              to={`/foundations/${event.foundationId}`}
              className="text-sm text-primary hover:underline dark:text-green-400"
            >
              {eventTexts.toFoundation}
            </Link>
          </Card>
          <Card className="space-y-2">
            <h2 className="text-lg font-semibold">{eventTexts.venueTitle}</h2>
            <p>{event.location}</p>
            {event.address ? <p className="text-sm text-muted-foreground">{event.address}</p> : null}
          </Card>
          <Card className="space-y-2">
            <h2 className="text-lg font-semibold">{eventTexts.additionalInfoTitle}</h2>
            <p className="whitespace-pre-line text-sm text-muted-foreground">
              {event.additionalInfo || eventTexts.noAdditionalInfo}
            </p>
          </Card>
        </div>
      </div>
    </div>
  );
}
