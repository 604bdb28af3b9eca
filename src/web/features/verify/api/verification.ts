import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Verification } from '../../../../shared/certificates';
import { apiRequest } from '../../../api/client';
import { keepsNotFoundOnMount } from '../../../api/query-client';
import { queryFamilies } from '../../../api/query-families';

export const fetchVerification = (code: string) =>
  apiRequest<Verification>('GET', `/api/verify/${encodeURIComponent(code)}`);

export const verificationQuery = (code: string) =>
  queryOptions({
    queryKey: [...queryFamilies.verification, code],
    queryFn: () => fetchVerification(code),
    ...keepsNotFoundOnMount,
    // Every look-up counts against the address's limit: no retries, and no refetch while the page is open.
    retry: false,
    staleTime: 5 * 60_000,
  });

/** What a code proves; `code` is undefined while none (or a malformed one) is given. */
export function useVerification(code: string | undefined) {
  return useQuery({ ...verificationQuery(code ?? ''), enabled: code !== undefined });
}
