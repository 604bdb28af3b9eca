import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FoundationProfileInput, Profile, SchoolProfileInput } from '../../../shared/profile';
import { apiRequest } from '../../api/client';

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: () => apiRequest<Profile>('GET', '/api/profile'),
  staleTime: 0,
});

export function useProfile(enabled = true) {
  return useQuery({ ...profileQuery, enabled });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SchoolProfileInput | FoundationProfileInput) =>
      apiRequest<Profile>('PATCH', '/api/profile', input),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      // The name in the header and public pages may have changed.
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      void queryClient.invalidateQueries({ queryKey: ['foundations'] });
    },
  });
}
