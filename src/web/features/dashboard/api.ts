import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FoundationReport, ReportInput, reportInputSchema } from '../../../shared/reports';
import { apiRequest } from '../../api/client';

export type { FoundationReport };

/** What the report form holds: the schema's input, before its transforms. */
export type ReportFormValues = z.input<typeof reportInputSchema>;

export interface ApplicationStats {
  totalApplications: number;
  approvedApplications: number;
  pendingApplications: number;
  totalEvents: number;
}

/** Both refresh every 30 s (working-areas.md section 9) while the dashboard is open. */
export function useApplicationStats(enabled: boolean) {
  return useQuery({
    queryKey: ['foundation', 'application-stats'],
    queryFn: () => apiRequest<ApplicationStats>('GET', '/api/foundation/application-stats'),
    enabled,
    refetchInterval: 30_000,
    staleTime: 0,
  });
}

export const foundationReportsQuery = queryOptions({
  queryKey: ['foundation', 'reports'],
  queryFn: () => apiRequest<FoundationReport[]>('GET', '/api/foundation/reports'),
  staleTime: 0,
});

export function useFoundationReports(enabled: boolean) {
  return useQuery({ ...foundationReportsQuery, enabled });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) =>
      apiRequest<FoundationReport>('POST', '/api/foundation/reports', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foundationReportsQuery.queryKey }),
  });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', `/api/foundation/reports/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foundationReportsQuery.queryKey }),
  });
}
