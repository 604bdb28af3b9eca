import { clsx } from 'clsx';
import { newsCategoryLabels } from '../../../shared/news';
import type { NewsPreview } from '../../../shared/news-answers';

/** A news item's category as a coloured pill: success stories amber, the rest green. */
export function CategoryBadge({ item }: { item: Pick<NewsPreview, 'category'> }) {
  return (
    <span
      className={clsx(
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
