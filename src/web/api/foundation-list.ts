import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FoundationList } from '../../shared/foundations';
import { type FoundationFilters, foundationApiQuery } from '../../shared/list-addresses';
import { apiRequest } from './client';
import { queryFamilies } from './query-families';

export const fetchFoundationList = (filters: FoundationFilters, page: number, limit: number) =>
  apiRequest<FoundationList>('GET', `/api/foundations?${foundationApiQuery(filters, page, limit)}`);

/**
 * A page of approved foundations (public-area.md section 7): the foundations' pages list them and the
 * volunteer requests filter by them.
 */
export const foundationListQuery = (filters: FoundationFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: [...queryFamilies.foundations, 'list', filters, page, limit],
    queryFn: () => fetchFoundationList(filters, page, limit),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useFoundationList(filters: FoundationFilters, page: number, limit: number) {
  return useQuery(foundationListQuery(filters, page, limit));
}
