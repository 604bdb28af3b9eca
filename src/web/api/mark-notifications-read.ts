import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../shared/answers';
import { apiRequest } from './client';
import { notificationCheckQuery } from './notification-check';
import { profileQuery } from './profile';

export const markNotificationsRead = () => apiRequest<MessageAnswer>('POST', '/api/notifications/mark-read');

/** Opening the list marks everything read; the header's red dot goes out with the next check. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData(notificationCheckQuery.queryKey, { hasNewNotifications: false });
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}
