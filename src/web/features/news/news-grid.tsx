import type { QueryClient } from '@tanstack/react-query';
import { FramedLoadError } from '../../components/load-error';
import { Pagination } from '../../components/pagination';
import { newsPageQuery, useNewsPage } from './api/news-list';
import { NewsCard, NewsCardSkeleton } from './news-card';
import { newsTexts } from './texts';

/**
 * A page of news cards, a skeleton of 6 while loading, the empty and error states. With `onPageChange`
 * the pages below it; without, only the newest `limit` items.
 */
export function NewsGrid({
  page = 1,
  limit,
  onPageChange,
}: {
  page?: number;
  limit: number;
  onPageChange?: (page: number) => void;
}) {
  const { data, isPending, isError, refetch } = useNewsPage(page, limit);
  if (isPending) {
    return (
      <div data-card-list aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: skeletons have no identity
          <NewsCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (isError) {
    return <FramedLoadError frame="list" text={newsTexts.loadFailed} onRetry={() => void refetch()} />;
  }
  if (data.totalCount === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
        {newsTexts.empty}
      </p>
    );
  }
  const cards = (
    <div data-card-list className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {data.items.map((item) => (
        <NewsCard key={item.id} item={item} />
      ))}
    </div>
  );
  if (!onPageChange) return cards;
  return (
    <div className="space-y-6">
      {cards}
      <Pagination page={page} totalPages={Math.ceil(data.totalCount / limit)} onPageChange={onPageChange} />
    </div>
  );
}

export const loadNewsGrid = (queryClient: QueryClient, page: number, limit: number) =>
  queryClient.ensureQueryData(newsPageQuery(page, limit));
