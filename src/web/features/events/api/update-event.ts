import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventInput } from '../../../../shared/event-form';
import type { EventDetail } from '../../../../shared/events';
import { ApiError, apiRequest } from '../../../api/client';
import { eventQuery } from './event';
import { useRefreshAfterEventWrite } from './refresh-after-event-write';

export const updateEvent = (id: number, input: EventInput) =>
  apiRequest<EventDetail>('PUT', `/api/events/${id}`, input);

export function useUpdateEvent(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterEventWrite();
  return useMutation({
    mutationFn: (input: EventInput) => updateEvent(id, input),
    onSuccess: (event) => {
      queryClient.setQueryData(eventQuery(event.id).queryKey, event);
      refresh();
    },
  });
}

/** An update that found no event: 404, or a message saying so (working-areas.md section 4, Event form). */
export function isEventMissing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || (error.serverMessage ?? '').toLowerCase().includes('не найдено');
}
