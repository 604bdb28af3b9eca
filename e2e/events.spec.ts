import { openPage } from './support/navigation';
import { expect, test } from './support/test';

// At a phone's width only: the laptop's copy of each journey asserted nothing the phone's does not
// (docs/journeys.md, issue 52).
const width = 375;
test.describe(`at ${width} px`, () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
  });

  test('a visitor opens an event, then its foundation, and switches tabs', async ({ page, request }) => {
    await openPage(page, '/');
    // The first card of the home page still open to schools: journeys before this one complete events
    // held today, which list first.
    const listed = (await (await request.get('/api/events?limit=6')).json()) as {
      title: string;
      status: string;
      isPastEvent: boolean;
    }[];
    const title = listed.find((event) => event.status !== 'completed' && !event.isPastEvent)?.title ?? '';
    await page.locator('#events article').getByRole('link', { name: title, exact: true }).first().click();

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Войдите как школа чтобы зарегистрироваться')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Организатор' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Место проведения' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Назад к мероприятиям' })).toHaveAttribute(
      'href',
      '/#events',
    );

    await page.getByRole('link', { name: 'Страница фонда' }).click();
    await expect(page).toHaveURL(/\/foundations\/\d+$/);
    await page.getByRole('tab', { name: 'Мероприятия' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await page.getByRole('tab', { name: 'О фонде' }).click();
    await expect(page.getByRole('tab', { name: 'О фонде' })).toHaveAttribute('aria-selected', 'true');
  });

  test('unknown or malformed event ids show the not-found page', async ({ page, expectConsoleErrors }) => {
    // The server answers these pages 404, which the browser reports.
    expectConsoleErrors(/status of 404 \(Not Found\)/);
    for (const path of ['/events/999999', '/events/abc', '/event-detail/0']) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { name: 'Мероприятие не найдено' })).toBeVisible();
    }
  });

  test('the events page searches, shows its filters and the empty state', async ({ page }) => {
    await openPage(page, '/events-calendar');
    await expect(page.getByRole('heading', { name: 'Все мероприятия' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Поиск мероприятий' }).fill('Волги');
    await expect(page.getByRole('link', { name: 'Уборка берега Волги', exact: true })).toBeVisible();
    await expect(page.getByText('Показано 1-1 из 1 мероприятия')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Поиск мероприятий' }).fill('нет такого мероприятия');
    await expect(page.getByText('Мероприятия не найдены')).toBeVisible();

    if (width < 1024) {
      await page.getByRole('button', { name: 'Показать фильтры' }).click();
      await expect(page.getByRole('button', { name: 'Скрыть фильтры' })).toBeVisible();
      await expect(page.getByLabel('Экология')).toBeVisible();
      await page.getByRole('button', { name: 'Скрыть фильтры' }).click();
      await expect(page.getByLabel('Экология')).toBeHidden();
    }
  });

  test('a visitor opens a news item in a dialog', async ({ page }) => {
    await openPage(page, '/news');
    // The page's last item is a demo one, older than any a journey adds (and may delete) meanwhile.
    const card = page.locator('article').last();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('button', { name: /Читать полностью/ }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/История волонтерства|Новость/).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
