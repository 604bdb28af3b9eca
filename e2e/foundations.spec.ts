import type { APIRequestContext, Page } from '@playwright/test';
import { openPage } from './support/navigation';
import { expect, test } from './support/test';

const widths = [375, 1280] as const;

/** A search no foundation name or description can match. */
const noMatch = 'zzq-нет-такого-фонда';

/** How many approved foundations match the query, as the public API counts them. */
async function foundationCount(request: APIRequestContext, query = ''): Promise<number> {
  const response = await request.get(`/api/foundations?limit=1${query}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { pagination: { totalCount: number } };
  return body.pagination.totalCount;
}

const homeSection = (page: Page) => page.getByRole('region', { name: 'Фонды', exact: true });

/** What the unfiltered home section shows: the 'coming soon' note, or the first page of cards. */
async function expectUnfilteredSection(page: Page, total: number) {
  const section = homeSection(page);
  if (total === 0) {
    await expect(section.getByText('Фонды скоро появятся')).toBeVisible();
  } else {
    await expect(section.getByRole('article')).toHaveCount(Math.min(6, total));
  }
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

    test('home filters apply only when applied, and reset brings the list back', async ({
      page,
      request,
    }) => {
      const total = await foundationCount(request);
      const art = await foundationCount(request, '&directions=art');
      await openPage(page, '/');
      const section = homeSection(page);
      await expectUnfilteredSection(page, total);
      // On a phone the search and filters are folded away until asked for.
      const toggle = section.getByRole('button', { name: 'Показать поиск и фильтры' });
      if (await toggle.isVisible()) await toggle.click();

      // Ticking a direction or an age changes nothing until 'Применить'.
      await section.getByLabel('Искусство').check();
      await section.getByRole('button', { name: '18+' }).click();
      await expect(section.getByRole('button', { name: '18+' })).toHaveAttribute('aria-pressed', 'true');
      await expect(section.getByRole('button', { name: 'Все', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expectUnfilteredSection(page, total);

      await section.getByRole('button', { name: '18+' }).click();
      await section.getByRole('button', { name: 'Все', exact: true }).click();
      await section.getByRole('button', { name: 'Применить' }).click();
      if (art === 0) {
        await expect(section.getByText('Фонды не найдены')).toBeVisible();
      } else {
        await expect(section.getByRole('article')).toHaveCount(Math.min(6, art));
      }

      await section.getByRole('searchbox', { name: 'Поиск фондов' }).fill(noMatch);
      await section.getByRole('button', { name: 'Найти' }).click();
      await expect(section.getByText('Фонды не найдены')).toBeVisible();
      await section.getByRole('button', { name: 'Сбросить фильтры' }).click();
      await expect(section.getByLabel('Искусство')).not.toBeChecked();
      await expect(section.getByRole('searchbox', { name: 'Поиск фондов' })).toHaveValue('');
      await expectUnfilteredSection(page, total);
    });

    test('the list page counts what it found and what there is', async ({ page, request }) => {
      const total = await foundationCount(request);
      const ecology = await foundationCount(request, '&directions=ecology');
      await openPage(page, '/foundations');
      await expect(page.getByText(`Найдено: ${total}`, { exact: true })).toBeVisible();
      await expect(page.getByText(`Всего фондов: ${total}`, { exact: true })).toBeVisible();

      const chips = page.getByRole('group', { name: 'Направление' });
      await chips.getByRole('button', { name: 'Экология' }).click();
      await expect(chips.getByRole('button', { name: 'Экология' })).toHaveAttribute('aria-pressed', 'true');
      await expect(chips.getByRole('button', { name: 'Все' })).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByText(`Найдено: ${ecology}`, { exact: true })).toBeVisible();
      await expect(page.getByText(`Всего фондов: ${total}`, { exact: true })).toBeVisible();

      await chips.getByRole('button', { name: 'Все' }).click();
      const search = page.getByRole('searchbox', { name: 'Поиск фондов' });
      await search.fill(noMatch);
      await search.press('Enter');
      await expect(page.getByText('Найдено: 0', { exact: true })).toBeVisible();
      await expect(page.getByText(`Всего фондов: ${total}`, { exact: true })).toBeVisible();
      await expect(page.getByText('Фонды не найдены')).toBeVisible();
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
      await expect(page.getByRole('link', { name: 'Назад к фондам' })).toHaveAttribute(
        'href',
        '/#foundations',
      );
      await expect(page.getByRole('tab', { name: 'О фонде' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('main').getByRole('heading', { name: 'Контакты' })).toBeVisible();

      await page.getByRole('tab', { name: 'Мероприятия' }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel).toBeVisible();
      // At most three events until 'Показать все' is pressed.
      expect(await panel.getByRole('heading', { level: 3 }).count()).toBeLessThanOrEqual(3);
    });
  });
}
