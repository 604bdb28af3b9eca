import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FoundationApplication } from '../../../../shared/registrations';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchFoundationApprovedApplications = () =>
  apiRequest<FoundationApplication[]>('GET', '/api/foundation/approved-applications');

export const foundationApprovedApplicationsQuery = queryOptions({
  queryKey: [...queryFamilies.registrations, 'foundation-approved'],
  queryFn: fetchFoundationApprovedApplications,
  staleTime: 0,
});

export function useFoundationApprovedApplications() {
  return useQuery(foundationApprovedApplicationsQuery);
}
