import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReissuedCode } from '../../../../shared/participation-codes';
import { apiRequest } from '../../../api/client';
import { participationCodesQuery } from './participation-codes';

export const reissueCode = ({ applicationId, code }: { applicationId: number; code: string }) =>
  apiRequest<ReissuedCode>(
    'POST',
    `/api/applications/${applicationId}/codes/${encodeURIComponent(code)}/reissue`,
  );

/**
 * Revokes a lost code and issues a new one: the application's list of codes changes. A refusal reloads it
 * too, as the code may have been used since the list was shown (a used code is not replaced).
 */
export function useReissueCode(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => reissueCode({ applicationId, code }),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: participationCodesQuery(applicationId).queryKey }),
  });
}
