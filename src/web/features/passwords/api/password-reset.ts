import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import type { PasswordResetConfirmInput, PasswordResetRequestInput } from '../../../../shared/passwords';
import { apiRequest } from '../../../api/client';
import { currentUserQuery } from '../../../api/session';

export const requestPasswordReset = (input: PasswordResetRequestInput) =>
  apiRequest<MessageAnswer>('POST', '/api/password-reset', input);

export const confirmPasswordReset = (input: PasswordResetConfirmInput) =>
  apiRequest<MessageAnswer>('POST', '/api/password-reset/confirm', input);

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
