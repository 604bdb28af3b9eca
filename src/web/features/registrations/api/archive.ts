import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityType } from '../../../../shared/catalog';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

// TODO(shared-answer)
export interface ArchiveEntry {
  id: number;
  registrationId: number | null;
  eventId: number | null;
  eventTitle: string;
  eventDate: string;
  foundationName: string | null;
  activityType: ActivityType | null;
  participantCount: number;
  hoursEarned: number;
  creditedAt: string;
}

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
