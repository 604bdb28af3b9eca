import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { approvedApplicationsPageSize } from '../../../../shared/application-lists';
import type { FoundationApplication, SchoolApprovedApplication } from '../../../../shared/applications';
import { fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/**
 * Each side's approved applications with the other side's contacts: a foundation's to its events, with
 * the schools'; a school's own, with the foundations'.
 */
interface ApprovedApplicationOf {
  foundation: FoundationApplication;
  school: SchoolApprovedApplication;
}
type Side = keyof ApprovedApplicationOf;

export const fetchApprovedApplications = <S extends Side>(side: S, page: number) =>
  fetchCountedPage<ApprovedApplicationOf[S]>(
    `/api/${side}/approved-applications?page=${page}&limit=${approvedApplicationsPageSize}`,
  );

/** A page of the signed-in foundation's or school's approved applications. */
export const approvedApplicationsQuery = <S extends Side>(side: S, page: number) =>
  queryOptions({
    queryKey: [...queryFamilies.applications, `${side}-approved`, page],
    queryFn: () => fetchApprovedApplications(side, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useApprovedApplications<S extends Side>(side: S, page: number) {
  return useQuery(approvedApplicationsQuery(side, page));
}
