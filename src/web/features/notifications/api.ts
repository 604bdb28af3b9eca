import { useQuery } from '@tanstack/react-query';
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
