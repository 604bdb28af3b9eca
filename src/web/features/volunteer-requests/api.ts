import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VolunteerRequestStatus } from '../../../shared/catalog';
import { type VolunteerRequestFilters, volunteerRequestApiQuery } from '../../../shared/list-addresses';
import type {
  SchoolResponseInput,
  VolunteerRequestDetail,
  VolunteerRequestInput,
  VolunteerRequestListItem,
} from '../../../shared/volunteer-requests';
import { apiRequest, apiRequestWithHeaders } from '../../api/client';
import { keepsNotFoundOnMount } from '../../api/query-client';

const allRequestsKey = ['volunteer-requests'] as const;

export interface VolunteerRequestPage {
  items: VolunteerRequestListItem[];
  totalCount: number;
}

/** One page of requests, optionally of one foundation; the total comes from X-Total-Count. */
export function useVolunteerRequestPage(filters: VolunteerRequestFilters, page: number, limit: number) {
  return useQuery({
    queryKey: [...allRequestsKey, 'list', filters.foundationId ?? 'all', page, limit],
    queryFn: async (): Promise<VolunteerRequestPage> => {
      const { data, headers } = await apiRequestWithHeaders<VolunteerRequestListItem[]>(
        'GET',
        `/api/volunteer-requests?${volunteerRequestApiQuery(filters, page, limit)}`,
      );
      return { items: data, totalCount: Number(headers.get('X-Total-Count') ?? 0) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const requestQuery = (id: number) =>
  queryOptions({
    queryKey: [...allRequestsKey, 'detail', id],
    queryFn: () => apiRequest<VolunteerRequestDetail>('GET', `/api/volunteer-requests/${id}`),
    ...keepsNotFoundOnMount,
    staleTime: 0,
  });

export function useVolunteerRequest(id: number | undefined) {
  return useQuery({ ...requestQuery(id ?? 0), enabled: id !== undefined });
}

/** Every write changes the list (status, counts) and the detail, so all request queries refresh. */
function useRefreshRequests() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: allRequestsKey });
}

export function useCreateVolunteerRequest() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: (input: VolunteerRequestInput) =>
      apiRequest<VolunteerRequestDetail>('POST', '/api/volunteer-requests', input),
    onSuccess: refresh,
  });
}

export function useChangeRequestStatus(id: number) {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: (status: VolunteerRequestStatus) =>
      apiRequest<VolunteerRequestDetail>('PATCH', `/api/volunteer-requests/${id}`, { status }),
    onSuccess: refresh,
  });
}

export function useRespondToRequest(id: number) {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: (input: SchoolResponseInput) =>
      apiRequest<{ id: number; message: string }>('POST', `/api/volunteer-requests/${id}/respond`, input),
    onSuccess: refresh,
  });
}

export function useProcessResponse() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: ({
      id,
      status,
      processingNote,
    }: {
      id: number;
      status: 'accepted' | 'rejected';
      processingNote: string;
    }) =>
      apiRequest<{ message: string }>('PUT', `/api/school-responses/${id}`, {
        status,
        ...(processingNote.trim() ? { processingNote: processingNote.trim() } : {}),
      }),
    onSuccess: refresh,
  });
}
