import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { membersQuery } from './members';

/** An owner removes anyone of the team; any member removes themselves, which is leaving it. */
export const removeMember = (memberId: number) =>
  apiRequest<MessageAnswer>('DELETE', `/api/organisation/members/${memberId}`);

/** An owner removes another member: the list is read again, without them. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQuery.queryKey }),
  });
}

/**
 * The person leaves the team. Their account goes with it and the server has cleared the session cookie:
 * the tab reloads the site (as signing out does), so nothing is asked again of a session that has ended.
 */
export function useLeaveTeam() {
  return useMutation({ mutationFn: removeMember });
}
