import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const reloadMarker = 'chunk-reload';

/**
 * A component whose code is fetched the first time it renders, so the initial bundle stays small.
 * A chunk that fails to load usually means a new release replaced the hashed files the open tab knows
 * about: reload once to get the new index.html, and only then give up.
 */
// biome-ignore lint/suspicious/noExplicitAny: props vary per component; lazy() keeps them as they are
export function lazyNamed<K extends string, C extends ComponentType<any>>(
  load: () => Promise<Record<K, C>>,
  name: K,
) {
  return lazy(async () => {
    // The server renders pages too (entry-server.tsx): it has no window to reload.
    if (typeof window === 'undefined') return { default: (await load())[name] };
    try {
      const module = await load();
      sessionStorage.removeItem(reloadMarker);
      return { default: module[name] };
    } catch (error) {
      if (sessionStorage.getItem(reloadMarker) !== window.location.pathname) {
        sessionStorage.setItem(reloadMarker, window.location.pathname);
        window.location.reload();
        // The fallback stays until the page reloads.
        return new Promise<never>(() => {});
      }
      throw error;
    }
  });
}

// biome-ignore lint/suspicious/noExplicitAny: as in lazyNamed, any component of any props
type AnyComponent = ComponentType<any>;

/**
 * Many lazyNamed components at once, each named by its module's export: `{ Page: () => import('./page') }`.
 * The imports stay literal so that the bundler still splits each module into a chunk of its own.
 */
export function lazyNamedAll<L extends { [K in keyof L]: () => Promise<Record<K, AnyComponent>> }>(
  loaders: L,
) {
  const components: Record<string, unknown> = {};
  for (const [name, load] of Object.entries(loaders) as [
    string,
    () => Promise<Record<string, AnyComponent>>,
  ][]) {
    components[name] = lazyNamed(load, name);
  }
  return components as {
    [K in keyof L]: LazyExoticComponent<
      Extract<Awaited<ReturnType<L[K]>>[K & keyof Awaited<ReturnType<L[K]>>], AnyComponent>
    >;
  };
}
