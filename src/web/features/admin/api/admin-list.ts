import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPageSize } from '../../../../shared/admin-lists';
import { type CountedPage, fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export type AdminResource = 'users' | 'events' | 'applications' | 'reports';

/** Filters left empty are not sent. */
export async function fetchAdminList<T>(
  resource: AdminResource,
  filters: Record<string, string>,
  page: number,
): Promise<CountedPage<T>> {
  const params = new URLSearchParams({ page: String(page), limit: String(adminPageSize) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return fetchCountedPage<T>(`/api/admin/${resource}?${params}`);
}

/** One page of an administrator list. */
export const adminListQuery = <T>(resource: AdminResource, filters: Record<string, string>, page: number) =>
  queryOptions({
    queryKey: [...queryFamilies.admin, resource, filters, page],
    queryFn: () => fetchAdminList<T>(resource, filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAdminList<T>(resource: AdminResource, filters: Record<string, string>, page: number) {
  return useQuery(adminListQuery<T>(resource, filters, page));
}
