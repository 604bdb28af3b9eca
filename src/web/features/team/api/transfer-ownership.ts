import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { currentUserQuery } from '../../../api/session';
import { membersQuery } from './members';

export const transferOwnership = (memberId: number) =>
  apiRequest<MessageAnswer>('POST', '/api/organisation/transfer-ownership', { memberId });

/**
 * Makes another member the owner; the caller stays on as a coordinator, so the session is read again too
 * and the owner's controls leave the page.
 */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferOwnership,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      ]),
  });
}
