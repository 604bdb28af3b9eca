import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventMessage } from '../../../../shared/event-messages';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** The organiser's messages about an event the signed-in school applied to, newest first. */
export const schoolEventMessagesQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...queryFamilies.eventMessages, 'school', eventId],
    queryFn: () => apiRequest<EventMessage[]>('GET', `/api/events/${eventId}/messages`),
    staleTime: 0,
  });

/** Asked only for a school with an application: for anyone else the answer is a refusal. */
export function useSchoolEventMessages(eventId: number, enabled: boolean) {
  return useQuery({ ...schoolEventMessagesQuery(eventId), enabled });
}
