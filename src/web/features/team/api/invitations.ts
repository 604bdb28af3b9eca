import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invitationsAnswerSchema } from '../../../../shared/team';
import { apiRequest } from '../../../api/client';
import { invitationsKey } from './team-keys';

export type InvitationsAnswer = z.infer<typeof invitationsAnswerSchema>;

export const fetchInvitations = () => apiRequest<InvitationsAnswer>('GET', '/api/organisation/invitations');

/** The team's open invitations, oldest first; `expired` ones may be sent again. */
export const invitationsQuery = queryOptions({
  queryKey: invitationsKey,
  queryFn: fetchInvitations,
  staleTime: 0,
});

export function useInvitations() {
  return useQuery(invitationsQuery);
}
