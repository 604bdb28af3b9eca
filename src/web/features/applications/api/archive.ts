import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { archivePageSize } from '../../../../shared/application-lists';
import type { ArchiveEntry } from '../../../../shared/applications';
import { fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchArchivePage = (page: number) =>
  fetchCountedPage<ArchiveEntry>(`/api/school/completed-events?page=${page}&limit=${archivePageSize}`);

/** Every page of the school's archive: what removing an entry refreshes. */
export const archiveKey = [...queryFamilies.applications, 'archive'] as const;

/** A page of the school's completed events and the hours they earned. */
export const archivePageQuery = (page: number) =>
  queryOptions({
    queryKey: [...archiveKey, page],
    queryFn: () => fetchArchivePage(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useArchivePage(page: number) {
  return useQuery(archivePageQuery(page));
}
