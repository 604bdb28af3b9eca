import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPageSize, type FoundationOption } from '../../../shared/admin';
import type { AdminNewsItem, AdminNewsValues } from '../../../shared/admin-news';
import type { NewsCategory } from '../../../shared/catalog';
import { apiRequest, apiRequestWithHeaders } from '../../api/client';
import { newsListQuery } from '../news/api';
import { adminKey } from './api';

/** Every query of the News tab starts with this key; it sits under the panel's own key. */
export const adminNewsKey = [...adminKey, 'news'] as const;

export interface AdminNewsFilters {
  category: NewsCategory | '';
  search: string;
}

export interface AdminNewsPage {
  items: AdminNewsItem[];
  totalCount: number;
}

/** One page of the administrator's news, drafts included; empty filters are not sent. */
export function useAdminNews(filters: AdminNewsFilters, page: number) {
  return useQuery({
    queryKey: [...adminNewsKey, 'list', filters, page],
    queryFn: async (): Promise<AdminNewsPage> => {
      const params = new URLSearchParams({ page: String(page), limit: String(adminPageSize) });
      if (filters.category) params.set('category', filters.category);
      const search = filters.search.trim();
      if (search) params.set('search', search);
      const { data, headers } = await apiRequestWithHeaders<AdminNewsItem[]>(
        'GET',
        `/api/admin/news?${params}`,
      );
      return { items: data, totalCount: Number(headers.get('X-Total-Count') ?? 0) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every foundation by name, for the form's selector. */
export function useFoundationOptions(enabled = true) {
  return useQuery({
    queryKey: [...adminKey, 'foundations'],
    queryFn: () => apiRequest<FoundationOption[]>('GET', '/api/admin/foundations'),
    staleTime: 60_000,
    enabled,
  });
}

/** After any change the admin list, the panel's counters and the public news list are read again. */
function useInvalidateNews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminNewsKey }),
      queryClient.invalidateQueries({ queryKey: [...adminKey, 'stats'] }),
      queryClient.invalidateQueries({ queryKey: [newsListQuery.queryKey[0]] }),
    ]);
}

/** POST when there is no id, PUT /api/admin/news/{id} otherwise. */
export function useSaveAdminNews() {
  const invalidate = useInvalidateNews();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: AdminNewsValues }) =>
      id === undefined
        ? apiRequest<AdminNewsItem>('POST', '/api/admin/news', values)
        : apiRequest<AdminNewsItem>('PUT', `/api/admin/news/${id}`, values),
    onSuccess: invalidate,
  });
}

export function useDeleteAdminNews() {
  const invalidate = useInvalidateNews();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', `/api/admin/news/${id}`),
    onSuccess: invalidate,
  });
}
