import type { Page } from '@playwright/test';

/**
 * Opens an address and waits until the app has taken the page over (AppReadyMarker). A public page
 * arrives drawn by the server, with its buttons visible before their code has run: a click in that
 * moment would be lost, and the test would fail on the race rather than on the product.
 */
export async function openPage(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  return response;
}

/** Reloads the page and waits, like openPage, until the app has taken it over again. */
export async function reloadPage(page: Page) {
  const response = await page.reload();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  return response;
}
