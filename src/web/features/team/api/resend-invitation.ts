import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { invitationsQuery } from './invitations';
import type { InvitationSent } from './invite';

export const resendInvitation = (invitationId: number) =>
  apiRequest<InvitationSent>('POST', `/api/organisation/invitations/${invitationId}/resend`);

/** A new link, valid from now, to the same address; the list shows the new dates. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey }),
  });
}
