import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

/** Both specifications: polled every 30 s while signed in. */
const pollIntervalMs = 30_000;

export function useHasNewNotifications(signedIn: boolean): boolean {
  const { data } = useQuery({
    queryKey: ['notifications', 'check'],
    queryFn: () => apiRequest<{ hasNewNotifications: boolean }>('GET', '/api/notifications/check'),
    enabled: signedIn,
    refetchInterval: pollIntervalMs,
    staleTime: 0,
  });
  // A failed check counts as nothing new.
  return signedIn && data?.hasNewNotifications === true;
}

export interface NotificationItem {
  id: number;
  kind: string;
  text: string;
  link: string | null;
  createdAt: string;
  isNew: boolean;
}

export function useNotifications() {
  return useQuery({
    queryKey: ['notifications', 'list'],
    queryFn: () => apiRequest<NotificationItem[]>('GET', '/api/notifications'),
    staleTime: 0,
  });
}

/** Opening the list marks everything read; the header's red dot goes out with the next check. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/notifications/mark-read'),
    onSuccess: () => {
      queryClient.setQueryData(['notifications', 'check'], { hasNewNotifications: false });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
