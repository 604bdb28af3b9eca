import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsItem } from '../../../shared/news';
import { apiRequest } from '../../api/client';

export const newsListQuery = queryOptions({
  queryKey: ['news', 'list'],
  queryFn: () => apiRequest<NewsItem[]>('GET', '/api/news'),
  staleTime: 60_000,
});

export function useNewsList() {
  return useQuery(newsListQuery);
}
