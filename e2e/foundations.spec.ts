import type { APIRequestContext } from '@playwright/test';
import { openPage } from './support/navigation';
import { expect, test } from './support/test';

const widths = [375, 1280] as const;

/** How many approved foundations there are, as the public API counts them. */
async function foundationCount(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/foundations?limit=1');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { pagination: { totalCount: number } };
  return body.pagination.totalCount;
}

for (const width of widths) {
  test.describe(`foundations at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('unknown and malformed foundation ids show the not-found card', async ({
      page,
      expectConsoleErrors,
    }) => {
      // The server answers these pages 404, which the browser reports.
      expectConsoleErrors(/status of 404 \(Not Found\)/);
      for (const path of ['/foundations/999999', '/foundations/abc', '/foundations/0']) {
        await openPage(page, path);
        await expect(page.getByRole('heading', { level: 1, name: 'Фонд не найден' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Ко всем фондам' })).toHaveAttribute(
          'href',
          '/foundations',
        );
        await expect(page.getByRole('tab')).toHaveCount(0);
      }
    });
  });
}

// At 375 px only: the 1280 px copy walked the same page and asserted nothing more.
test.describe('foundations at 375 px', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
  });

  test('a foundation opens from the list with its tabs', async ({ page, request }) => {
    expect(await foundationCount(request)).toBeGreaterThan(0);
    await openPage(page, '/foundations');
    const firstCard = page.getByRole('article').first();
    const name = (await firstCard.getByRole('heading').textContent()) ?? '';
    await firstCard.getByRole('link', { name: /^Подробнее/ }).click();

    await expect(page).toHaveURL(/\/foundations\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Одобрен модератором')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Назад к фондам' })).toHaveAttribute('href', '/#foundations');
    await expect(page.getByRole('tab', { name: 'О фонде' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Контакты' })).toBeVisible();

    await page.getByRole('tab', { name: 'Мероприятия' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel).toBeVisible();
    // At most three events until 'Показать все' is pressed.
    expect(await panel.getByRole('heading', { level: 3 }).count()).toBeLessThanOrEqual(3);
  });
});
