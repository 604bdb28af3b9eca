import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationCheck } from '../../shared/notifications';
import { apiRequest } from './client';
import { queryFamilies } from './query-families';

export const fetchNotificationCheck = () => apiRequest<NotificationCheck>('GET', '/api/notifications/check');

/** Both specifications: polled every 30 s while signed in. */
const pollIntervalMs = 30_000;

export const notificationCheckQuery = queryOptions({
  queryKey: [...queryFamilies.notifications, 'check'],
  queryFn: fetchNotificationCheck,
  refetchInterval: pollIntervalMs,
  staleTime: 0,
});

/** The header's red dot and the dashboard's: whether anything arrived since the list was last opened. */
export function useHasNewNotifications(signedIn: boolean): boolean {
  const { data } = useQuery({ ...notificationCheckQuery, enabled: signedIn });
  // A failed check counts as nothing new.
  return signedIn && data?.hasNewNotifications === true;
}
