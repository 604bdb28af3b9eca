import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetail, EventSummary } from '../../../shared/events';
import { type EventFilters, eventApiQuery } from '../../../shared/list-addresses';
import { apiRequest, apiRequestWithHeaders } from '../../api/client';
import { keepsNotFoundOnMount } from '../../api/query-client';

export interface EventPage {
  events: EventSummary[];
  totalCount: number;
}

/** One page of the public event list; the total comes from the X-Total-Count header. */
export const eventPageQuery = (filters: EventFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: ['events', 'list', filters, page, limit],
    queryFn: async (): Promise<EventPage> => {
      const { data, headers } = await apiRequestWithHeaders<EventSummary[]>(
        'GET',
        `/api/events?${eventApiQuery(filters, page, limit)}`,
      );
      return { events: data, totalCount: Number(headers.get('X-Total-Count') ?? 0) };
    },
    // Keeps the current cards on screen while the next page loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useEventPage(filters: EventFilters, page: number, limit: number) {
  return useQuery(eventPageQuery(filters, page, limit));
}

export const eventQuery = (id: number) =>
  queryOptions({
    queryKey: ['events', 'detail', id],
    queryFn: () => apiRequest<EventDetail>('GET', `/api/events/${id}`),
    ...keepsNotFoundOnMount,
    staleTime: 60_000,
  });

export function useEvent(id: number | undefined) {
  return useQuery({ ...eventQuery(id ?? 0), enabled: id !== undefined });
}

/** Events a school can still apply for, nearest first (the application page's second tab). */
export function useUpcomingEventPage(page: number, limit: number) {
  return useQuery({
    queryKey: ['events', 'upcoming', page, limit],
    queryFn: async (): Promise<EventPage> => {
      const { data, headers } = await apiRequestWithHeaders<EventSummary[]>(
        'GET',
        `/api/events?upcoming=true&page=${page}&limit=${limit}`,
      );
      return { events: data, totalCount: Number(headers.get('X-Total-Count') ?? 0) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
