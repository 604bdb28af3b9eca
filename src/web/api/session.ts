import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../shared/auth';
import { apiRequest } from './client';
import { sessionQueryKey } from './query-client';

/**
 * The signed-in account, or null for an anonymous visitor. /api/session answers 200 either way, so a
 * visitor's browser logs no failed request on every page as /api/user's 401 would. Shared by every
 * screen that differs for a signed-in visitor; signing in and out live in features/auth.
 */
export const currentUserQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async (): Promise<SessionUser | null> =>
    (await apiRequest<{ user: SessionUser | null }>('GET', '/api/session')).user,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
