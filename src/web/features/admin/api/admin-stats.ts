import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/admin';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchAdminStats = () => apiRequest<AdminStats>('GET', '/api/admin/stats');

/** The panel's counters. */
export const adminStatsQuery = queryOptions({
  queryKey: [...queryFamilies.admin, 'stats'],
  queryFn: fetchAdminStats,
  staleTime: 0,
});

export function useAdminStats() {
  return useQuery(adminStatsQuery);
}
