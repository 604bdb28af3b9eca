import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FoundationEventApplications } from '../../../../shared/applications';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchFoundationEventApplications = (eventId: number) =>
  apiRequest<FoundationEventApplications>('GET', `/api/foundation/events/${eventId}`);

/** One of the foundation's events with its pending applications and its participants. */
export const foundationEventApplicationsQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...queryFamilies.applications, 'foundation-event', eventId],
    queryFn: () => fetchFoundationEventApplications(eventId),
    staleTime: 0,
  });

export function useFoundationEventApplications(eventId: number | undefined) {
  return useQuery({ ...foundationEventApplicationsQuery(eventId ?? 0), enabled: eventId !== undefined });
}
