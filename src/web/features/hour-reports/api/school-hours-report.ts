import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SchoolHoursReport } from '../../../../shared/hour-reports';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** Without a year, the school year of today (the API decides which that is). */
export const fetchSchoolHoursReport = (year: number | undefined) =>
  apiRequest<SchoolHoursReport>(
    'GET',
    `/api/school/hours-report${year === undefined ? '' : `?year=${year}`}`,
  );

const everySchoolYear = [...queryFamilies.hourReports, 'school'] as const;

/** The school's hours of one school year; `.all` is every year's, which share the goal. */
export const schoolHoursReportQuery = Object.assign(
  (year: number | undefined) =>
    queryOptions({
      queryKey: [...everySchoolYear, year ?? 'current'],
      queryFn: () => fetchSchoolHoursReport(year),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  { all: everySchoolYear },
);

export function useSchoolHoursReport(year: number | undefined) {
  return useQuery(schoolHoursReportQuery(year));
}
