import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SchoolApplication } from '../../../../shared/registrations';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchMyApplications = () => apiRequest<SchoolApplication[]>('GET', '/api/my-registrations');

/** The signed-in school's applications. */
export const myApplicationsQuery = queryOptions({
  queryKey: [...queryFamilies.registrations, 'mine'],
  queryFn: fetchMyApplications,
  staleTime: 0,
});

export function useMyApplications() {
  return useQuery(myApplicationsQuery);
}
