import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** The cached signed-in account (features/auth/api.ts): null for a visitor who is not signed in. */
export const sessionQueryKey = ['user'] as const;

/**
 * Data is fetched when a screen needs it and refreshed by explicit invalidation after writes. A 401 from
 * any call means the session has ended (expired, or signed out in another tab): the cached account
 * becomes signed-out at once, so the header and the guards stop acting as if someone were signed in.
 */
export function createQueryClient(): QueryClient {
  const signOutOnUnauthorized = (error: Error) => {
    if (error instanceof ApiError && error.status === 401) client.setQueryData(sessionQueryKey, null);
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: signOutOnUnauthorized }),
    mutationCache: new MutationCache({ onError: signOutOnUnauthorized }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
