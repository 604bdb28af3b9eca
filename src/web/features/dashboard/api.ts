import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

export interface ApplicationStats {
  totalApplications: number;
  approvedApplications: number;
  pendingApplications: number;
  totalEvents: number;
}

export interface FoundationReport {
  id: number;
  eventTitle: string;
  eventDate: string;
  volunteersCount: number;
  additionalInfo: string | null;
  createdAt: string;
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

export function useFoundationReports(enabled: boolean) {
  return useQuery({
    queryKey: ['foundation', 'reports'],
    queryFn: () => apiRequest<FoundationReport[]>('GET', '/api/foundation/reports'),
    enabled,
    staleTime: 0,
  });
}
