import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { eventInputSchema } from '../../../shared/event-form';
import type { EventDetail, EventSummary } from '../../../shared/events';
import { apiRequest } from '../../api/client';

/** What the event form sends: the schema's input, before its transforms. */
export type EventFormValues = z.input<typeof eventInputSchema>;

export const ownEventsQuery = queryOptions({
  queryKey: ['events', 'own'],
  queryFn: () => apiRequest<EventSummary[]>('GET', '/api/events?foundation=true'),
  staleTime: 0,
});

export function useOwnEvents() {
  return useQuery(ownEventsQuery);
}

/** Every write changes lists, the event page and the dashboard counters. */
function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['events'] });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
    void queryClient.invalidateQueries({ queryKey: ['foundation'] });
  };
}

export function useCreateEvent() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (input: unknown) => apiRequest<EventDetail>('POST', '/api/events', input),
    onSuccess: invalidate,
  });
}

export function useUpdateEvent(id: number) {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (input: unknown) => apiRequest<EventDetail>('PUT', `/api/events/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useChangeEventStatus() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: EventSummary['status'] }) =>
      apiRequest<{ message: string }>('PATCH', `/api/events/${id}`, { status }),
    onSuccess: invalidate,
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', `/api/events/${id}`),
    onSuccess: invalidate,
  });
}
