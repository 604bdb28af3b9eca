import { useEffect } from 'react';

/** How many pages a list of `totalCount` entries takes: one at least, the empty list's. */
export const pageCountOf = (totalCount: number, pageSize: number) =>
  Math.max(1, Math.ceil(totalCount / pageSize));

/**
 * The page a list should show instead of `page`, when `page` is past its last one (its last entry was
 * just removed); undefined when `page` is right. Without an answer (`totalCount` undefined: the first one
 * loading, or a failed one) nothing moves, so that trying again asks for the same page.
 */
export function pageToStepBackTo(
  page: number,
  totalCount: number | undefined,
  pageSize: number,
): number | undefined {
  if (totalCount === undefined) return undefined;
  const last = pageCountOf(totalCount, pageSize);
  return page > last ? last : undefined;
}

/**
 * How many pages a list of `totalCount` entries takes, and the list's `page` kept among them: removing
 * the last entry of the last page would otherwise leave an empty page on screen, under a pager that no
 * longer shows it.
 */
export function usePagesOf(
  totalCount: number | undefined,
  pageSize: number,
  page: number,
  setPage: (page: number) => void,
): number {
  const stepBackTo = pageToStepBackTo(page, totalCount, pageSize);
  useEffect(() => {
    if (stepBackTo !== undefined) setPage(stepBackTo);
  }, [stepBackTo, setPage]);
  return pageCountOf(totalCount ?? 0, pageSize);
}
