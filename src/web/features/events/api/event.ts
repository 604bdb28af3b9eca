import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetail } from '../../../../shared/events';
import { apiRequest } from '../../../api/client';
import { keepsNotFoundOnMount } from '../../../api/query-client';
import { queryFamilies } from '../../../api/query-families';

export const fetchEvent = (id: number) => apiRequest<EventDetail>('GET', `/api/events/${id}`);

export const eventQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryFamilies.events, 'detail', id],
    queryFn: () => fetchEvent(id),
    ...keepsNotFoundOnMount,
    staleTime: 60_000,
  });

export function useEvent(id: number | undefined) {
  return useQuery({ ...eventQuery(id ?? 0), enabled: id !== undefined });
}
