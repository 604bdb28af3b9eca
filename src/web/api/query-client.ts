import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { queryFamilies } from './query-families';

/** The cached signed-in account (session.ts): null for a visitor who is not signed in. */
export const sessionQueryKey = queryFamilies.session;

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

/**
 * A page the server drew for a missing event (or news item...) arrives with the query's 404 in its
 * data, so the browser shows the same not-found page instead of a spinner. JSON keeps only the error's
 * fields; this makes it an ApiError again, as the pages expect.
 */
export function reviveServerErrors(client: QueryClient): void {
  for (const query of client.getQueryCache().getAll()) {
    const error: unknown = query.state.error;
    if (error === null || error instanceof Error || typeof error !== 'object') continue;
    const { status, body } = error as { status?: unknown; body?: unknown };
    if (typeof status !== 'number') continue;
    query.setState({ error: new ApiError(status, typeof body === 'string' ? body : '', '') });
  }
}

/**
 * For the read of a page's own entity (an event, a foundation, a news item, a request): a 404 the
 * server drew stays the answer when the page mounts. By default a failed query counts as loading again
 * on mount, so the page would show a spinner where the drawn page shows «не найдено», on the server
 * and in the browser adopting it alike; «Попробовать снова» still asks again for other failures.
 */
export const keepsNotFoundOnMount = { retryOnMount: false } as const;
