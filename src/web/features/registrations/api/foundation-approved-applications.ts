import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { approvedApplicationsPageSize } from '../../../../shared/application-lists';
import type { FoundationApplication } from '../../../../shared/registrations';
import { fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchFoundationApprovedApplications = (page: number) =>
  fetchCountedPage<FoundationApplication>(
    `/api/foundation/approved-applications?page=${page}&limit=${approvedApplicationsPageSize}`,
  );

/** A page of the approved applications to the signed-in foundation's events, with the schools' contacts. */
export const foundationApprovedApplicationsQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryFamilies.registrations, 'foundation-approved', page],
    queryFn: () => fetchFoundationApprovedApplications(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useFoundationApprovedApplications(page: number) {
  return useQuery(foundationApprovedApplicationsQuery(page));
}
