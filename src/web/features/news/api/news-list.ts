import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsPreview } from '../../../../shared/news-answers';
import { type CountedPage, fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export type NewsPage = CountedPage<NewsPreview>;

export const fetchNewsPage = (page: number, limit: number): Promise<NewsPage> =>
  fetchCountedPage<NewsPreview>(`/api/news?page=${page}&limit=${limit}`);

export const newsPageQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...queryFamilies.news, 'list', page, limit],
    queryFn: () => fetchNewsPage(page, limit),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useNewsPage(page: number, limit: number) {
  return useQuery(newsPageQuery(page, limit));
}
