import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EventFilters as Filters, ListState } from '../../../shared/list-addresses';
import { FramedLoadError } from '../../components/load-error';
import { NothingFound } from '../../components/nothing-found';
import { Pagination } from '../../components/pagination';
import { eventCitiesQuery } from './api/event-cities';
import { eventPageQuery, useEventPage } from './api/event-page';
import { EventCard, EventCardSkeleton } from './event-card';
import { EventFilters } from './event-filters';
import { eventTexts } from './texts';

interface EventBrowserProps {
  /** The filters and page, as the address holds them. */
  list: ListState<Filters>;
  onListChange: (list: ListState<Filters>) => void;
  pageSize: number;
  skeletonCount: number;
  emptyTitle: string;
  /** Scrolled into view when the page changes, so the new cards are not off screen. */
  scrollTargetId: string;
}

/** Filter panel, card grid, counters and paging: the home events section and /events share it. */
export function EventBrowser({
  list,
  onListChange,
  pageSize,
  skeletonCount,
  emptyTitle,
  scrollTargetId,
}: EventBrowserProps) {
  const { filters, page } = list;
  const { data, isPending, isError, refetch, isFetching } = useEventPage(filters, page, pageSize);
  const totalPages = data ? Math.max(1, Math.ceil(data.totalCount / pageSize)) : 1;

  // Any change of the filters starts again at page 1.
  const changeFilters = (next: Filters) => onListChange({ filters: next, page: 1 });

  const changePage = (next: number) => {
    onListChange({ filters, page: next });
    document.getElementById(scrollTargetId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  let content: ReactNode;
  if (isPending) {
    content = (
      <div data-card-list className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {Array.from({ length: skeletonCount }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: skeletons have no identity
          <EventCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (isError) {
    content = <FramedLoadError frame="list" text={eventTexts.loadFailed} onRetry={() => void refetch()} />;
  } else if (data.events.length === 0) {
    content = <NothingFound title={emptyTitle} hint={eventTexts.emptyHint} />;
  } else {
    const from = (data.page - 1) * pageSize + 1;
    const to = from + data.events.length - 1;
    content = (
      <div className="space-y-6">
        <div
          data-card-list
          // Faded while the next filters' events load; assistive technology is told the list is updating.
          aria-busy={isFetching}
          className={`grid gap-6 sm:grid-cols-2 xl:grid-cols-3 ${isFetching ? 'opacity-70' : ''}`}
        >
          {data.events.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </div>
        <p className="text-center text-sm text-muted-foreground" aria-live="polite">
          {eventTexts.shown(from, to, data.totalCount)}
        </p>
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={changePage}
          window={5}
          label="Страницы мероприятий"
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <EventFilters filters={filters} onChange={changeFilters} />
      <div className="min-w-0 flex-1">{content}</div>
    </div>
  );
}

/** What the browser draws of `list`: its page of events and the city filter's cities. */
export const loadEventBrowser = (
  queryClient: QueryClient,
  { filters, page }: ListState<Filters>,
  pageSize: number,
) =>
  Promise.all([
    queryClient.ensureQueryData(eventPageQuery(filters, page, pageSize)),
    queryClient.ensureQueryData(eventCitiesQuery()),
  ]);
