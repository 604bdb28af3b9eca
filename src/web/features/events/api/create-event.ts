import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventInput } from '../../../../shared/event-form';
import type { EventDetail } from '../../../../shared/events';
import { apiRequest } from '../../../api/client';
import { eventQuery } from './event';
import { useRefreshAfterEventWrite } from './refresh-after-event-write';

export const createEvent = (input: EventInput) => apiRequest<EventDetail>('POST', '/api/events', input);

export function useCreateEvent() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterEventWrite();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(eventQuery(event.id).queryKey, event);
      refresh();
    },
  });
}
