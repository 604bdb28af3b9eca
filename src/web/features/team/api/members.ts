import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MembersAnswer } from '../../../../shared/team';
import { apiRequest } from '../../../api/client';
import { membersKey } from './team-keys';

export const fetchMembers = () => apiRequest<MembersAnswer>('GET', '/api/organisation/members');

/** The signed-in person's team: owners first, then coordinators, then viewers. */
export const membersQuery = queryOptions({
  queryKey: membersKey,
  queryFn: fetchMembers,
  staleTime: 0,
});

export function useMembers() {
  return useQuery(membersQuery);
}
