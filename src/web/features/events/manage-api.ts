import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EventStatus } from '../../../shared/catalog';
import type { EventInput, eventInputSchema } from '../../../shared/event-form';
import type { EventDetail, EventSummary } from '../../../shared/events';
import { ApiError, apiRequest } from '../../api/client';
import { profileQuery } from '../profile/api';
import { eventQuery } from './api';

/** What the event form holds: the schema's input, before its transforms. */
export type EventFormValues = z.input<typeof eventInputSchema>;

/** The prefix of every event query: lists, details, permissions and the foundation's own events. */
const eventsKey = ['events'] as const;

export const ownEventsQuery = queryOptions({
  queryKey: [...eventsKey, 'own'],
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
    void queryClient.invalidateQueries({ queryKey: eventsKey });
    void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    // The foundation's counters (dashboard/api.ts) and the applications of a completed or deleted event.
    void queryClient.invalidateQueries({ queryKey: ['foundation'] });
    void queryClient.invalidateQueries({ queryKey: ['registrations'] });
  };
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (input: EventInput) => apiRequest<EventDetail>('POST', '/api/events', input),
    onSuccess: (event) => {
      queryClient.setQueryData(eventQuery(event.id).queryKey, event);
      invalidate();
    },
  });
}

export function useUpdateEvent(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: (input: EventInput) => apiRequest<EventDetail>('PUT', `/api/events/${id}`, input),
    onSuccess: (event) => {
      queryClient.setQueryData(eventQuery(event.id).queryKey, event);
      invalidate();
    },
  });
}

export function useChangeEventStatus() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: EventStatus }) =>
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

/** An update that found no event: 404, or a message saying so (working-areas.md section 4, Event form). */
export function isEventMissing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || (error.serverMessage ?? '').toLowerCase().includes('не найдено');
}
