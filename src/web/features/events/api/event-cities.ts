import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventCities } from '../../../../shared/events';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** The cities and regions of the events visitors can see, for the city filter. */
export const eventCitiesQuery = () =>
  queryOptions({
    queryKey: [...queryFamilies.events, 'cities'],
    queryFn: () => apiRequest<EventCities>('GET', '/api/events/cities'),
    staleTime: 5 * 60_000,
  });

export function useEventCities() {
  return useQuery(eventCitiesQuery());
}
