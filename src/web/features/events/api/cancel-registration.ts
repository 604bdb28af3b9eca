import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { useRefreshAfterRegistration } from './refresh-after-registration';

export const cancelRegistration = (eventId: number) =>
  apiRequest<MessageAnswer>('POST', `/api/events/${eventId}/cancel-registration`);

export function useCancelRegistration(eventId: number) {
  return useMutation({
    mutationFn: () => cancelRegistration(eventId),
    onSuccess: useRefreshAfterRegistration(),
  });
}
