import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationStats } from '../../../../shared/foundations';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchApplicationStats = () =>
  apiRequest<ApplicationStats>('GET', '/api/foundation/application-stats');

/** Refreshes every 30 s (working-areas.md section 9) while the dashboard is open. */
export const applicationStatsQuery = queryOptions({
  queryKey: [...queryFamilies.foundationDashboard, 'application-stats'],
  queryFn: fetchApplicationStats,
  refetchInterval: 30_000,
  staleTime: 0,
});

export function useApplicationStats(enabled: boolean) {
  return useQuery({ ...applicationStatsQuery, enabled });
}
