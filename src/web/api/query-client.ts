import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** Data is fetched when a screen needs it and refreshed by explicit invalidation after writes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
