import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  VolunteerRequestDetail,
  volunteerRequestStatusSchema,
} from '../../../../shared/volunteer-requests';

type VolunteerRequestStatus = z.input<typeof volunteerRequestStatusSchema>['status'];

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
