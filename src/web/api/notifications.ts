import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationItem } from '../../shared/notifications';
import { apiRequest } from './client';
import { queryFamilies } from './query-families';

export const fetchNotifications = () => apiRequest<NotificationItem[]>('GET', '/api/notifications');

export const notificationsQuery = queryOptions({
  queryKey: [...queryFamilies.notifications, 'list'],
  queryFn: fetchNotifications,
  staleTime: 0,
});

export function useNotifications() {
  return useQuery(notificationsQuery);
}
