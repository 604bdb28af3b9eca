import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettings,
  NotificationSettingsInput,
} from '../../../../shared/notification-settings';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchNotificationSettings = () =>
  apiRequest<NotificationSettings>('GET', '/api/notification-settings');

// Under the profile's family: the address the settings show is the profile's e-mail, so whatever
// refreshes the profile refreshes them too.
export const notificationSettingsQuery = queryOptions({
  queryKey: [...queryFamilies.profile, 'notification-settings'],
  queryFn: fetchNotificationSettings,
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}

export const saveNotificationSettings = (input: NotificationSettingsInput) =>
  apiRequest<NotificationSettings>('PUT', '/api/notification-settings', input);

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQuery.queryKey, settings),
  });
}
