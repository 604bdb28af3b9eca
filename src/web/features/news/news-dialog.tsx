import { Newspaper } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import type { NewsPreview } from '../../../shared/news-answers';
import { CoverImage } from '../../components/cover-image';
import { LoadError } from '../../components/load-error';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { formatMomentDay } from '../../lib/app-time-zone';
import { isUsableImage } from '../../lib/placeholder';
import { useNewsItem } from './api/news-item';
import { CategoryBadge } from './category-badge';
import { newsItemPath } from './news-item-path';
import { newsTexts } from './texts';

/** The whole news item, opened from its card: the list has its start only, the text comes with the item. */
export function NewsDialog({
  item,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  item: NewsPreview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const full = useNewsItem(item.id);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={item.title} wide returnFocusTo={returnFocusTo}>
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge item={item} />
            <time dateTime={item.createdAt} className="text-sm text-muted-foreground">
              {formatMomentDay(item.createdAt)}
            </time>
          </div>
          {item.foundation ? <p className="text-sm text-muted-foreground">{item.foundation.name}</p> : null}
          {/* Without a picture there is nothing to show: a coloured block would only fill the phone's screen. */}
          {isUsableImage(item.image) ? (
            <CoverImage
              src={item.image}
              title={item.title}
              className="aspect-[16/9] max-h-64 w-full rounded-lg"
              placeholder={<Newspaper aria-hidden className="size-12" strokeWidth={1.5} />}
            />
          ) : null}
          {full.data ? (
            <p className="whitespace-pre-line leading-relaxed">{full.data.content}</p>
          ) : full.isError ? (
            <LoadError text={newsTexts.loadOneFailed} onRetry={() => void full.refetch()} />
          ) : (
            <Spinner />
          )}
          <Link
            to={newsItemPath(item.id)}
            className="inline-block text-sm font-medium text-primary hover:underline dark:text-green-400"
          >
            {newsTexts.openPage}
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
