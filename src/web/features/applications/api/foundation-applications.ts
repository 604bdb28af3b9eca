import { queryOptions, useQuery } from '@tanstack/react-query';
import type { applicationStatusFilters, FoundationApplicationPage } from '../../../../shared/applications';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export type ApplicationFilter = (typeof applicationStatusFilters)[number];
export const foundationApplicationsPageSize = 10;

export const fetchFoundationApplications = (status: ApplicationFilter, page: number) =>
  apiRequest<FoundationApplicationPage>(
    'GET',
    `/api/foundation/applications?status=${status}&page=${page}&limit=${foundationApplicationsPageSize}`,
  );

/** One page of the applications to the signed-in foundation's events. */
export const foundationApplicationsQuery = (status: ApplicationFilter, page: number) =>
  queryOptions({
    queryKey: [...queryFamilies.applications, 'foundation', status, page],
    queryFn: () => fetchFoundationApplications(status, page),
    staleTime: 0,
  });

export function useFoundationApplications(status: ApplicationFilter, page: number) {
  return useQuery(foundationApplicationsQuery(status, page));
}
