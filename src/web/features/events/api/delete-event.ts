import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { useRefreshAfterEventWrite } from './refresh-after-event-write';

export const deleteEvent = (id: number) => apiRequest<MessageAnswer>('DELETE', `/api/events/${id}`);

export function useDeleteEvent() {
  return useMutation({ mutationFn: deleteEvent, onSuccess: useRefreshAfterEventWrite() });
}
