import { countOf } from '../src/shared/plural';
import { openPage, reloadPage } from './support/navigation';
import { expect, test } from './support/test';

/** «из 15 мероприятий», as the list's line says it. */
const eventsOf = (count: number) =>
  countOf(count, { one: 'мероприятия', few: 'мероприятий', many: 'мероприятий' });

// At a phone's width only: the laptop's copy of each journey asserted nothing the phone's does not
// (docs/journeys.md, issue 52).
const width = 375;
test.describe(`at ${width} px`, () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
  });

  test('a visitor finds the Moscow events by typing «Москва», then picks a city from the list', async ({
    page,
    request,
  }) => {
    const total = async (query: string) =>
      Number((await request.get(`/api/events?${query}&limit=1`)).headers()['x-total-count']);
    // Twelve demo events are in Moscow, and most say so in their addresses alone, not in their titles
    // or places.
    const inMoscow = await total(`search=${encodeURIComponent('Москва')}`);
    expect(inMoscow).toBeGreaterThanOrEqual(12);
    expect(inMoscow).toBeGreaterThanOrEqual(await total(`city=${encodeURIComponent('Москва')}`));
    const inPetersburg = await total(`city=${encodeURIComponent('Санкт-Петербург')}`);
    expect(inPetersburg).toBeGreaterThan(0);

    await openPage(page, '/events');
    const main = page.getByRole('main');
    await main.getByRole('searchbox', { name: 'Поиск мероприятий' }).fill('Москва');
    // Other journeys create their events in Moscow while this one runs: the total may have moved since.
    await expect(main.getByText(/^Показано 1-12 из \d+ мероприятий$/)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Уборка берега Волги', exact: true })).toBeHidden();

    await main.getByRole('searchbox', { name: 'Поиск мероприятий' }).fill('');
    const toggle = main.getByRole('button', { name: 'Показать фильтры' });
    if (await toggle.isVisible()) await toggle.click();
    const city = main.getByRole('combobox', { name: 'Город или регион' });
    await expect(city.getByRole('option', { name: 'Москва', exact: true })).toBeAttached();
    await city.selectOption('Санкт-Петербург');
    await expect.poll(() => new URL(page.url()).searchParams.get('city')).toBe('Санкт-Петербург');
    await expect(main.getByText(`Показано 1-${inPetersburg} из ${eventsOf(inPetersburg)}`)).toBeVisible();
    await expect(
      main.getByRole('link', { name: 'Наставники на математическом кружке', exact: true }),
    ).toBeVisible();

    // The address keeps the city, as it keeps the other filters.
    await reloadPage(page);
    if (await toggle.isVisible()) await toggle.click();
    await expect(city).toHaveValue('Санкт-Петербург');
    await expect(main.getByText(`из ${eventsOf(inPetersburg)}`)).toBeVisible();
    await main.getByRole('button', { name: 'Сбросить фильтры' }).click();
    await expect(city).toHaveValue('');
    await expect.poll(() => new URL(page.url()).searchParams.get('city')).toBe(null);
  });
});
