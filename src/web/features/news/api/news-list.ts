import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsPreview } from '../../../../shared/news';
import { apiRequestWithHeaders } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** A page of news as the lists show it: the previews and the X-Total-Count header's total. */
export interface NewsPage {
  items: NewsPreview[];
  totalCount: number;
}

export async function fetchNewsPage(page: number, limit: number): Promise<NewsPage> {
  const { data, headers } = await apiRequestWithHeaders<NewsPreview[]>(
    'GET',
    `/api/news?page=${page}&limit=${limit}`,
  );
  return { items: data, totalCount: Number(headers.get('X-Total-Count') ?? 0) };
}

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
