import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '../../shared/answers';
import type { PasswordChangeInput } from '../../shared/passwords';
import { apiRequest } from './client';

export const changePassword = (input: PasswordChangeInput) =>
  apiRequest<MessageAnswer>('PATCH', '/api/password', input);

/** Used by the dashboard and the administrator's panel alike: this session stays signed in. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
