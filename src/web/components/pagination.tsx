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
      {pageItems(page, totalPages, window).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
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
          <span key={item} aria-hidden className="px-1 text-muted-foreground">
            …
          </span>
        ),
      )}
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
