import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventSummary } from '../../../../shared/events';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchOwnEvents = () => apiRequest<EventSummary[]>('GET', '/api/events?foundation=true');

/** The signed-in foundation's own events, on its dashboard. */
export const ownEventsQuery = queryOptions({
  queryKey: [...queryFamilies.events, 'own'],
  queryFn: fetchOwnEvents,
  staleTime: 0,
});

export function useOwnEvents() {
  return useQuery(ownEventsQuery);
}
