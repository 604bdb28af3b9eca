import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventPermissions } from '../../../../shared/applications';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchEventPermissions = (eventId: number) =>
  apiRequest<EventPermissions>('GET', `/api/events/${eventId}/permissions`);

export const eventPermissionsQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...queryFamilies.events, 'permissions', eventId],
    queryFn: () => fetchEventPermissions(eventId),
    staleTime: 0,
  });

/**
 * What the organiser sees of its own event; undefined for anyone else, also on failure (the caller is
 * then treated as not the organiser, public-area.md section 7).
 */
export function useOrganiserView(eventId: number, enabled: boolean) {
  const { data } = useQuery({ ...eventPermissionsQuery(eventId), enabled });
  return data?.isOrganizer ? { waitlistedSchools: data.waitlistedSchools ?? 0 } : undefined;
}
