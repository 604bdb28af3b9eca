import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { profileQuery } from '../../../api/profile';
import { queryFamilies } from '../../../api/query-families';

export const changeParticipantCount = ({ id, participantCount }: { id: number; participantCount: number }) =>
  apiRequest<MessageAnswer>('PATCH', `/api/applications/${id}`, { participantCount });

/**
 * The school changes its number of pupils: its lists, the event's free places (and through them the
 * waitlist, which may move up) and its counters change.
 */
export function useChangeParticipantCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeParticipantCount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryFamilies.applications });
      void queryClient.invalidateQueries({ queryKey: queryFamilies.events });
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}
