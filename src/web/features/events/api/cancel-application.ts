import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { useRefreshAfterApplication } from './refresh-after-application';

export const cancelApplication = (eventId: number) =>
  apiRequest<MessageAnswer>('POST', `/api/events/${eventId}/cancel-application`);

export function useCancelApplication(eventId: number) {
  return useMutation({
    mutationFn: () => cancelApplication(eventId),
    onSuccess: useRefreshAfterApplication(),
  });
}
