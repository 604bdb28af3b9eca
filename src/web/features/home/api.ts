import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformImpact } from '../../../shared/impact';
import { apiRequest } from '../../api/client';

export const platformImpactQuery = queryOptions({
  queryKey: ['stats', 'impact'],
  queryFn: () => apiRequest<PlatformImpact>('GET', '/api/stats/impact'),
  staleTime: 60_000,
});

export function usePlatformImpact() {
  return useQuery(platformImpactQuery);
}
