import { useMutation } from '@tanstack/react-query';
import type { EventStatus } from '../../../../shared/catalog';
import { apiRequest, type MessageAnswer } from '../../../api/client';
import { useRefreshAfterEventWrite } from './refresh-after-event-write';

export const changeEventStatus = ({ id, status }: { id: number; status: EventStatus }) =>
  apiRequest<MessageAnswer>('PATCH', `/api/events/${id}`, { status });

export function useChangeEventStatus() {
  return useMutation({ mutationFn: changeEventStatus, onSuccess: useRefreshAfterEventWrite() });
}
