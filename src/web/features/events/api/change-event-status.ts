import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageAnswer } from '../../../../shared/answers';
import type { eventStatusChangeSchema } from '../../../../shared/event-form';
import { apiRequest } from '../../../api/client';
import { useRefreshAfterEventWrite } from './refresh-after-event-write';

/** The event's id and the body of the change. */
export type EventStatusChange = { id: number } & z.input<typeof eventStatusChangeSchema>;

export const changeEventStatus = ({ id, ...change }: EventStatusChange) =>
  apiRequest<MessageAnswer>('PATCH', `/api/events/${id}`, change);

export function useChangeEventStatus() {
  return useMutation({ mutationFn: changeEventStatus, onSuccess: useRefreshAfterEventWrite() });
}
