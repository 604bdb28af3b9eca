import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SchoolApplication, SchoolApplicationCounts } from '../../../../shared/applications';
import type { ApplicationStatus } from '../../../../shared/catalog';
import { apiRequest, type CountedPage, fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** Which of the school's applications a screen shows: one status or all, or those to some events. */
export interface MyApplicationsRequest {
  status?: ApplicationStatus;
  eventIds?: number[];
  page: number;
  limit: number;
}

export async function fetchMyApplications(
  request: MyApplicationsRequest,
): Promise<CountedPage<SchoolApplication>> {
  const params = new URLSearchParams({ page: String(request.page), limit: String(request.limit) });
  if (request.status) params.set('status', request.status);
  for (const id of request.eventIds ?? []) params.append('eventId', String(id));
  return fetchCountedPage<SchoolApplication>(`/api/my-applications?${params}`);
}

/** Every read of the school's own applications, pages and counts: what a change of one refreshes. */
export const myApplicationsKey = [...queryFamilies.applications, 'mine'] as const;

/** A page of the signed-in school's applications. */
export const myApplicationsQuery = (request: MyApplicationsRequest) =>
  queryOptions({
    queryKey: [
      ...myApplicationsKey,
      request.status ?? 'all',
      request.eventIds ?? 'any',
      request.page,
      request.limit,
    ],
    queryFn: () => fetchMyApplications(request),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useMyApplications(request: MyApplicationsRequest, enabled = true) {
  return useQuery({ ...myApplicationsQuery(request), enabled });
}

/** How many applications the signed-in school has in each status. */
export function useMyApplicationCounts() {
  return useQuery({
    queryKey: [...myApplicationsKey, 'counts'],
    queryFn: () => apiRequest<SchoolApplicationCounts>('GET', '/api/my-applications/counts'),
    staleTime: 0,
  });
}
