import type { Page } from '@playwright/test';
import { countOf } from '../src/shared/plural';
import { openPage } from './support/navigation';
import { expect, test } from './support/test';

/** «из 21 мероприятия», «из 25 мероприятий», as the list's line says it. */
const eventsOf = (count: number) =>
  countOf(count, { one: 'мероприятия', few: 'мероприятий', many: 'мероприятий' });

const widths = [375, 1280] as const;

/** On a phone the filter panel is folded away behind 'Показать фильтры'. */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: 'Показать фильтры' });
  if (await toggle.isVisible()) await toggle.click();
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a visitor filters the home events by date, age and two types, and pages through', async ({
      page,
      request,
    }) => {
      const eventRequests: { url: string; count: number }[] = [];
      page.on('response', async (response) => {
        if (new URL(response.url()).pathname === '/api/events') {
          eventRequests.push({ url: response.url(), count: ((await response.json()) as unknown[]).length });
        }
      });

      await openPage(page, '/');
      const section = page.locator('#events');
      const total = Number((await request.get('/api/events?limit=1')).headers()['x-total-count']);
      await expect(section.getByText(`Показано 1-6 из ${eventsOf(total)}`)).toBeVisible();

      await section.getByRole('button', { name: 'Страница 2' }).click();
      await expect(section.getByText(`Показано 7-12 из ${eventsOf(total)}`)).toBeVisible();
      await section.getByRole('button', { name: 'Следующая страница' }).click();
      await expect(section.getByText(`Показано 13-18 из ${eventsOf(total)}`)).toBeVisible();
      await expect(section.getByRole('button', { name: 'Страница 3' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      await openFilters(page);
      await section.getByRole('button', { name: '16+' }).click();
      await section.getByLabel('Образование').check();
      await section.getByLabel('Социальная помощь').check();
      const filtered = Number(
        (
          await request.get('/api/events?ageRange=16%2B&activityType=education&activityType=social&limit=1')
        ).headers()['x-total-count'],
      );
      // Any filter change goes back to page 1.
      await expect(
        section.getByText(`Показано 1-${Math.min(6, filtered)} из ${eventsOf(filtered)}`),
      ).toBeVisible();

      await section.getByRole('button', { name: 'Сегодня' }).click();
      await expect(
        section.getByRole('link', { name: 'Профориентационная встреча «Кем стать?»', exact: true }),
      ).toBeVisible();
      // Journeys that complete an event hold it today, so the demo's one is not always alone.
      const today = Number(
        (
          await request.get(
            '/api/events?date=today&ageRange=16%2B&activityType=education&activityType=social&limit=1',
          )
        ).headers()['x-total-count'],
      );
      await expect(section.getByText(`Показано 1-${Math.min(6, today)} из ${eventsOf(today)}`)).toBeVisible();

      await section.getByRole('button', { name: 'На этой неделе' }).click();
      await section.getByLabel('Образование').uncheck();
      await section.getByLabel('Социальная помощь').uncheck();
      await section.getByLabel('Культура').check();
      await section.getByRole('button', { name: '14+' }).click();
      const cultureThisWeek = Number(
        (await request.get('/api/events?date=week&ageRange=14%2B&activityType=culture&limit=1')).headers()[
          'x-total-count'
        ],
      );
      if (cultureThisWeek === 0) {
        await expect(section.getByText('Мероприятий не найдено')).toBeVisible();
        await expect(section.getByText('Попробуйте изменить фильтры поиска')).toBeVisible();
      } else {
        await expect(section.getByText(`из ${cultureThisWeek} мероприятий`)).toBeVisible();
      }

      // No request of the home page carries more than one page of events.
      expect(eventRequests.length).toBeGreaterThan(0);
      for (const sent of eventRequests) {
        expect(new URL(sent.url).searchParams.get('limit')).toBe('6');
        expect(sent.count).toBeLessThanOrEqual(6);
      }
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

    test('a past event is greyed out and cannot be joined', async ({ page, request }) => {
      const events = (await (await request.get('/api/events?limit=100')).json()) as {
        id: number;
        isPastEvent: boolean;
      }[];
      const past = events.find((event) => event.isPastEvent);
      expect(past).toBeDefined();
      await openPage(page, `/event-detail?id=${past?.id}`);
      await expect(page.getByText('Уже прошло')).toBeVisible();
      await expect(page.getByText('Мероприятие завершено').first()).toBeVisible();
      await expect(page.getByText('Регистрация на прошедшие мероприятия недоступна')).toBeVisible();
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
      const firstCard = page.locator('article').first();
      const title = (await firstCard.getByRole('heading').textContent()) ?? '';
      await firstCard.getByRole('button', { name: /Читать полностью/ }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(/История волонтерства|Новость/).first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('an unknown URL shows the 404 page', async ({ page, expectConsoleErrors }) => {
      expectConsoleErrors(/status of 404 \(Not Found\)/);
      await openPage(page, '/this/does/not/exist');
      await expect(page.getByRole('heading', { name: '404 — страница не найдена' })).toBeVisible();
    });
  });
}

test('while the next page loads, the line under the cards still counts the cards on screen', async ({
  page,
  request,
}) => {
  const total = Number((await request.get('/api/events?limit=1')).headers()['x-total-count']);
  expect(total).toBeGreaterThan(12);
  let answerSecondPage = () => {};
  const secondPageHeld = new Promise<void>((resolve) => {
    answerSecondPage = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/events' && url.searchParams.get('page') === '2',
    async (route) => {
      await secondPageHeld;
      await route.continue();
    },
  );

  await openPage(page, '/events');
  const main = page.getByRole('main');
  await expect(main.getByText(`Показано 1-12 из ${eventsOf(total)}`)).toBeVisible();
  await main.getByRole('button', { name: 'Следующая страница' }).click();
  await expect(page).toHaveURL(/page=2$/);
  // The first page's cards stay until the second page arrives, and so does the line that counts them.
  await expect(main.getByText(`Показано 1-12 из ${eventsOf(total)}`)).toBeVisible();
  await expect(main.getByText(/Показано 13-/)).toHaveCount(0);

  answerSecondPage();
  await expect(main.getByText(`Показано 13-${Math.min(24, total)} из ${eventsOf(total)}`)).toBeVisible();
});
