import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import type { ModerationDecision } from '../../../../shared/moderation';
import { apiRequest } from '../../../api/client';
import { adminStatsQuery } from './admin-stats';
import { moderationListQuery } from './moderation-list';

export const moderateOrganisation = ({
  userId,
  decision,
}: {
  userId: number;
  decision: ModerationDecision;
}) => apiRequest<MessageAnswer>('PATCH', `/api/admin/organizations/${userId}/moderate`, decision);

/** Records a decision on the organisation of account `userId`; the list and the counters are read again. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateOrganisation,
    // Not awaited: the decided organisation may leave the filtered list, and the caller's toast must
    // run before its card (and the dialog inside it) unmounts.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moderationListQuery.all });
      void queryClient.invalidateQueries({ queryKey: adminStatsQuery.queryKey });
    },
  });
}
