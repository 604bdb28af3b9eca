import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FoundationProfileInput, Profile, SchoolProfileInput } from '../../shared/profile';
import { apiRequest } from './client';
import { profileQuery } from './profile';
import { queryFamilies } from './query-families';
import { currentUserQuery } from './session';

export const updateProfile = (input: SchoolProfileInput | FoundationProfileInput) =>
  apiRequest<Profile>('PATCH', '/api/profile', input);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      // The name in the header, on the foundations' lists and on the foundation's own page may have
      // changed.
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: queryFamilies.foundations });
    },
  });
}
