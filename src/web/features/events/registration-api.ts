import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationStatus } from '../../../shared/catalog';
import type { RegistrationInput } from '../../../shared/registrations';
import { apiRequest } from '../../api/client';
import { profileQuery } from '../profile/api';
import { myApplicationsKey } from '../registrations/api';

export interface RegistrationState {
  isRegistered: boolean;
  status: RegistrationStatus | null;
  applicationId: number | null;
}

const statusKey = (eventId: number) => ['events', 'registration-status', eventId] as const;

export function useRegistrationStatus(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: statusKey(eventId),
    queryFn: () => apiRequest<RegistrationState>('GET', `/api/events/${eventId}/registration-status`),
    enabled,
    staleTime: 0,
  });
}

/** On failure the caller is treated as not the organiser (public-area.md section 7). */
export function useIsOrganizer(eventId: number, enabled: boolean) {
  const { data } = useQuery({
    queryKey: ['events', 'permissions', eventId],
    queryFn: () => apiRequest<{ isOrganizer: boolean }>('GET', `/api/events/${eventId}/permissions`),
    enabled,
    staleTime: 0,
  });
  return data?.isOrganizer === true;
}

/** After applying or cancelling, the status, the event's places and the school's lists all change. */
function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['events'] });
    void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
  };
}

export function useRegisterForEvent(eventId: number) {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (input: RegistrationInput) =>
      apiRequest<{ id: number; status: string; message: string }>(
        'POST',
        `/api/events/${eventId}/register`,
        input,
      ),
    onSuccess: refresh,
  });
}

export function useCancelRegistration(eventId: number) {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', `/api/events/${eventId}/cancel-registration`),
    onSuccess: refresh,
  });
}
