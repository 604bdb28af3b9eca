import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '../../shared/auth';
import { apiRequest } from './client';
import { sessionQueryKey } from './query-client';

export const fetchCurrentUser = async () => (await apiRequest<Session>('GET', '/api/session')).user;

/**
 * The signed-in account, or null for an anonymous visitor. /api/session answers 200 either way, so a
 * visitor's browser logs no failed request on every page as /api/user's 401 would. Shared by every
 * screen that differs for a signed-in visitor; signing in lives in features/auth, signing out in
 * lib/use-sign-out.ts.
 */
export const currentUserQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchCurrentUser,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
