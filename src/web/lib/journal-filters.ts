import type { JournalKindGroup } from '../../shared/journal';

/**
 * What a journal list is narrowed to (issue 53, item 4): a period of days and a group of kinds, '' for
 * none. The organisation's tab and the administrator's read the same query of different addresses, and
 * their exports take the same filters without the page.
 */
export interface JournalFilters {
  /** yyyy-MM-dd or ''. */
  from: string;
  /** yyyy-MM-dd or ''. */
  to: string;
  kind: JournalKindGroup | '';
}

export const emptyJournalFilters: JournalFilters = { from: '', to: '', kind: '' };

export const hasJournalFilters = (filters: JournalFilters): boolean =>
  Boolean(filters.from || filters.to || filters.kind);

/** `?from&to&kind&page` as GET …/journal takes it: a filter left empty and the first page are not sent. */
export function journalSearch(filters: JournalFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.kind) params.set('kind', filters.kind);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
