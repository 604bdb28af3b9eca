import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { profileQuery } from '../../../api/profile';
import { archiveKey } from './archive';
import { myApplicationsKey } from './my-applications';

export const deleteArchiveEntry = (id: number) =>
  apiRequest<MessageAnswer>('DELETE', `/api/school/archive/${id}`);

/**
 * Removing an entry takes its hours off the school, so the profile's totals and the hours of the
 * completed application change too.
 */
export function useDeleteArchiveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArchiveEntry,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: archiveKey });
      void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}
