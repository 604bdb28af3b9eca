import { useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/profile';
import { queryFamilies } from '../../../api/query-families';

/** After applying or cancelling, the status, the event's places and the school's lists all change. */
export function useRefreshAfterApplication() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryFamilies.events });
    void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: queryFamilies.applications });
  };
}
