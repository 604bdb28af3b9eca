import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button';

type PageItem = number | 'gap-start' | 'gap-end';

/**
 * Page numbers to show. With a window, the current page sits in a run of `window` pages while the
 * first and last pages always show, with an ellipsis for any gap; without one, every page shows.
 */
export function pageItems(current: number, total: number, window?: number): PageItem[] {
  if (!window || total <= window + 2) return Array.from({ length: total }, (_, index) => index + 1);
  const half = Math.floor(window / 2);
  let start = Math.max(2, current - half);
  let end = Math.min(total - 1, start + window - 1);
  start = Math.max(2, end - window + 1);
  if (end - start + 1 < window) end = Math.min(total - 1, start + window - 1);
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap-start');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < total - 1) items.push('gap-end');
  items.push(total);
  return items;
}

/** On a phone: the first, current and last pages, so the pager keeps to one line at 375 px. */
export function compactPageItems(current: number, total: number): PageItem[] {
  return total <= compactAllPages ? pageItems(current, total) : pageItems(current, total, 1);
}

/** Up to this many pages fit a phone's line all shown, with the arrows. */
const compactAllPages = 5;

type Shown = 'always' | 'wide' | 'narrow';

/**
 * The items of both layouts in one row, each marked with where it shows: CSS picks the layout, so the
 * page drawn by the server is already right for the screen, with no jump when the scripts arrive. A gap
 * sits at half a step after the page it follows, which lets the two layouts' gaps be matched.
 */
function responsiveItems(current: number, total: number, window?: number) {
  const position = (item: PageItem, items: PageItem[], index: number) =>
    typeof item === 'number' ? item : (items[index - 1] as number) + 0.5;
  const wide = pageItems(current, total, window);
  const narrow = compactPageItems(current, total);
  const byPosition = new Map<number, { item: PageItem; shown: Shown }>();
  wide.forEach((item, index) => {
    byPosition.set(position(item, wide, index), { item, shown: 'wide' });
  });
  narrow.forEach((item, index) => {
    const at = position(item, narrow, index);
    const both = byPosition.get(at);
    byPosition.set(at, { item, shown: both ? 'always' : 'narrow' });
  });
  return [...byPosition.entries()].sort(([a], [b]) => a - b).map(([at, entry]) => ({ at, ...entry }));
}

// A wrapper that leaves the layout to the row, rather than a class on the button: a button's own display
// class would fight this one.
const shownClass: Record<Shown, string> = {
  always: 'contents',
  wide: 'hidden sm:contents',
  narrow: 'contents sm:hidden',
};

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** How many page buttons slide around the current one; omit to show every page. */
  window?: number;
  label?: string;
}

export function Pagination({ page, totalPages, onPageChange, window, label = 'Страницы' }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <Button
        variant="outline"
        size="icon"
        aria-label="Предыдущая страница"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      {responsiveItems(page, totalPages, window).map(({ at, item, shown }) => {
        const element =
          typeof item === 'number' ? (
            <Button
              variant={item === page ? 'primary' : 'outline'}
              size="icon"
              aria-label={`Страница ${item}`}
              aria-current={item === page ? 'page' : undefined}
              className={item === page ? 'pointer-events-none' : undefined}
              onClick={() => onPageChange(item)}
            >
              {item}
            </Button>
          ) : (
            <span aria-hidden className="px-1 text-muted-foreground">
              …
            </span>
          );
        return (
          <span key={at} className={shownClass[shown]}>
            {element}
          </span>
        );
      })}
      <Button
        variant="outline"
        size="icon"
        aria-label="Следующая страница"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
