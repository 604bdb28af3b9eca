import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type VolunteerRequestFilters, volunteerRequestApiQuery } from '../../../../shared/list-addresses';
import type { VolunteerRequestListItem } from '../../../../shared/volunteer-requests';
import { type CountedPage, fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export type VolunteerRequestPage = CountedPage<VolunteerRequestListItem>;

export async function fetchVolunteerRequestPage(
  filters: VolunteerRequestFilters,
  page: number,
  limit: number,
): Promise<VolunteerRequestPage> {
  return fetchCountedPage<VolunteerRequestListItem>(
    `/api/volunteer-requests?${volunteerRequestApiQuery(filters, page, limit)}`,
  );
}

/** One page of requests, optionally of one foundation. */
export const volunteerRequestPageQuery = (filters: VolunteerRequestFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: [...queryFamilies.volunteerRequests, 'list', filters.foundationId ?? 'all', page, limit],
    queryFn: () => fetchVolunteerRequestPage(filters, page, limit),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useVolunteerRequestPage(filters: VolunteerRequestFilters, page: number, limit: number) {
  return useQuery(volunteerRequestPageQuery(filters, page, limit));
}
