import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalPage } from '../../../../shared/journal';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';
import { type JournalFilters, journalSearch } from '../../../lib/journal-filters';

export const fetchOrganisationJournal = (filters: JournalFilters, page: number) =>
  apiRequest<JournalPage>('GET', `/api/organisation/journal${journalSearch(filters, page)}`);

/**
 * One page of the organisation's journal, newest first: what its people did and what the other side did
 * to its events or applications. Read afresh on every opening, since every write of the team adds to it.
 */
export const organisationJournalQuery = (filters: JournalFilters, page: number) =>
  queryOptions({
    queryKey: [...queryFamilies.journal, 'organisation', filters, page],
    queryFn: () => fetchOrganisationJournal(filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOrganisationJournal(filters: JournalFilters, page: number) {
  return useQuery(organisationJournalQuery(filters, page));
}
