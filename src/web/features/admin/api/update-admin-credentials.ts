import { useMutation } from '@tanstack/react-query';
import type { AdminCredentialsInput } from '../../../../shared/admin';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';

export const updateAdminCredentials = (input: AdminCredentialsInput) =>
  apiRequest<MessageAnswer>('PATCH', '/api/admin/update-credentials', input);

/** Changes the administrator's name and/or password; the server ends every session of the account. */
export function useUpdateAdminCredentials() {
  return useMutation({ mutationFn: updateAdminCredentials });
}
