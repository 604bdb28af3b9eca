import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsItem } from '../../../../shared/news-answers';
import { apiRequest } from '../../../api/client';
import { keepsNotFoundOnMount } from '../../../api/query-client';
import { queryFamilies } from '../../../api/query-families';

export const fetchNewsItem = (id: number) => apiRequest<NewsItem>('GET', `/api/news/${id}`);

export const newsItemQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryFamilies.news, 'item', id],
    queryFn: () => fetchNewsItem(id),
    ...keepsNotFoundOnMount,
    staleTime: 60_000,
  });

export function useNewsItem(id: number | undefined) {
  return useQuery({ ...newsItemQuery(id ?? 0), enabled: id !== undefined });
}
