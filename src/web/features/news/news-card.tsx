import { Newspaper } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NewsPreview } from '../../../shared/news-answers';
import { CoverImage } from '../../components/cover-image';
import { formatMomentDay } from '../../lib/app-time-zone';
import { lazyNamed } from '../../lib/lazy-named';
import { CategoryBadge } from './category-badge';
import { newsItemPath } from './news-item-path';
import { newsTexts } from './texts';

// The dialog (Radix, focus trap, scroll lock) loads when a reader first opens a news item, not with the
// home page.
const NewsDialog = lazyNamed(() => import('./news-dialog'), 'NewsDialog');

/** A news card with the start of the text, that opens the whole of it in a dialog. */
export function NewsCard({ item }: { item: NewsPreview }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const readMore = useRef<HTMLButtonElement>(null);
  return (
    <>
      <article className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm">
        <CoverImage
          src={item.image}
          title={item.title}
          className="aspect-[16/9] w-full"
          placeholder={<Newspaper aria-hidden className="size-14" strokeWidth={1.5} />}
        />
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge item={item} />
            {/* The server writes the day in its own time zone, the reader's browser in theirs; near
                midnight they differ by one day, which must not make React discard the drawn page. */}
            <time
              dateTime={item.createdAt}
              className="text-xs text-muted-foreground"
              suppressHydrationWarning
            >
              {formatMomentDay(item.createdAt)}
            </time>
          </div>
          <h3 className="text-lg leading-snug font-semibold">
            {/* The item's own address: the one a reader copies or shares. */}
            <Link to={newsItemPath(item.id)} className="hover:underline">
              {item.title}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">{item.excerpt}</p>
          <button
            ref={readMore}
            type="button"
            aria-haspopup="dialog"
            className="mt-auto self-start text-sm font-medium text-primary hover:underline dark:text-green-400"
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            {newsTexts.readMore}
            <span className="sr-only">: {item.title}</span>
          </button>
        </div>
      </article>
      {opened ? (
        <Suspense fallback={null}>
          <NewsDialog item={item} open={open} onOpenChange={setOpen} returnFocusTo={readMore} />
        </Suspense>
      ) : null}
    </>
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
