import { isValidElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAdmin, RequireRole, RequireUser } from './features/auth/guards';
import { type PageHandle, routes } from './router';

const guards = new Map<unknown, string>([
  [RequireUser, 'RequireUser'],
  [RequireAdmin, 'RequireAdmin'],
  [RequireRole, 'RequireRole'],
]);

/** The guard a route's element is, named with its roles, e.g. `RequireRole(foundation)`. */
function guardOf(route: RouteObject): string | undefined {
  if (!isValidElement(route.element)) return undefined;
  const element = route.element as ReactElement<{ allowed?: string | string[] }>;
  const name = guards.get(element.type);
  if (name === undefined) return undefined;
  const { allowed } = element.props;
  return allowed === undefined ? name : `${name}(${[allowed].flat().join(', ')})`;
}

/** Whom the server draws a page for: every visitor, only one with a session, or nobody. */
type DrawnFor = 'everybody' | 'signed-in' | 'nobody';

interface Page {
  path: string;
  /** The guards above the page, outermost first. */
  guards: string[];
  drawnFor: DrawnFor;
}

function drawnForOf(route: RouteObject, above: DrawnFor): DrawnFor {
  const handle = route.handle as PageHandle | undefined;
  if (above === 'nobody' || handle?.browserOnly) return 'nobody';
  return handle?.signedIn ? 'signed-in' : above;
}

function pagesOf(tree: RouteObject[], above: string[] = [], drawn: DrawnFor = 'everybody'): Page[] {
  return tree.flatMap((route) => {
    const guard = guardOf(route);
    const guarded = guard === undefined ? above : [...above, guard];
    const drawnFor = drawnForOf(route, drawn);
    const own = route.path === undefined ? [] : [{ path: route.path, guards: guarded, drawnFor }];
    return [...own, ...pagesOf(route.children ?? [], guarded, drawnFor)];
  });
}

function guardElements(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => {
    const guard = guardOf(route);
    return [...(guard === undefined ? [] : [guard]), ...guardElements(route.children ?? [])];
  });
}

const pages = pagesOf(routes);
const guardsOf = (path: string) => pages.find((page) => page.path === path)?.guards;

describe('the route tree', () => {
  it('writes each guard once, as a layout route above its pages', () => {
    const written = guardElements(routes);
    expect(new Set(written).size).toBe(written.length);
    expect(written).toContain('RequireUser');
    expect(written).toContain('RequireAdmin');
  });

  it('guards every working page by who may see it', () => {
    expect(guardsOf('/admin')).toEqual(['RequireAdmin']);
    expect(guardsOf('/dashboard')).toEqual(['RequireUser']);
    expect(guardsOf('/dashboard/edit-profile')).toEqual(['RequireUser', 'RequireRole(school, foundation)']);
    for (const path of [
      '/dashboard/create-event',
      '/dashboard/edit-event/:id',
      '/dashboard/event/:id',
      '/dashboard/create-request',
      '/foundation-approved-applications',
      '/foundation/event/:eventId',
      '/foundation-applications',
    ]) {
      expect(guardsOf(path), path).toEqual(['RequireUser', 'RequireRole(foundation)']);
    }
    for (const path of ['/school-approved-applications', '/school-applications']) {
      expect(guardsOf(path), path).toEqual(['RequireUser', 'RequireRole(school)']);
    }
  });

  it('draws the public pages for everybody, the guarded ones only with a session, the forms never', () => {
    for (const page of pages) {
      if (page.guards.length > 0) expect(page.drawnFor, page.path).toBe('signed-in');
    }
    for (const path of ['/', '/events', '/events/:id', '/foundations', '/volunteer-requests']) {
      expect(
        pages.find((page) => page.path === path),
        path,
      ).toMatchObject({ guards: [], drawnFor: 'everybody' });
    }
    for (const path of ['/auth', '/admin/login', '/forgot-password', '/reset-password', '/claim']) {
      expect(
        pages.find((page) => page.path === path),
        path,
      ).toMatchObject({ guards: [], drawnFor: 'nobody' });
    }
  });
});
