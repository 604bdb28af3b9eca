import { useMutation } from '@tanstack/react-query';
import type { VolunteerRequestStatus } from '../../../../shared/catalog';
import type { VolunteerRequestDetail } from '../../../../shared/volunteer-requests';
import { apiRequest } from '../../../api/client';
import { useRefreshVolunteerRequests } from './refresh-volunteer-requests';

export const changeRequestStatus = (id: number, status: VolunteerRequestStatus) =>
  apiRequest<VolunteerRequestDetail>('PATCH', `/api/volunteer-requests/${id}`, { status });

export function useChangeRequestStatus(id: number) {
  return useMutation({
    mutationFn: (status: VolunteerRequestStatus) => changeRequestStatus(id, status),
    onSuccess: useRefreshVolunteerRequests(),
  });
}
