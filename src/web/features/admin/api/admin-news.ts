import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPageSize } from '../../../../shared/admin-lists';
import type { AdminNewsItem } from '../../../../shared/admin-news';
import type { NewsCategory } from '../../../../shared/catalog';
import { type CountedPage, fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export interface AdminNewsFilters {
  category: NewsCategory | '';
  search: string;
}

/** Drafts included; empty filters are not sent. */
export async function fetchAdminNews(
  filters: AdminNewsFilters,
  page: number,
): Promise<CountedPage<AdminNewsItem>> {
  const params = new URLSearchParams({ page: String(page), limit: String(adminPageSize) });
  if (filters.category) params.set('category', filters.category);
  const search = filters.search.trim();
  if (search) params.set('search', search);
  return fetchCountedPage<AdminNewsItem>(`/api/admin/news?${params}`);
}

/** Every page of the News tab; it sits under the panel's own key. */
const everyAdminNewsPage = [...queryFamilies.admin, 'news'] as const;

/** One page of the administrator's news; `.all` is every page. */
export const adminNewsQuery = Object.assign(
  (filters: AdminNewsFilters, page: number) =>
    queryOptions({
      queryKey: [...everyAdminNewsPage, 'list', filters, page],
      queryFn: () => fetchAdminNews(filters, page),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  { all: everyAdminNewsPage },
);

export function useAdminNews(filters: AdminNewsFilters, page: number) {
  return useQuery(adminNewsQuery(filters, page));
}
