import { useEffect } from 'react';

/**
 * How many pages a list of `totalCount` entries takes, and the list's `page` kept among them: removing
 * the last entry of the last page would otherwise leave an empty page on screen, under a pager that no
 * longer shows it. Until the first answer (`totalCount` undefined) the list has one page.
 */
export function usePagesOf(
  totalCount: number | undefined,
  pageSize: number,
  page: number,
  setPage: (page: number) => void,
): number {
  const totalPages = Math.max(1, Math.ceil((totalCount ?? 0) / pageSize));
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);
  return totalPages;
}
