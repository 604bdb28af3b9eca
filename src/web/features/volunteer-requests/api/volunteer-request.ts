import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VolunteerRequestDetail } from '../../../../shared/volunteer-requests';
import { apiRequest } from '../../../api/client';
import { keepsNotFoundOnMount } from '../../../api/query-client';
import { queryFamilies } from '../../../api/query-families';

export const fetchVolunteerRequest = (id: number) =>
  apiRequest<VolunteerRequestDetail>('GET', `/api/volunteer-requests/${id}`);

export const volunteerRequestQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryFamilies.volunteerRequests, 'detail', id],
    queryFn: () => fetchVolunteerRequest(id),
    ...keepsNotFoundOnMount,
    staleTime: 0,
  });

export function useVolunteerRequest(id: number | undefined) {
  return useQuery({ ...volunteerRequestQuery(id ?? 0), enabled: id !== undefined });
}
