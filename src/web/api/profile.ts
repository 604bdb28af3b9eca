import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../shared/profile';
import { apiRequest } from './client';
import { queryFamilies } from './query-families';

export const fetchProfile = () => apiRequest<Profile>('GET', '/api/profile');

/** The signed-in account's organisation and counters: read by the dashboards, forms and event pages. */
export const profileQuery = queryOptions({
  queryKey: queryFamilies.profile,
  queryFn: fetchProfile,
  staleTime: 0,
});

export function useProfile(enabled = true) {
  return useQuery({ ...profileQuery, enabled });
}
