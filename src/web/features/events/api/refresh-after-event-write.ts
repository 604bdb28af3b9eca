import { useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/profile';
import { queryFamilies } from '../../../api/query-families';

/**
 * Every write of an event changes the lists, the event page and permissions, the foundation's
 * dashboard counters and the applications of a completed or deleted event.
 */
export function useRefreshAfterEventWrite() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryFamilies.events });
    void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: queryFamilies.foundationDashboard });
    void queryClient.invalidateQueries({ queryKey: queryFamilies.applications });
  };
}
