import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { useRefreshVolunteerRequests } from './refresh-volunteer-requests';

export const withdrawResponse = (id: number) =>
  apiRequest<MessageAnswer>('DELETE', `/api/school-responses/${id}`);

export function useWithdrawResponse() {
  return useMutation({ mutationFn: withdrawResponse, onSuccess: useRefreshVolunteerRequests() });
}
