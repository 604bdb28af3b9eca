import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Direction } from '../../../shared/catalog';
import type { AgeRange } from '../../../shared/events';
import type { FoundationDetail, FoundationList } from '../../../shared/foundations';
import { apiRequest } from '../../api/client';
import { keepsNotFoundOnMount } from '../../api/query-client';

export interface FoundationFilters {
  search: string;
  directions: Direction[];
  age: AgeRange | 'all';
}

export const emptyFoundationFilters: FoundationFilters = { search: '', directions: [], age: 'all' };

/** A page of approved foundations (public-area.md section 7). */
export const foundationListQuery = (filters: FoundationFilters, page: number, limit: number) => {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.directions.length > 0) params.set('directions', filters.directions.join(','));
  if (filters.age !== 'all') params.set('ageRestriction', filters.age);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return queryOptions({
    queryKey: ['foundations', 'list', filters, page, limit],
    queryFn: () => apiRequest<FoundationList>('GET', `/api/foundations?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

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
