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

interface Page {
  path: string;
  /** The guards above the page, outermost first. */
  guards: string[];
  browserOnly: boolean;
}

function pagesOf(tree: RouteObject[], above: string[] = [], browserOnly = false): Page[] {
  return tree.flatMap((route) => {
    const guard = guardOf(route);
    const guarded = guard === undefined ? above : [...above, guard];
    const hidden = browserOnly || (route.handle as PageHandle | undefined)?.browserOnly === true;
    const own = route.path === undefined ? [] : [{ path: route.path, guards: guarded, browserOnly: hidden }];
    return [...own, ...pagesOf(route.children ?? [], guarded, hidden)];
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
    for (const path of [
      '/school-approved-applications',
      '/school-applications',
      '/school-applications-old',
    ]) {
      expect(guardsOf(path), path).toEqual(['RequireUser', 'RequireRole(school)']);
    }
  });

  it('leaves the public pages unguarded and drawn by the server, and never draws a guarded one', () => {
    for (const page of pages) {
      if (page.guards.length > 0) expect(page.browserOnly, page.path).toBe(true);
    }
    for (const path of ['/', '/events', '/events/:id', '/foundations', '/volunteer-requests']) {
      expect(
        pages.find((page) => page.path === path),
        path,
      ).toMatchObject({ guards: [], browserOnly: false });
    }
    expect(guardsOf('/auth')).toEqual([]);
    expect(guardsOf('/admin/login')).toEqual([]);
  });
});
