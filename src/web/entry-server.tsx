// The server's way into the web app: renders a page with the data its queries ask for, as the visitor
// sees it (signed in or not), so the first paint shows the page instead of an empty screen waiting for
// the scripts. Built by scripts/build.mjs into dist/ssr; src/server/pages loads it.
import { defaultShouldDehydrateQuery, dehydrate, type Query, skipToken } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, type RouteObject, StaticRouter } from 'react-router';
import { ApiError } from './api/client';
import { createQueryClient } from './api/query-client';
import { currentUserQuery } from './api/session';
import { AppProviders } from './app-providers';
import { type PageHead, type PageHeadCollector, PageHeadProvider } from './components/page-head';
import { headMarkup } from './components/page-head-markup';
import { type ServerRedirect, ServerRedirectProvider } from './components/redirect';
import { AppRoutes, type PageHandle, routes } from './router';

export { setApiTransport } from './api/client';
export { setAppTimeZone } from './lib/app-time-zone';

export interface RenderedPage {
  /** 200, or 404 for an address no page answers and for a page whose event, news item... is missing. */
  status: number;
  /** The markup inside #root. */
  html: string;
  /** The queries' data as JSON, safe to put inside a script element. */
  state: string;
  /** The page's <title>, description and link-preview tags, with addresses under the site's `origin`. */
  head(origin: string): string;
}

/** A page the visitor is sent away from (a guard's redirect): the address to send them to. */
export interface RedirectedPage {
  redirectTo: string;
}

/**
 * A query the page asked for without its data, and not switched off: the routes' loads missed it (or
 * gave up on it when another read failed), and the page drawn would show a spinner where it belongs.
 */
function isWaiting(query: Query): boolean {
  if (query.state.status !== 'pending') return false;
  // The options the page's useQuery gave, which include `enabled`; QueryOptions does not declare it.
  const { enabled, queryFn } = query.options as {
    enabled?: boolean | ((query: Query) => boolean);
    queryFn?: unknown;
  };
  if (!queryFn || queryFn === skipToken) return false;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** A read the API answered 404: the page shows its not-found state, which the server draws too. */
const isNotFound = (query: Query) =>
  query.state.error instanceof ApiError && query.state.error.status === 404;

/** The markup, or undefined when any part of the page failed to render. */
async function renderToText(element: ReactNode): Promise<string | undefined> {
  let failed = false;
  try {
    const { prelude } = await prerenderToNodeStream(element, {
      // Larger parts would be written out of place with inline scripts to move them, which the CSP
      // forbids; the whole page is written in order instead.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: () => {
        failed = true;
      },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    const html = Buffer.concat(chunks).toString('utf8');
    return failed || html.includes('<script') ? undefined : html;
  } catch {
    return undefined;
  }
}

/** JSON that cannot end the script element it sits in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The address a page is drawn and kept under: its path and, sorted by name, only the query parameters
 * its route reads. Any other parameter (utm_source, a cache-buster) draws the same page, so it shares
 * the kept one rather than drawing and storing a page for every made-up address.
 */
export function pageAddress(url: string): string {
  const location = new URL(url, 'http://localhost');
  const read = new Set(
    (matchRoutes(routes, location.pathname) ?? []).flatMap(
      (match) => (match.route.handle as PageHandle | undefined)?.searchParams ?? [],
    ),
  );
  const kept = [...location.searchParams]
    .filter(([name]) => read.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length > 0 ? `${location.pathname}?${new URLSearchParams(kept)}` : location.pathname;
}

/**
 * Every address pattern the server draws, for some visitor: the pages whose routes must declare every
 * read they draw (src/server/pages/declared-reads.test.ts).
 */
export function drawnPaths(): string[] {
  const walk = (tree: RouteObject[]): string[] =>
    tree.flatMap((route) => {
      if ((route.handle as PageHandle | undefined)?.browserOnly) return [];
      return [...(route.path === undefined ? [] : [route.path]), ...walk(route.children ?? [])];
    });
  return walk(routes);
}

/**
 * The page at `url` as the visitor sees it, or undefined when the browser should draw it itself: a form,
 * a working page for a visitor without a session, or a page whose data failed to load (the browser then
 * shows its own message and retry). With `signedIn`, the page's API reads carry the visitor's session
 * (the server's transport adds it) and the page is drawn as theirs, working pages included.
 */
export async function renderPage(
  url: string,
  visitor: { signedIn: boolean },
): Promise<RenderedPage | RedirectedPage | undefined> {
  const location = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const handles = matches.map((match) => match.route.handle as PageHandle | undefined);
  if (handles.some((handle) => handle?.browserOnly)) return undefined;
  if (!visitor.signedIn && handles.some((handle) => handle?.signedIn)) return undefined;
  const unknownAddress = matches.at(-1)?.route.path === '*';

  const queryClient = createQueryClient();
  if (!visitor.signedIn) queryClient.setQueryData(currentUserQuery.queryKey, null);
  const collector: PageHeadCollector = { head: undefined };
  const redirect: ServerRedirect = { to: undefined };
  const page = (
    <PageHeadProvider collector={collector}>
      <ServerRedirectProvider value={redirect}>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={`${location.pathname}${location.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </ServerRedirectProvider>
    </PageHeadProvider>
  );

  // Each route fetches what it draws, outer routes first: a guard's session before the page under it.
  // A read that fails stops the loads below it; the render then shows its failure or its not-found page.
  const searchParams = location.searchParams;
  try {
    for (const match of matches) {
      const load = (match.route.handle as PageHandle | undefined)?.load;
      await load?.({ params: match.params, searchParams, queryClient });
    }
  } catch {
    // The failed query keeps its error, judged below as the page shows it.
  }

  const html = await renderToText(page);
  if (html === undefined) return undefined;
  if (redirect.to !== undefined) return { redirectTo: redirect.to };
  const queries = queryClient.getQueryCache().getAll();
  // A declaration that missed a read: the browser draws the page rather than a half-drawn one going out.
  if (queries.some(isWaiting)) return undefined;
  if (queries.some((query) => query.state.status === 'error' && !isNotFound(query))) return undefined;
  const head: PageHead = collector.head ?? {};
  // The 404s go along, so the browser adopts the not-found page rather than drawing a spinner.
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isNotFound(query),
    shouldRedactErrors: () => false,
  });
  return {
    status: unknownAddress || head.notFound ? 404 : 200,
    html,
    state: scriptSafeJson(state),
    head: (origin) => headMarkup(head, { origin, path: location.pathname }),
  };
}
