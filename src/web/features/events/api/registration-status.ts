import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationState } from '../../../../shared/registrations';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchRegistrationStatus = (eventId: number) =>
  apiRequest<RegistrationState>('GET', `/api/events/${eventId}/registration-status`);

/** Whether the signed-in school has applied for the event; under the events' key, so it refreshes with them. */
export const registrationStatusQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...queryFamilies.events, 'registration-status', eventId],
    queryFn: () => fetchRegistrationStatus(eventId),
    staleTime: 0,
  });

export function useRegistrationStatus(eventId: number, enabled: boolean) {
  return useQuery({ ...registrationStatusQuery(eventId), enabled });
}
