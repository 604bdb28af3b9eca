import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../../shared/calendars';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

const address = '/api/calendar-feed';

export const calendarFeedQuery = queryOptions({
  queryKey: [...queryFamilies.calendarFeed],
  queryFn: () => apiRequest<CalendarFeed>('GET', address),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}

/** Creates the address, or replaces it: the card shows the new one at once. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('POST', address),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery.queryKey, feed),
  });
}
