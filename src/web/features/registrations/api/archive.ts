import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArchiveEntry } from '../../../../shared/registrations';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchArchive = () => apiRequest<ArchiveEntry[]>('GET', '/api/school/completed-events');

/** The school's completed events and the hours they earned. */
export const archiveQuery = queryOptions({
  queryKey: [...queryFamilies.registrations, 'archive'],
  queryFn: fetchArchive,
  staleTime: 0,
});

export function useArchive() {
  return useQuery(archiveQuery);
}
