import { Tabs } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { activityTypeLabels, unknownLabel } from '../../shared/catalog';
import { formatDateRu } from '../../shared/dates';
import type { EventSummary } from '../../shared/events';
import { maxPageSize } from '../../shared/pagination';
import { type SchoolApplication, schoolApplicationsPageSize } from '../../shared/registrations';
import { useProfile } from '../api/profile';
import { BackLink } from '../components/back-link';
import { EmptyNote } from '../components/empty-note';
import { LoadError } from '../components/load-error';
import { usePageHead } from '../components/page-head';
import { Pagination } from '../components/pagination';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { useEvent } from '../features/events/api/event';
import { useUpcomingEventPage } from '../features/events/api/upcoming-event-page';
import { RegistrationForm } from '../features/events/registration-form';
import { useMyApplications } from '../features/registrations/api/my-applications';
import { registrationTexts } from '../features/registrations/texts';

const texts = registrationTexts.applicationsPage;
const formTexts = registrationTexts.applicationForm;
const eventsPerPage = 10;
type TabId = 'my-applications' | 'available';

/** A term and its value in the grids of event facts. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function MyApplicationsList() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useMyApplications({
    page,
    limit: schoolApplicationsPageSize,
  });
  if (isPending) return <Spinner />;
  if (isError) return <LoadError text={registrationTexts.loadFailed} onRetry={() => void refetch()} />;
  if (data.totalCount === 0) {
    return <EmptyNote>{texts.mineEmpty}</EmptyNote>;
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {data.items.map((application) => (
          <li key={application.id} className="rounded-xl border border-border bg-card p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <Link to={`/events/${application.event.id}`} className="font-semibold hover:underline">
                {application.event.title}
              </Link>
              <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-medium">
                {registrationTexts.statusBadge[application.status]}
              </span>
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              {application.foundation.name} · {formatDateRu(application.event.date)} ·{' '}
              {registrationTexts.participants}: {application.participantCount}
            </p>
            {application.status === 'rejected' && application.rejectionReason ? (
              <p className="mt-2 text-sm">
                {registrationTexts.rejectionReason}: {application.rejectionReason}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={Math.ceil(data.totalCount / schoolApplicationsPageSize)}
        onPageChange={setPage}
      />
      <Button asChild variant="outline">
        <Link to="/school-applications">{texts.allApplications}</Link>
      </Button>
    </div>
  );
}

function AvailableEventCard({
  event,
  application,
  onApply,
}: {
  event: EventSummary;
  application: SchoolApplication | undefined;
  onApply: () => void;
}) {
  // A waitlisted school has applied too: a second application would be refused as a duplicate.
  const applied =
    application?.status === 'waitlisted' ||
    application?.status === 'pending' ||
    application?.status === 'approved';
  const full = event.availability === 'full';
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link to={`/events/${event.id}`} className="font-semibold hover:underline">
          {event.title}
        </Link>
        <p className="text-sm text-muted-foreground">
          {event.foundation.name} · {formatDateRu(event.date)}, {event.startTime}–{event.endTime}
        </p>
        <p className="text-sm text-muted-foreground">
          {formTexts.freePlaces}: {event.remainingSlots ?? formTexts.unlimited}
        </p>
      </div>
      {applied ? (
        <span className="shrink-0 rounded-full bg-muted px-3 py-1 text-sm font-medium">
          {texts.alreadyApplied}
        </span>
      ) : (
        <Button className="shrink-0" disabled={full} onClick={onApply}>
          {full ? texts.noPlaces : texts.apply}
        </Button>
      )}
    </li>
  );
}

function AvailableEvents({ onApply }: { onApply: (eventId: number) => void }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, refetch } = useUpcomingEventPage(page, eventsPerPage);
  // The school's applications to the events of this page only, whatever their number elsewhere.
  const eventIds = data?.events.map((event) => event.id) ?? [];
  const { data: applications } = useMyApplications(
    { eventIds, page: 1, limit: maxPageSize },
    eventIds.length > 0,
  );
  if (isPending) return <Spinner />;
  if (isError) return <LoadError text={texts.eventsLoadFailed} onRetry={() => void refetch()} />;
  if (data.totalCount === 0) {
    return <EmptyNote>{texts.availableEmpty}</EmptyNote>;
  }
  // The newest application decides, so a rejected school can apply again.
  const latestFor = (eventId: number) => applications?.items.find((item) => item.event.id === eventId);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{texts.shown(data.events.length, data.totalCount)}</p>
      <ul className="space-y-3">
        {data.events.map((event) => (
          <AvailableEventCard
            key={event.id}
            event={event}
            application={latestFor(event.id)}
            onApply={() => onApply(event.id)}
          />
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={Math.ceil(data.totalCount / eventsPerPage)}
        onPageChange={(next) =>
          setParams((current) => {
            current.set('page', String(next));
            return current;
          })
        }
      />
    </div>
  );
}

/** The application form of one event (working-areas.md section 2, Application form). */
function ApplicationForm({ eventId, onClose }: { eventId: number; onClose: (applied: boolean) => void }) {
  const { data: event, isPending, isError } = useEvent(eventId);
  const { data: profile } = useProfile();
  const backButton = (
    <Button variant="outline" onClick={() => onClose(false)}>
      {formTexts.backToEvents}
    </Button>
  );

  if (isPending || !profile) return <Spinner />;
  if (isError) {
    return (
      <Card className="space-y-3 text-center">
        <h2 className="text-xl font-semibold">{formTexts.notFound}</h2>
        {backButton}
      </Card>
    );
  }
  if (event.isPastEvent) {
    return (
      <Card className="space-y-3 text-center">
        <h2 className="text-xl font-semibold">{formTexts.pastTitle}</h2>
        <p className="text-muted-foreground">{formTexts.pastText}</p>
        {backButton}
      </Card>
    );
  }

  return (
    <Card className="space-y-5">
      <div>
        <p className="text-sm text-muted-foreground">{formTexts.title}</p>
        <h2 className="text-xl font-semibold">{event.title}</h2>
      </div>
      <p className="text-sm whitespace-pre-line">{event.description}</p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <Fact term={formTexts.activityType}>{activityTypeLabels[event.activityType] ?? unknownLabel}</Fact>
        <Fact term={formTexts.date}>{formatDateRu(event.date)}</Fact>
        <Fact term={formTexts.time}>
          {event.startTime}–{event.endTime}
        </Fact>
        <Fact term={formTexts.place}>{event.location}</Fact>
        <Fact term={formTexts.freePlaces}>{event.remainingSlots ?? formTexts.unlimited}</Fact>
        <Fact term={formTexts.foundation}>{event.foundation.name}</Fact>
        <Fact term={formTexts.hours}>{event.hours}</Fact>
      </dl>
      {profile.moderationStatus !== 'approved' ? (
        <div className="space-y-3">
          <p className="text-muted-foreground">{formTexts.waitForModeration}</p>
          {backButton}
        </div>
      ) : (
        <RegistrationForm
          eventId={event.id}
          remainingSlots={event.remainingSlots}
          ageRestriction={event.ageRestriction}
          profile={profile}
          wording="application"
          onDone={() => onClose(true)}
          onCancel={() => onClose(false)}
        />
      )}
    </Card>
  );
}

/**
 * /school-applications-old: the school's applications and the events open for applying, with the
 * application form. The tab, the page and the chosen event live in the address, so a link or the
 * browser's back button brings the same view back.
 */
export function SchoolApplicationsOldPage() {
  usePageHead({ title: texts.title });
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'available' ? 'available' : 'my-applications';
  const chosenEvent = Number(params.get('event'));

  const show = (next: { tab: TabId; event?: number }) =>
    setParams(() => {
      const updated = new URLSearchParams({ tab: next.tab });
      if (next.event) updated.set('event', String(next.event));
      return updated;
    });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <BackLink to="/dashboard">{registrationTexts.backToDashboard}</BackLink>
      <h1 className="mt-4 mb-6 text-2xl font-bold">{texts.title}</h1>
      {Number.isInteger(chosenEvent) && chosenEvent > 0 ? (
        <ApplicationForm
          eventId={chosenEvent}
          onClose={(applied) => show({ tab: applied ? 'my-applications' : 'available' })}
        />
      ) : (
        <Tabs.Root value={tab} onValueChange={(next) => show({ tab: next as TabId })}>
          <Tabs.List aria-label={texts.tabsLabel} className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
            {(
              [
                ['my-applications', texts.mine],
                ['available', texts.available],
              ] as const
            ).map(([id, label]) => (
              <Tabs.Trigger
                key={id}
                value={id}
                className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="my-applications" className="mt-4">
            <MyApplicationsList />
          </Tabs.Content>
          <Tabs.Content value="available" className="mt-4">
            <AvailableEvents onApply={(event) => show({ tab: 'available', event })} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
