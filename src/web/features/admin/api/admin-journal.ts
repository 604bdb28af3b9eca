import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalPage } from '../../../../shared/journal';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';
import { type JournalFilters, journalSearch } from '../../../lib/journal-filters';

export const fetchAdminJournal = (filters: JournalFilters, page: number) =>
  apiRequest<JournalPage>('GET', `/api/admin/journal${journalSearch(filters, page)}`);

/** One page of every organisation's journal, newest first, every person named. */
export const adminJournalQuery = (filters: JournalFilters, page: number) =>
  queryOptions({
    queryKey: [...queryFamilies.journal, 'admin', filters, page],
    queryFn: () => fetchAdminJournal(filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAdminJournal(filters: JournalFilters, page: number) {
  return useQuery(adminJournalQuery(filters, page));
}
