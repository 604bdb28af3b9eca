import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FoundationOption } from '../../../../shared/admin';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchFoundationOptions = () => apiRequest<FoundationOption[]>('GET', '/api/admin/foundations');

/** Every foundation by name, for the news form's selector. */
export const foundationOptionsQuery = queryOptions({
  queryKey: [...queryFamilies.admin, 'foundations'],
  queryFn: fetchFoundationOptions,
  staleTime: 60_000,
});

export function useFoundationOptions(enabled = true) {
  return useQuery({ ...foundationOptionsQuery, enabled });
}
