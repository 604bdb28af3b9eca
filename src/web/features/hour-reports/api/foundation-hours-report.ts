import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FoundationHoursReport } from '../../../../shared/hour-reports';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** Without a year, the school year of today (the API decides which that is). */
export const fetchFoundationHoursReport = (year: number | undefined) =>
  apiRequest<FoundationHoursReport>(
    'GET',
    `/api/foundation/hours-report${year === undefined ? '' : `?year=${year}`}`,
  );

export const foundationHoursReportQuery = (year: number | undefined) =>
  queryOptions({
    queryKey: [...queryFamilies.hourReports, 'foundation', year ?? 'current'],
    queryFn: () => fetchFoundationHoursReport(year),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useFoundationHoursReport(year: number | undefined) {
  return useQuery(foundationHoursReportQuery(year));
}
