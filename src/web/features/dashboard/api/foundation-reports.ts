import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FoundationReport } from '../../../../shared/reports';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchFoundationReports = () => apiRequest<FoundationReport[]>('GET', '/api/foundation/reports');

export const foundationReportsQuery = queryOptions({
  queryKey: [...queryFamilies.foundationDashboard, 'reports'],
  queryFn: fetchFoundationReports,
  staleTime: 0,
});

export function useFoundationReports(enabled: boolean) {
  return useQuery({ ...foundationReportsQuery, enabled });
}
