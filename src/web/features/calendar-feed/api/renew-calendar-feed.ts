import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../../shared/calendars';
import { apiRequest } from '../../../api/client';
import { calendarFeedQuery } from './calendar-feed';

export const renewCalendarFeed = () => apiRequest<CalendarFeed>('POST', '/api/calendar-feed');

/** Creates the address, or replaces it: the card shows the new one at once. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery.queryKey, feed),
  });
}
