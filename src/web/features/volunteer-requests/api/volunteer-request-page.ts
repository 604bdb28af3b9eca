import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type VolunteerRequestFilters, volunteerRequestApiQuery } from '../../../../shared/list-addresses';
import type { VolunteerRequestListItem } from '../../../../shared/volunteer-requests';
import { apiRequestWithHeaders } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** A page of requests as the list shows it: the answer's items and the X-Total-Count header's total. */
export interface VolunteerRequestPage {
  items: VolunteerRequestListItem[];
  totalCount: number;
}

export async function fetchVolunteerRequestPage(
  filters: VolunteerRequestFilters,
  page: number,
  limit: number,
): Promise<VolunteerRequestPage> {
  const { data, headers } = await apiRequestWithHeaders<VolunteerRequestListItem[]>(
    'GET',
    `/api/volunteer-requests?${volunteerRequestApiQuery(filters, page, limit)}`,
  );
  return { items: data, totalCount: Number(headers.get('X-Total-Count') ?? 0) };
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
