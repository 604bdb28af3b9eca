import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { profileQuery } from '../../../api/profile';
import { queryFamilies } from '../../../api/query-families';
import { myApplicationsKey } from './my-applications';

export const cancelApplication = (id: number) =>
  apiRequest<MessageAnswer>('DELETE', `/api/applications/${id}`);

/** The school withdraws an application: its list, the event's free places and its counters change. */
export function useCancelApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelApplication,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
      void queryClient.invalidateQueries({ queryKey: queryFamilies.events });
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}
