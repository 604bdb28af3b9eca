import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** What a route's reads are built from: its address and the query client the page is drawn with. */
export interface PageLoadContext {
  params: Params;
  searchParams: URLSearchParams;
  queryClient: QueryClient;
}

/**
 * Fetches into `queryClient`, with the query options the route's components read, everything the route
 * draws: the server runs the matched routes' loads, outermost first, then renders the page once
 * (src/web/entry-server.tsx). A read that depends on another's answer awaits it first.
 */
export type PageLoad = (context: PageLoadContext) => Promise<unknown>;
