import type { Page } from '@playwright/test';
import { openPage } from './support/navigation';
import { expect, test } from './support/test';

const publicPages = [
  '/',
  '/events',
  '/foundations',
  '/news',
  '/faq',
  '/volunteer-requests',
  '/terms-of-service',
  '/privacy-policy',
  '/volunteer-development',
];

/**
 * A demo event's list, found by its title: the first event of the whole list is often another
 * journey's, which it may complete or delete while this one reads it (docs/journeys.md §3).
 */
const demoEventList = `/events?search=${encodeURIComponent('Реставрационный субботник')}`;

/** The address of a demo event, as the events page links to it. */
async function firstEventPath(page: Page): Promise<string> {
  await openPage(page, demoEventList);
  const href = await page.getByRole('main').locator('a[href^="/events/"]').first().getAttribute('href');
  if (!href) throw new Error('the events page links to no event');
  return href;
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('public pages arrive readable before any script runs', async ({ page, expectConsoleErrors }) => {
    expectConsoleErrors(/status of 404 \(Not Found\) .*\/no-such-page\)$/);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Проект сделан школьниками для школьников')).toBeVisible();

    await page.goto(demoEventList);
    await expect(page.getByRole('heading', { level: 1, name: 'Мероприятия' })).toBeVisible();
    const eventPath = await page
      .getByRole('main')
      .locator('a[href^="/events/"]')
      .first()
      .getAttribute('href');
    expect(eventPath).toBeTruthy();

    await page.goto(eventPath as string);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 — страница не найдена' })).toBeVisible();
  });
});

test.describe('with scripts, in a time zone far from the server', () => {
  test.use({ timezoneId: 'Asia/Vladivostok' });

  test('the scripts adopt every drawn public page without errors, and the links work', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const pages = [...publicPages, await firstEventPath(page)];
    for (const pathname of pages) {
      const apiReads: string[] = [];
      const recordApi = (request: { url(): string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && url.pathname !== '/api/user') apiReads.push(url.pathname);
      };
      page.on('request', recordApi);
      await page.goto(pathname);
      await page.waitForLoadState('networkidle');
      page.off('request', recordApi);
      // The page's data came with it: nothing is asked again while the scripts take over, except the
      // requests for volunteers, which the app reads afresh on every visit by design (staleTime 0).
      expect(
        apiReads.filter((read) => !read.startsWith('/api/volunteer-requests')),
        pathname,
      ).toEqual([]);
      expect(problems, pathname).toEqual([]);
    }

    // The adopted page answers clicks as the app.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Основная навигация' })
      .getByRole('link', { name: 'Фонды' })
      .click();
    await expect(page).toHaveURL(/\/foundations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Фонды' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test('a search typed before the scripts arrive is applied once they do', async ({ page }) => {
  let releaseScripts = () => {};
  const scriptsMayLoad = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  await page.goto('/events', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Поиск мероприятий' });
  await search.fill('Волги');
  releaseScripts();
  await expect(page.getByText('Показано 1-1 из 1 мероприятия')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Уборка берега Волги', exact: true })).toBeVisible();
  await expect(search).toHaveValue('Волги');
});
