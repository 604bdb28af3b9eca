import { useMutation } from '@tanstack/react-query';
import type { SchoolResponseCreated, SchoolResponseInput } from '../../../../shared/volunteer-requests';
import { apiRequest } from '../../../api/client';
import { useRefreshVolunteerRequests } from './refresh-volunteer-requests';

export const respondToRequest = (id: number, input: SchoolResponseInput) =>
  apiRequest<SchoolResponseCreated>('POST', `/api/volunteer-requests/${id}/respond`, input);

export function useRespondToRequest(id: number) {
  return useMutation({
    mutationFn: (input: SchoolResponseInput) => respondToRequest(id, input),
    onSuccess: useRefreshVolunteerRequests(),
  });
}
