import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FoundationEventApplications } from '../../../../shared/applications';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/**
 * The applications of one of the foundation's events, for the completion dialog to mark who came. The
 * same answer and cache entry as the foundation's event page (applications feature), which this feature
 * may not import.
 */
export const fetchCompletionRoster = (eventId: number) =>
  apiRequest<FoundationEventApplications>('GET', `/api/foundation/events/${eventId}`);

export const completionRosterQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...queryFamilies.applications, 'foundation-event', eventId],
    queryFn: () => fetchCompletionRoster(eventId),
    staleTime: 0,
  });

export function useCompletionRoster(eventId: number, enabled: boolean) {
  return useQuery({ ...completionRosterQuery(eventId), enabled });
}
