import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../../shared/calendars';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchCalendarFeed = () => apiRequest<CalendarFeed>('GET', '/api/calendar-feed');

export const calendarFeedQuery = queryOptions({
  queryKey: [...queryFamilies.calendarFeed],
  queryFn: fetchCalendarFeed,
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}
