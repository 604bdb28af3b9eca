import { useMutation } from '@tanstack/react-query';
import type { AdminCredentialsInput } from '../../../shared/admin';
import { apiRequest } from '../../api/client';

/** Changes the administrator's name and/or password; the server ends every session of the account. */
export function useUpdateAdminCredentials() {
  return useMutation({
    mutationFn: (input: AdminCredentialsInput) =>
      apiRequest<{ message: string }>('PATCH', '/api/admin/update-credentials', input),
  });
}
