import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminHoursReport } from '../../../../shared/hour-reports';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** Without a year, the school year of today (the API decides which that is). */
export const fetchAdminHoursReport = (year: number | undefined) =>
  apiRequest<AdminHoursReport>('GET', `/api/admin/hours-report${year === undefined ? '' : `?year=${year}`}`);

export const adminHoursReportQuery = (year: number | undefined) =>
  queryOptions({
    queryKey: [...queryFamilies.hourReports, 'admin', year ?? 'current'],
    queryFn: () => fetchAdminHoursReport(year),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAdminHoursReport(year: number | undefined) {
  return useQuery(adminHoursReportQuery(year));
}
