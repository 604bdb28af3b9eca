import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPageSize } from '../../../../shared/admin-lists';
import { apiRequestWithHeaders } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export type AdminResource = 'users' | 'events' | 'registrations' | 'reports';

/** A page of an administrator list: the answer's items and the X-Total-Count header's total. */
export interface AdminListPage<T> {
  items: T[];
  totalCount: number;
}

/** Filters left empty are not sent. */
export async function fetchAdminList<T>(
  resource: AdminResource,
  filters: Record<string, string>,
  page: number,
): Promise<AdminListPage<T>> {
  const params = new URLSearchParams({ page: String(page), limit: String(adminPageSize) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const { data, headers } = await apiRequestWithHeaders<T[]>('GET', `/api/admin/${resource}?${params}`);
  return { items: data, totalCount: Number(headers.get('X-Total-Count') ?? 0) };
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
