import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FoundationEventMessages, SentEventMessage } from '../../../../shared/event-messages';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

const address = (eventId: number) => `/api/foundation/events/${eventId}/messages`;

/** Whom a new message reaches and what the foundation sent about its event, newest first. */
export const foundationEventMessagesQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...queryFamilies.eventMessages, 'foundation', eventId],
    queryFn: () => apiRequest<FoundationEventMessages>('GET', address(eventId)),
    // Applications come and go while the page is open elsewhere: the count of schools is asked anew.
    staleTime: 0,
  });

export function useFoundationEventMessages(eventId: number) {
  return useQuery(foundationEventMessagesQuery(eventId));
}

export function useSendEventMessage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiRequest<SentEventMessage>('POST', address(eventId), { text }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: foundationEventMessagesQuery(eventId).queryKey }),
  });
}
