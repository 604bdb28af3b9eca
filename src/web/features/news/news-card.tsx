import { formatDateRu } from '../../../shared/dates';
import type { NewsItem } from '../../../shared/news';
import { newsCategoryLabels } from '../../../shared/news';
import { CoverImage } from '../../components/cover-image';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { newsTexts, previewLength } from './texts';

const preview = (content: string) =>
  content.length > previewLength ? `${content.slice(0, previewLength).trimEnd()}…` : content;

function CategoryBadge({ item }: { item: NewsItem }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-1 text-xs font-medium',
        item.category === 'success'
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'
          : 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
      )}
    >
      {newsCategoryLabels[item.category] ?? newsCategoryLabels.news}
    </span>
  );
}

/** A news card that opens the full text in a dialog. */
export function NewsCard({ item }: { item: NewsItem }) {
  return (
    <Dialog>
      <article className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm">
        <CoverImage src={item.image} title={item.title} className="aspect-[16/9] w-full" />
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge item={item} />
            <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
              {formatDateRu(item.createdAt)}
            </time>
          </div>
          <h3 className="text-lg leading-snug font-semibold">{item.title}</h3>
          <p className="text-sm text-muted-foreground">{preview(item.content)}</p>
          <DialogTrigger className="mt-auto self-start text-sm font-medium text-primary hover:underline dark:text-green-400">
            {newsTexts.readMore}
            <span className="sr-only">: {item.title}</span>
          </DialogTrigger>
        </div>
      </article>
      <DialogContent title={item.title} className="max-w-2xl">
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge item={item} />
            <span className="text-sm text-muted-foreground">{formatDateRu(item.createdAt)}</span>
            {item.foundation ? (
              <span className="text-sm text-muted-foreground">· {item.foundation.name}</span>
            ) : null}
          </div>
          <CoverImage src={item.image} title={item.title} className="aspect-[16/9] w-full rounded-lg" />
          <p className="whitespace-pre-line leading-relaxed">{item.content}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function NewsCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-xl border border-border bg-card">
      <div className="aspect-[16/9] animate-pulse bg-muted" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-5 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}
