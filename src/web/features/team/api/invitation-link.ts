import { queryOptions, useQuery } from '@tanstack/react-query';
import { type InvitationLink, invitationLinkCheckPath } from '../../../../shared/team';
import { apiRequest } from '../../../api/client';
import { invitationLinksKey } from './team-keys';

/**
 * Answers what the link invites to while it is open; fails with the server's Russian message when it is
 * used, revoked, expired or unknown.
 */
export const invitationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: [...invitationLinksKey, token],
    queryFn: () => apiRequest<InvitationLink>('GET', invitationLinkCheckPath(token)),
  });

export function useInvitationLink(token: string) {
  return useQuery({ ...invitationLinkQuery(token), enabled: token !== '' });
}
