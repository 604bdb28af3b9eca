import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParticipationCode } from '../../../../shared/participation-codes';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** The pupils' codes of the school's completed application. */
export const participationCodesQuery = (applicationId: number) =>
  queryOptions({
    queryKey: [...queryFamilies.applications, 'codes', applicationId],
    queryFn: () => apiRequest<ParticipationCode[]>('GET', `/api/applications/${applicationId}/codes`),
    staleTime: 0,
  });

export function useParticipationCodes(applicationId: number, enabled: boolean) {
  return useQuery({ ...participationCodesQuery(applicationId), enabled });
}

/** The printable sheet of slips of the active codes: a plain link, the browser saves the PDF itself. */
export const codeSlipsAddress = (applicationId: number) => `/api/applications/${applicationId}/codes.pdf`;
