import { clsx } from 'clsx';

interface ListSkeletonProps {
  /** As many as one page of the list holds, so the page is as tall loading as loaded. */
  rows: number;
  /** A row's height as the list draws it, per screen width (e.g. 'h-48 lg:h-24'). */
  rowClassName: string;
  label?: string;
}

/**
 * A list's place while it loads: grey rows of the size of the rows to come. A spinner took a few lines
 * and the list then pushed everything below it down the screen, the footer too (Lighthouse counted a
 * layout shift of 1.2 on the applications pages, issue 27).
 */
export function ListSkeleton({ rows, rowClassName, label = 'Загрузка…' }: ListSkeletonProps) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <div aria-hidden className="space-y-3">
        {Array.from({ length: rows }, (_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity
            key={index}
            className={clsx('rounded-xl bg-muted motion-safe:animate-pulse', rowClassName)}
          />
        ))}
      </div>
    </div>
  );
}
