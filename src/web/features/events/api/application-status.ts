import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationState } from '../../../../shared/applications';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchApplicationStatus = (eventId: number) =>
  apiRequest<ApplicationState>('GET', `/api/events/${eventId}/application-status`);

/** Whether the signed-in school has applied for the event; under the events' key, so it refreshes with them. */
export const applicationStatusQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...queryFamilies.events, 'application-status', eventId],
    queryFn: () => fetchApplicationStatus(eventId),
    staleTime: 0,
  });

export function useApplicationStatus(eventId: number, enabled: boolean) {
  return useQuery({ ...applicationStatusQuery(eventId), enabled });
}
