import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../shared/auth';
import type { InvitationAcceptInput } from '../../../../shared/team';
import { apiRequest } from '../../../api/client';
import { currentUserQuery } from '../../../api/session';
import { invitationLinksKey } from './team-keys';

export const acceptInvitation = (input: InvitationAcceptInput) =>
  apiRequest<SessionUser>('POST', '/api/invitations/accept', input);

/** Creates the account in the team and signs it in: the header shows it at once. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      // Whatever else is cached was fetched for a visitor who was not signed in. The used link is not
      // asked about again: the page leaves for the dashboard.
      void queryClient.invalidateQueries({
        predicate: ({ queryKey: [family] }) =>
          family !== currentUserQuery.queryKey[0] && family !== invitationLinksKey[0],
      });
    },
  });
}
