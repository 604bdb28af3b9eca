import { Button } from '../../components/ui/button';
import { useNewsList } from './api/news-list';
import { NewsCard, NewsCardSkeleton } from './news-card';
import { newsTexts } from './texts';

/** News cards, a skeleton of 6 while loading, the empty and error states. `limit` shows only the newest. */
export function NewsGrid({ limit }: { limit?: number }) {
  const { data, isPending, isError, refetch } = useNewsList();
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
    return (
      <div role="alert" className="rounded-xl border border-border bg-card p-8 text-center">
        <p className="font-medium">{newsTexts.loadFailed}</p>
        <Button className="mt-4" variant="outline" onClick={() => void refetch()}>
          {newsTexts.retry}
        </Button>
      </div>
    );
  }
  if (data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
        {newsTexts.empty}
      </p>
    );
  }
  return (
    <div data-card-list className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {data.slice(0, limit).map((item) => (
        <NewsCard key={item.id} item={item} />
      ))}
    </div>
  );
}
