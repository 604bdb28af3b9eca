import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FoundationDetail } from '../../../../shared/foundations';
import { apiRequest } from '../../../api/client';
import { keepsNotFoundOnMount } from '../../../api/query-client';
import { queryFamilies } from '../../../api/query-families';

export const fetchFoundation = (id: number) => apiRequest<FoundationDetail>('GET', `/api/foundations/${id}`);

export const foundationQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryFamilies.foundations, 'detail', id],
    queryFn: () => fetchFoundation(id),
    ...keepsNotFoundOnMount,
    staleTime: 60_000,
  });

export function useFoundation(id: number | undefined) {
  return useQuery({ ...foundationQuery(id ?? 0), enabled: id !== undefined });
}
