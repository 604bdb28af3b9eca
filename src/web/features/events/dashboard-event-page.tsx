import { ExternalLink, Pencil, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { activityTypeLabels, eventStatusLabels } from '../../../shared/catalog';
import { formatDateRu } from '../../../shared/dates';
import type { EventDetail } from '../../../shared/events';
import { profileQuery, useProfile } from '../../api/profile';
import { BackLink } from '../../components/back-link';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import type { PageLoad } from '../../lib/page-load';
import { eventQuery, useEvent } from './api/event';
import { manageTexts as t } from './manage-texts';
import { OwnEventNotFound } from './own-event-not-found';

/** The facts the dashboard view lists, in order: [label, value]. */
export function eventFacts(event: EventDetail): [string, string][] {
  return [
    [t.facts.date, formatDateRu(event.date)],
    [t.facts.time, `${event.startTime}–${event.endTime}`],
    [t.facts.place, event.location],
    [t.facts.places, t.places(event.remainingSlots, event.totalSlots)],
    [t.facts.age, event.ageRestriction ?? t.noAgeLimit],
    [t.facts.hours, String(event.hours)],
    [t.facts.status, eventStatusLabels[event.status]],
    [t.facts.participants, String(event.participantsCount)],
  ];
}

const eventIdOf = (raw = '') => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

/** /dashboard/event/{id}: the foundation's own view of an event, with its number and an edit link. */
export function DashboardEventPage() {
  const params = useParams();
  const id = eventIdOf(params.id);
  const { data: profile, isPending: profilePending } = useProfile();
  const { data: event, isPending, isError } = useEvent(id);
  usePageHead({ title: event?.title ?? (isPending && id !== undefined ? t.loading : t.notFound) });

  if (profilePending || (id !== undefined && isPending)) return <Spinner className="min-h-screen" />;
  // Only the owning foundation manages an event here; everyone else gets the same answer as for a missing one.
  const owned = event && profile?.organisationId === event.foundationId;
  if (id === undefined || isError || !event || !owned) {
    return <OwnEventNotFound />;
  }

  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      <BackLink to="/dashboard">{t.back}</BackLink>
      <Card padding="responsive" className="space-y-4">
        <div className="space-y-1">
          <p className="text-sm text-muted-foreground">{t.eventNumber(event.id)}</p>
          <h1 className="text-2xl font-bold wrap-anywhere">{event.title}</h1>
          <p className="text-sm text-muted-foreground">{activityTypeLabels[event.activityType]}</p>
        </div>
        {event.image ? (
          <img
            src={event.image}
            alt=""
            className="max-h-64 w-full rounded-lg border border-border object-cover"
          />
        ) : null}
        <dl className="grid gap-3 sm:grid-cols-2">
          {eventFacts(event).map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-medium wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="whitespace-pre-line wrap-anywhere">{event.description}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {event.status !== 'completed' ? (
            <Button asChild>
              <Link to={`/dashboard/edit-event/${event.id}`}>
                <Pencil aria-hidden />
                {t.edit}
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={`/foundation/event/${event.id}`}>
              <Users aria-hidden />
              {t.applications}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/events/${event.id}`}>
              <ExternalLink aria-hidden />
              {t.publicPage}
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

export const loadDashboardEventPage: PageLoad = async ({ params, queryClient }) => {
  const id = eventIdOf(params.id);
  await Promise.all([
    queryClient.ensureQueryData(profileQuery),
    id === undefined ? undefined : queryClient.ensureQueryData(eventQuery(id)),
  ]);
};
