import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FoundationDetail, FoundationList } from '../../../shared/foundations';
import { type FoundationFilters, foundationApiQuery } from '../../../shared/list-addresses';
import { apiRequest } from '../../api/client';
import { keepsNotFoundOnMount } from '../../api/query-client';

/** A page of approved foundations (public-area.md section 7). */
export const foundationListQuery = (filters: FoundationFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: ['foundations', 'list', filters, page, limit],
    queryFn: () =>
      apiRequest<FoundationList>('GET', `/api/foundations?${foundationApiQuery(filters, page, limit)}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useFoundationList(filters: FoundationFilters, page: number, limit: number) {
  return useQuery(foundationListQuery(filters, page, limit));
}

export const foundationQuery = (id: number) =>
  queryOptions({
    queryKey: ['foundations', 'detail', id],
    queryFn: () => apiRequest<FoundationDetail>('GET', `/api/foundations/${id}`),
    ...keepsNotFoundOnMount,
    staleTime: 60_000,
  });

export function useFoundation(id: number | undefined) {
  return useQuery({ ...foundationQuery(id ?? 0), enabled: id !== undefined });
}
