import { type ComponentType, lazy } from 'react';

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
