import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsItem } from '../../../shared/news';
import { apiRequest } from '../../api/client';
import { keepsNotFoundOnMount } from '../../api/query-client';

export const newsListQuery = queryOptions({
  queryKey: ['news', 'list'],
  queryFn: () => apiRequest<NewsItem[]>('GET', '/api/news'),
  staleTime: 60_000,
});

export function useNewsList() {
  return useQuery(newsListQuery);
}

export const newsItemQuery = (id: number) =>
  queryOptions({
    queryKey: ['news', 'item', id],
    queryFn: () => apiRequest<NewsItem>('GET', `/api/news/${id}`),
    ...keepsNotFoundOnMount,
    staleTime: 60_000,
  });

export function useNewsItem(id: number | undefined) {
  return useQuery({ ...newsItemQuery(id ?? 0), enabled: id !== undefined });
}

/** The address of an item's own page, the one to share. */
export const newsItemPath = (id: number) => `/news/${id}`;
