import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { invitationsQuery } from './invitations';

export const revokeInvitation = (invitationId: number) =>
  apiRequest<MessageAnswer>('DELETE', `/api/organisation/invitations/${invitationId}`);

/** The link in the letter stops working; the invitation leaves the list. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey }),
  });
}
