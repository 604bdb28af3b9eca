import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { approvedApplicationsPageSize } from '../../../../shared/application-lists';
import type { SchoolApprovedApplication } from '../../../../shared/registrations';
import { fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchSchoolApprovedApplications = (page: number) =>
  fetchCountedPage<SchoolApprovedApplication>(
    `/api/school/approved-applications?page=${page}&limit=${approvedApplicationsPageSize}`,
  );

/** A page of the signed-in school's approved applications, with the foundations' contacts. */
export const schoolApprovedApplicationsQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryFamilies.registrations, 'school-approved', page],
    queryFn: () => fetchSchoolApprovedApplications(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useSchoolApprovedApplications(page: number) {
  return useQuery(schoolApprovedApplicationsQuery(page));
}
