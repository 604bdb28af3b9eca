import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformImpact } from '../../../../shared/impact';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchPlatformImpact = () => apiRequest<PlatformImpact>('GET', '/api/stats/impact');

export const platformImpactQuery = queryOptions({
  queryKey: [...queryFamilies.platformStats, 'impact'],
  queryFn: fetchPlatformImpact,
  staleTime: 60_000,
});

export function usePlatformImpact() {
  return useQuery(platformImpactQuery);
}
