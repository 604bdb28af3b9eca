import { useQueryClient } from '@tanstack/react-query';
import { queryFamilies } from '../../../api/query-families';
import { adminNewsQuery } from './admin-news';
import { adminStatsQuery } from './admin-stats';

/** After any change the admin list, the panel's counters and the public news are read again. */
export function useRefreshAfterNewsWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminNewsQuery.all }),
      queryClient.invalidateQueries({ queryKey: adminStatsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: queryFamilies.news }),
    ]);
}
