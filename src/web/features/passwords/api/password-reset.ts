import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import {
  type PasswordResetConfirmInput,
  type PasswordResetRequestInput,
  resetLinkCheckPath,
} from '../../../../shared/passwords';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';
import { currentUserQuery } from '../../../api/session';

export const requestPasswordReset = (input: PasswordResetRequestInput) =>
  apiRequest<MessageAnswer>('POST', '/api/password-reset', input);

export const confirmPasswordReset = (input: PasswordResetConfirmInput) =>
  apiRequest<MessageAnswer>('POST', '/api/password-reset/confirm', input);

/** Answers when the link is open; fails with the server's Russian message when it is used or expired. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: [...queryFamilies.resetLinks, token],
    queryFn: () => apiRequest<MessageAnswer>('GET', resetLinkCheckPath(token)),
  });

export function useResetLink(token: string) {
  return useQuery({ ...resetLinkQuery(token), enabled: token !== '' });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    // Every session of the account has ended, this browser's too if it was signed in as it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
