import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummary } from '../../../../shared/events';
import { type EventFilters, eventApiQuery } from '../../../../shared/list-addresses';
import { fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** A page of events as the lists show it: the answer's items and the X-Total-Count header's total. */
export interface EventPage {
  events: EventSummary[];
  totalCount: number;
  /**
   * The page these events are, which a list counts its cards from: while the next page loads, the
   * previous one stays on screen (keepPreviousData) and its line must still say «Показано 1-12».
   */
  page: number;
}

export async function fetchEventPage(filters: EventFilters, page: number, limit: number): Promise<EventPage> {
  const { items, totalCount } = await fetchCountedPage<EventSummary>(
    `/api/events?${eventApiQuery(filters, page, limit)}`,
  );
  return { events: items, totalCount, page };
}

/** One page of the public event list. */
export const eventPageQuery = (filters: EventFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: [...queryFamilies.events, 'list', filters, page, limit],
    queryFn: () => fetchEventPage(filters, page, limit),
    // Keeps the current cards on screen while the next page loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useEventPage(filters: EventFilters, page: number, limit: number) {
  return useQuery(eventPageQuery(filters, page, limit));
}
