import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InvitationInput, invitationSentSchema } from '../../../../shared/team';
import { apiRequest } from '../../../api/client';
import { invitationsQuery } from './invitations';

export type InvitationSent = z.infer<typeof invitationSentSchema>;

export const invite = (input: InvitationInput) =>
  apiRequest<InvitationSent>('POST', '/api/organisation/invitations', input);

/** An owner invites a person by e-mail; the invitation joins the list of pending ones. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey }),
  });
}
