import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportsPageSize } from '../../../../shared/report-lists';
import type { FoundationReport } from '../../../../shared/reports';
import { fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchFoundationReportPage = (page: number) =>
  fetchCountedPage<FoundationReport>(`/api/foundation/reports?page=${page}&limit=${reportsPageSize}`);

/** Every page of the foundation's reports: what writing or removing one refreshes. */
export const foundationReportsKey = [...queryFamilies.foundationDashboard, 'reports'] as const;

/** A page of the signed-in foundation's reports, newest first. */
export const foundationReportPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...foundationReportsKey, page],
    queryFn: () => fetchFoundationReportPage(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useFoundationReportPage(page: number, enabled: boolean) {
  return useQuery({ ...foundationReportPageQuery(page), enabled });
}
