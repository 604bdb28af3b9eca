import { useMutation } from '@tanstack/react-query';
import type { VolunteerRequestDetail, VolunteerRequestInput } from '../../../../shared/volunteer-requests';
import { apiRequest } from '../../../api/client';
import { useRefreshVolunteerRequests } from './refresh-volunteer-requests';

export const createVolunteerRequest = (input: VolunteerRequestInput) =>
  apiRequest<VolunteerRequestDetail>('POST', '/api/volunteer-requests', input);

export function useCreateVolunteerRequest() {
  return useMutation({ mutationFn: createVolunteerRequest, onSuccess: useRefreshVolunteerRequests() });
}
