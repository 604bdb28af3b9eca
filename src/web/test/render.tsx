import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  createMemoryRouter,
  MemoryRouter,
  Route,
  type RouteObject,
  RouterProvider,
  Routes,
} from 'react-router';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app-providers';

/**
 * Renders `page` as the browser would at `address`: inside the app's providers (a fresh query client, so
 * no test sees another's cache) and a router. With `route`, the page is matched against that pattern, for
 * the pages that read their parameters; with `layout`, it sits inside that layout route (the site's
 * header, say).
 */
export function renderAt(
  address: string,
  page: ReactNode,
  { route, layout }: { route?: string; layout?: ReactNode } = {},
) {
  const routed = <Route path={route ?? '*'} element={page} />;
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[address]}>
        {route === undefined && layout === undefined ? (
          page
        ) : (
          <Routes>{layout === undefined ? routed : <Route element={layout}>{routed}</Route>}</Routes>
        )}
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Renders a data router's `routes` at `address`, for what needs one (navigation with a blocker, say). */
export function renderRoutesAt(address: string, routes: RouteObject[]) {
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
