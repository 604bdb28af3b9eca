import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeAnswer } from '../../../../shared/notification-settings';
import { apiRequest } from '../../../api/client';
import { notificationSettingsQuery } from './notification-settings';

const address = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

/** POST: turns off the kind of mail the letter's link names; DELETE («Вернуть подписку») turns it back on. */
export function useUnsubscribe(subscribed: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<UnsubscribeAnswer>(subscribed ? 'DELETE' : 'POST', address(token)),
    // The dashboard, opened in this browser next, shows the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQuery.queryKey }),
  });
}
