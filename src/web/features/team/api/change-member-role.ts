import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import type { MemberRole } from '../../../../shared/roles';
import { apiRequest } from '../../../api/client';
import { membersQuery } from './members';

export const changeMemberRole = ({ memberId, role }: { memberId: number; role: MemberRole }) =>
  apiRequest<MessageAnswer>('PATCH', `/api/organisation/members/${memberId}`, { role });

/** An owner gives another member a new role; the list shows it once the server has it. */
export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQuery.queryKey }),
  });
}
