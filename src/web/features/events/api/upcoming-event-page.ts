import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummary } from '../../../../shared/events';
import { fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';
import type { EventPage } from './event-page';

export async function fetchUpcomingEventPage(page: number, limit: number): Promise<EventPage> {
  const { items, totalCount } = await fetchCountedPage<EventSummary>(
    `/api/events?upcoming=true&page=${page}&limit=${limit}`,
  );
  return { events: items, totalCount, page };
}

/** Events a school can still apply for, nearest first (the application page's second tab). */
export const upcomingEventPageQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...queryFamilies.events, 'upcoming', page, limit],
    queryFn: () => fetchUpcomingEventPage(page, limit),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useUpcomingEventPage(page: number, limit: number) {
  return useQuery(upcomingEventPageQuery(page, limit));
}
