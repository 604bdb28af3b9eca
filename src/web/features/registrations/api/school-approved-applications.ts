import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';
import type { SchoolApplication } from './my-applications';

// TODO(shared-answer)
export interface SchoolApprovedApplication extends SchoolApplication {
  event: SchoolApplication['event'] & { description: string };
  foundation: SchoolApplication['foundation'] & {
    description: string | null;
    address: string | null;
    website: string | null;
  };
}

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
