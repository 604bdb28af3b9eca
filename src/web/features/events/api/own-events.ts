import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummary } from '../../../../shared/events';
import { fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';
import type { EventPage } from './event-page';

/** Events per page of the dashboard's list: what a phone shows in a few screens. */
export const ownEventsPageSize = 10;

export async function fetchOwnEventPage(page: number): Promise<EventPage> {
  const { items, totalCount } = await fetchCountedPage<EventSummary>(
    `/api/events?foundation=true&page=${page}&limit=${ownEventsPageSize}`,
  );
  return { events: items, totalCount, page };
}

/** One page of the signed-in foundation's own events, on its dashboard. */
export const ownEventPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryFamilies.events, 'own', page],
    queryFn: () => fetchOwnEventPage(page),
    // The page on screen stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOwnEventPage(page: number) {
  return useQuery(ownEventPageQuery(page));
}
