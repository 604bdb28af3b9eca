import type { RefObject } from 'react';
import { Link } from 'react-router';
import { formatDateRu } from '../../../shared/dates';
import type { NewsItem } from '../../../shared/news';
import { CoverImage } from '../../components/cover-image';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { newsItemPath } from './api';
import { CategoryBadge } from './news-card';
import { newsTexts } from './texts';

/** The whole news item, opened from its card. */
export function NewsDialog({
  item,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  item: NewsItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={item.title} wide returnFocusTo={returnFocusTo}>
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
