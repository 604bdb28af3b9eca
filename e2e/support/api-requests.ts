import type { Page } from '@playwright/test';

interface ApiRequest {
  /** The API path asked for, without its query. */
  path: string;
  /** The address (path and query) the app was at when it asked. */
  from: string;
}

declare global {
  interface Window {
    apiRequestsForTest?: ApiRequest[];
  }
}

/**
 * From now on, every document the page loads notes each API request it makes with the address it was
 * at, so a journey can tell what a page asked for before the app moved on to another address. The
 * requests' Referer cannot say it: the server sends `Referrer-Policy: no-referrer`.
 */
export async function recordApiRequests(page: Page) {
  await page.addInitScript(() => {
    const requests: ApiRequest[] = [];
    window.apiRequestsForTest = requests;
    const send = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (url.pathname.startsWith('/api/')) {
        requests.push({ path: url.pathname, from: `${window.location.pathname}${window.location.search}` });
      }
      return send.call(window, input, init);
    };
  });
}

/** The API paths the current document asked for while it was at `address`, in order. */
export const apiRequestsFrom = (page: Page, address: string) =>
  page.evaluate(
    (at) => (window.apiRequestsForTest ?? []).filter(({ from }) => from === at).map(({ path }) => path),
    address,
  );
