import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsItem } from '../../../../shared/news';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchNewsList = () => apiRequest<NewsItem[]>('GET', '/api/news');

export const newsListQuery = queryOptions({
  queryKey: [...queryFamilies.news, 'list'],
  queryFn: fetchNewsList,
  staleTime: 60_000,
});

export function useNewsList() {
  return useQuery(newsListQuery);
}
