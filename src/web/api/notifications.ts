import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryFamilies } from './query-families';

// TODO(shared-answer)
export interface NotificationItem {
  id: number;
  kind: string;
  text: string;
  link: string | null;
  createdAt: string;
  isNew: boolean;
}

export const fetchNotifications = () => apiRequest<NotificationItem[]>('GET', '/api/notifications');

export const notificationsQuery = queryOptions({
  queryKey: [...queryFamilies.notifications, 'list'],
  queryFn: fetchNotifications,
  staleTime: 0,
});

export function useNotifications() {
  return useQuery(notificationsQuery);
}
