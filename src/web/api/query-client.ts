import {
  type DehydratedState,
  hydrate,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
} from '@tanstack/react-query';
import { ApiError } from './client';
import { queryFamilies } from './query-families';

/** The cached signed-in account (session.ts): null for a visitor who is not signed in. */
export const sessionQueryKey = queryFamilies.session;

/**
 * How long the data a page was drawn with by the server counts as fresh in the browser that adopts it.
 * The working pages' reads are always stale (`staleTime: 0`) so that each visit asks again; without this
 * the browser asked the server for the session's notifications, profile and the page's list once more
 * the moment it adopted the page drawn from them a second before, and re-rendered with the answers on a
 * phone still busy hydrating. Ten seconds: longer than a slow phone takes to adopt the page, short
 * enough that coming back to the page later asks again, as any other visit does.
 */
const adoptedFreshMs = 10_000;
const adoptedAt = new WeakMap<Query, number>();

/** Whether a query's data came drawn with the page, recently, and nothing has invalidated it since. */
const isFreshFromServer = (query: Query) =>
  !query.state.isInvalidated &&
  Date.now() - (adoptedAt.get(query) ?? Number.NEGATIVE_INFINITY) < adoptedFreshMs;

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
        // true: as by default, a stale query asks again when a screen mounts it.
        refetchOnMount: (query) => !isFreshFromServer(query),
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * Takes in the data the server drew the page with (the page's rendered-state element), so the scripts
 * adopt the drawn page instead of asking for it all again.
 */
export function adoptServerState(client: QueryClient, state: DehydratedState): void {
  hydrate(client, state);
  reviveServerErrors(client);
  const now = Date.now();
  for (const query of client.getQueryCache().getAll()) adoptedAt.set(query, now);
}

/**
 * A page the server drew for a missing event (or news item...) arrives with the query's 404 in its
 * data, so the browser shows the same not-found page instead of a spinner. JSON keeps only the error's
 * fields; this makes it an ApiError again, as the pages expect.
 */
function reviveServerErrors(client: QueryClient): void {
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
