import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SchoolApprovedApplication } from '../../../../shared/registrations';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchSchoolApprovedApplications = () =>
  apiRequest<SchoolApprovedApplication[]>('GET', '/api/school/approved-applications');

export const schoolApprovedApplicationsQuery = queryOptions({
  queryKey: [...queryFamilies.registrations, 'school-approved'],
  queryFn: fetchSchoolApprovedApplications,
  staleTime: 0,
});

export function useSchoolApprovedApplications() {
  return useQuery(schoolApprovedApplicationsQuery);
}
