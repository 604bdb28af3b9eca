import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { countOf } from '../src/shared/plural';
import { openPage, reloadPage } from './support/navigation';
import { baseURL } from './support/organisations';
import { expect, test } from './support/test';

/** «из 21 мероприятия», «из 25 мероприятий»: the list's own count phrase. */
const eventsOf = (total: number) =>
  countOf(total, { one: 'мероприятия', few: 'мероприятий', many: 'мероприятий' });

// Issue 22, items 4 and 8: the lists keep their filters, search and page in the address (Back, reload,
// a shared link, the page the server draws), and the pager keeps to one line on a phone.

async function eventCount(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/events?limit=1&${query}`);
  expect(response.ok()).toBe(true);
  return Number(response.headers()['x-total-count']);
}

async function foundationCount(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/foundations?limit=1&${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { pagination: { totalCount: number } }).pagination.totalCount;
}

/** On a phone the event filters are folded away behind 'Показать фильтры'. */
async function openEventFilters(scope: Locator) {
  const toggle = scope.getByRole('button', { name: 'Показать фильтры' });
  if (await toggle.isVisible()) await toggle.click();
}

/** The address opened with no scripts at all: only what the server drew. */
async function openServerDrawn(browser: Browser, path: string, width: number) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return { page, close: () => context.close() };
}

const cardTitles = (scope: Locator) => scope.getByRole('article').getByRole('heading').allTextContents();

// At a phone's width only: the laptop's copy of each journey asserted nothing the phone's does not
// (docs/journeys.md, issue 52).
const width = 375;
test.describe(`list addresses at ${width} px`, () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
  });

  test('/events keeps its filters and page through an event, a reload and a shared link', async ({
    page,
    request,
    browser,
  }) => {
    const total = await eventCount(request, 'ageRange=16%2B');
    expect(total).toBeGreaterThan(12);
    const main = page.getByRole('main');
    const secondPage = `Показано 13-${Math.min(24, total)} из ${eventsOf(total)}`;

    await openPage(page, '/events');
    await openEventFilters(main);
    await main.getByRole('button', { name: '16+' }).click();
    await expect(main.getByText(`Показано 1-12 из ${eventsOf(total)}`)).toBeVisible();
    await main.getByRole('button', { name: 'Следующая страница' }).click();
    await expect(main.getByText(secondPage)).toBeVisible();
    await expect(page).toHaveURL(/\/events\?age=16%2B&page=2$/);
    const titles = await cardTitles(main);

    const expectSecondPage = async () => {
      await expect(main.getByText(secondPage)).toBeVisible();
      // On a phone the filter panel is folded away again, so the button is looked for hidden too.
      await expect(main.getByRole('button', { name: '16+', includeHidden: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(main.getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
      expect(await cardTitles(main)).toEqual(titles);
    };

    await main.getByRole('article').first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/events\?age=16%2B&page=2$/);
    await expectSecondPage();

    await reloadPage(page);
    await expectSecondPage();

    const shared = await openServerDrawn(browser, '/events?age=16%2B&page=2', width);
    await expect(shared.page.getByText(secondPage)).toBeVisible();
    expect(await cardTitles(shared.page.getByRole('main'))).toEqual(titles);
    await shared.close();
  });

  test('/events search goes into the address without a history step per pause, and comes back', async ({
    page,
    browser,
  }) => {
    await openPage(page, '/events');
    const steps = await page.evaluate(() => history.length);
    const box = page.getByRole('searchbox', { name: 'Поиск мероприятий' });
    // Pauses longer than the search's wait: each one applies the search typed so far.
    await box.pressSequentially('Волги', { delay: 400 });
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('Волги');
    await expect(page.getByText('Показано 1-1 из 1 мероприятия')).toBeVisible();
    expect(await page.evaluate(() => history.length)).toBe(steps);

    await page.getByRole('link', { name: 'Уборка берега Волги', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Уборка берега Волги' })).toBeVisible();
    await page.goBack();
    await expect(box).toHaveValue('Волги');
    await expect(page.getByText('Показано 1-1 из 1 мероприятия')).toBeVisible();

    // A filter is a step of its own; emptying the box then replaces it, and Back brings the search back
    // into the box.
    await openEventFilters(page.getByRole('main'));
    await page.getByRole('button', { name: 'Сегодня' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe('today');
    await box.fill('');
    await expect.poll(() => new URL(page.url()).search).toBe('?date=today');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe(`?search=${encodeURIComponent('Волги')}`);
    await expect(box).toHaveValue('Волги');
    await expect(page.getByText('Показано 1-1 из 1 мероприятия')).toBeVisible();

    const shared = await openServerDrawn(browser, `/events?search=${encodeURIComponent('Волги')}`, width);
    await expect(shared.page.getByRole('searchbox', { name: 'Поиск мероприятий' })).toHaveValue('Волги');
    await expect(shared.page.getByText('Показано 1-1 из 1 мероприятия')).toBeVisible();
    await expect(shared.page.getByRole('link', { name: 'Уборка берега Волги', exact: true })).toBeVisible();
    await shared.close();
  });

  test('the home page keeps both sections apart in the address, through an event, a reload and a link', async ({
    page,
    request,
    browser,
  }) => {
    const education = await eventCount(request, 'activityType=education');
    const foundations = await foundationCount(request, '');
    expect(education).toBeGreaterThan(6);
    expect(foundations).toBeGreaterThan(6);
    const eventsShown = `Показано 7-${Math.min(12, education)} из ${eventsOf(education)}`;

    await openPage(page, '/');
    const events = page.locator('#events');
    const foundationSection = page.getByRole('region', { name: 'Фонды', exact: true });
    await openEventFilters(events);
    await events.getByLabel('Образование').check();
    await expect(events.getByText(`Показано 1-6 из ${eventsOf(education)}`)).toBeVisible();
    await events.getByRole('button', { name: 'Страница 2' }).click();
    await expect(events.getByText(eventsShown)).toBeVisible();
    await foundationSection.getByRole('button', { name: 'Страница 2' }).click();
    await expect(foundationSection.getByRole('article')).toHaveCount(Math.min(6, foundations - 6));
    await expect(page).toHaveURL(/\/\?eventType=education&eventPage=2&foundationPage=2$/);
    const eventTitles = await cardTitles(events);
    const foundationNames = await cardTitles(foundationSection);

    const expectBothSections = async (scope: Page) => {
      const eventsThere = scope.locator('#events');
      const foundationsThere = scope.getByRole('region', { name: 'Фонды', exact: true });
      await expect(eventsThere.getByText(eventsShown)).toBeVisible();
      await expect(eventsThere.getByLabel('Образование')).toBeChecked();
      expect(await cardTitles(eventsThere)).toEqual(eventTitles);
      await expect(foundationsThere.getByRole('button', { name: 'Страница 2' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(await cardTitles(foundationsThere)).toEqual(foundationNames);
    };

    await events.getByRole('article').first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: eventTitles[0] })).toBeVisible();
    await page.goBack();
    await expectBothSections(page);

    await reloadPage(page);
    await expectBothSections(page);

    const shared = await openServerDrawn(
      browser,
      '/?eventType=education&eventPage=2&foundationPage=2',
      width,
    );
    await expectBothSections(shared.page);
    await shared.close();
  });

  test('/foundations keeps its search and direction through a foundation, a reload and a link', async ({
    page,
    request,
    browser,
  }) => {
    const found = await foundationCount(request, `search=${encodeURIComponent('дом')}&directions=social`);
    expect(found).toBeGreaterThan(0);
    const chips = page.getByRole('group', { name: 'Направление' });
    const box = page.getByRole('searchbox', { name: 'Поиск фондов' });

    await openPage(page, '/foundations');
    await chips.getByRole('button', { name: 'Социальная помощь' }).click();
    await box.fill('дом');
    await box.press('Enter');
    await expect(page.getByText(`Найдено: ${found}`, { exact: true })).toBeVisible();
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe(`?search=${encodeURIComponent('дом')}&direction=social`);
    const names = await cardTitles(page.getByRole('main'));

    const expectFiltered = async (scope: Page) => {
      await expect(scope.getByText(`Найдено: ${found}`, { exact: true })).toBeVisible();
      await expect(scope.getByRole('searchbox', { name: 'Поиск фондов' })).toHaveValue('дом');
      await expect(
        scope.getByRole('group', { name: 'Направление' }).getByRole('button', { name: 'Социальная помощь' }),
      ).toHaveAttribute('aria-pressed', 'true');
      expect(await cardTitles(scope.getByRole('main'))).toEqual(names);
    };

    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Подробнее/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: names[0] })).toBeVisible();
    await page.goBack();
    await expectFiltered(page);

    await reloadPage(page);
    await expectFiltered(page);

    const shared = await openServerDrawn(
      browser,
      `/foundations?search=${encodeURIComponent('дом')}&direction=social`,
      width,
    );
    await expectFiltered(shared.page);
    await shared.close();
  });

  test('volunteer requests keep their foundation through a request, a reload and a link', async ({
    page,
    request,
    browser,
  }) => {
    const all = (await (await request.get('/api/volunteer-requests?limit=100')).json()) as {
      foundation: { id: number; name: string };
    }[];
    const foundation = all[0]?.foundation;
    if (!foundation) throw new Error('the demo data has no volunteer requests');
    const ofFoundation = all.filter((item) => item.foundation.id === foundation.id).length;
    expect(ofFoundation).toBeLessThan(all.length);
    const shown = `Показано ${ofFoundation} из ${ofFoundation}`;
    const select = page.getByLabel('Фонд', { exact: true });

    await openPage(page, '/volunteer-requests');
    await select.selectOption({ label: foundation.name });
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/volunteer-requests\\?foundationId=${foundation.id}$`));
    const titles = await page.getByRole('main').getByRole('listitem').getByRole('heading').allTextContents();

    await page.getByRole('main').getByRole('listitem').getByRole('heading').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
    await page.goBack();
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    await expect(select).toHaveValue(String(foundation.id));

    await reloadPage(page);
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    await expect(select).toHaveValue(String(foundation.id));

    const shared = await openServerDrawn(browser, `/volunteer-requests?foundationId=${foundation.id}`, width);
    await expect(shared.page.getByText(shown, { exact: true })).toBeVisible();
    expect(
      await shared.page.getByRole('main').getByRole('listitem').getByRole('heading').allTextContents(),
    ).toEqual(titles);
    await shared.close();
  });

  test('the pager keeps to one line, with the first, current and last pages', async ({ page, request }) => {
    const total = await eventCount(request, '');
    const pages = Math.ceil(total / 6);
    expect(pages).toBeGreaterThan(6);
    await openPage(page, '/');
    const pager = page.locator('#events').getByRole('navigation', { name: 'Страницы мероприятий' });
    for (const shown of [7, 13, 19]) {
      await pager.getByRole('button', { name: 'Следующая страница' }).click();
      await expect(page.locator('#events').getByText(`Показано ${shown}-${shown + 5} из`)).toBeVisible();
    }
    for (const name of [
      'Предыдущая страница',
      'Страница 1',
      'Страница 4',
      `Страница ${pages}`,
      'Следующая страница',
    ]) {
      await expect(pager.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(pager.getByRole('button', { name: 'Страница 4', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const rows = await pager.evaluate((nav) => {
      const shown = [...nav.querySelectorAll('button')].filter(
        (button) => button.getClientRects().length > 0,
      );
      return new Set(shown.map((button) => Math.round(button.getBoundingClientRect().top))).size;
    });
    expect(rows).toBe(1);
    const [pagerBox, buttonBox] = await Promise.all([
      pager.boundingBox(),
      pager.getByRole('button', { name: 'Страница 1', exact: true }).boundingBox(),
    ]);
    expect(pagerBox?.height).toBeLessThanOrEqual((buttonBox?.height ?? 0) + 1);

    // Paging on from the last page shown keeps to one line too.
    await pager.getByRole('button', { name: 'Следующая страница' }).click();
    await expect(pager.getByRole('button', { name: 'Страница 5', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect((await pager.boundingBox())?.height).toBeLessThanOrEqual((buttonBox?.height ?? 0) + 1);
  });
});
