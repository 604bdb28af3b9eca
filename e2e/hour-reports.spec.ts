import type { Page } from '@playwright/test';
import { monthLabel } from '../src/shared/hour-reports';
import { applyForEvent, approveApplication } from './support/applications';
import { expectAccessible, expectNoHorizontalScroll, viewports } from './support/axe';
import { openPage } from './support/navigation';
import {
  approvedFoundation,
  approvedSchool,
  appToday,
  baseURL,
  createEvent,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 25: reports of hours with charts. A foundation completes an event where ten pupils of a school
 * came for two hours each; at a phone's width the school sets a yearly goal on its 'Часы' view and sees
 * its progress, the chart and the table's numbers, the foundation sees the school in its table and the
 * administrator the platform's months. The chart library is fetched by these views and never by a public
 * page.
 */

/** The script files a page fetched, by their file names. */
function scriptsOf(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}
/** The chart's drawing, not the legend's icons. */
const chartSurface = '[data-chart] .recharts-wrapper > svg.recharts-surface';
const isChartChunk = (path: string) => /\/assets\/bar-chart-view-[\w-]+\.js$/.test(path);

test('a school sets its yearly goal and sees its hours; the foundation and the administrator see theirs', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const run = uniqueName('');
  const schoolName = `Гимназия «Часы» ${run}`;
  const foundation = await approvedFoundation(browser, `Фонд «Отчёты» ${run}`);
  const school = await approvedSchool(browser, schoolName);

  // Ten pupils apply, are approved and come: 10 × 2 = 20 hours of social work this month.
  const eventId = await createEvent(foundation.page, {
    title: `Помощь в приюте ${run}`,
    totalSlots: 30,
    hours: 2,
    date: appToday(),
  });
  await approveApplication(foundation.page, await applyForEvent(school.page, eventId, 10));
  const completed = await foundation.page.request.patch(`/api/events/${eventId}`, {
    data: { status: 'completed' },
  });
  expect(completed.ok()).toBe(true);
  const thisMonth = monthLabel(appToday().slice(0, 7));

  // The school, on a phone.
  const page = school.page;
  const scripts = scriptsOf(page);
  await page.setViewportSize(viewports.phone);
  await openPage(page, '/dashboard');
  await page.getByRole('tab', { name: 'Часы' }).click();
  await expect(page.getByText('Цель на год не задана', { exact: false })).toBeVisible();
  await expect(page.getByText('За год: 20 часов, 10 учеников, 1 мероприятие')).toBeVisible();

  const goal = page.getByRole('spinbutton', { name: 'Цель на год, часов' });
  await goal.fill('0');
  await page.getByRole('button', { name: 'Сохранить цель' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Цель — целое число часов от 1 до 100' }),
  ).toBeVisible();
  await goal.fill('50');
  await page.getByRole('button', { name: 'Сохранить цель' }).click();
  await expect(page.getByText('Цель на год: 50 ч — выполнено 20 ч (40 %)')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Выполнение цели на год' })).toHaveAttribute(
    'aria-valuenow',
    '40',
  );

  // The chart is drawn, with one bar for this month's social work.
  const figure = page.getByRole('figure');
  await expect(figure.locator(chartSurface)).toBeVisible();
  await expect(figure.locator('[data-chart] .recharts-bar-rectangle path')).toHaveCount(1);
  expect(scripts.some(isChartChunk)).toBe(true);

  // Its table carries the numbers; shown on request.
  const table = figure.getByRole('table');
  await page.getByRole('button', { name: 'Показать таблицей' }).click();
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    'Месяц',
    'Социальная помощь',
    'Часы',
    'Пришли учеников',
  ]);
  await expect(table.getByRole('row').filter({ hasText: thisMonth }).getByRole('cell')).toHaveText([
    '20',
    '20',
    '10',
  ]);
  await expect(table.getByRole('row', { name: /^Итого/ }).getByRole('cell')).toHaveText(['20', '20', '10']);
  await expectNoHorizontalScroll(page);

  await expectAccessible(page, 'Школа: часы', 'tab');
  await page.setViewportSize(viewports.phone);

  // Clearing the goal.
  await page.getByRole('button', { name: 'Убрать цель' }).click();
  await expect(page.getByText('Цель на год не задана', { exact: false })).toBeVisible();

  // The foundation sees the school in its table.
  const fond = foundation.page;
  await fond.setViewportSize(viewports.phone);
  await openPage(fond, '/dashboard');
  await fond.getByRole('tab', { name: 'Часы' }).click();
  const schools = fond.getByRole('table', { name: 'Школы, с которыми вы работали' });
  await expect(schools.getByRole('row', { name: new RegExp(schoolName) }).getByRole('cell')).toHaveText([
    '1',
    '10',
    '20',
  ]);
  await expect(fond.getByRole('figure').locator(chartSurface)).toBeVisible();
  await expectNoHorizontalScroll(fond);

  // The administrator sees the platform's months, this month with at least this event.
  const admin = await browser.newContext({ baseURL, viewport: viewports.phone });
  const adminPage = await admin.newPage();
  const login = await adminPage.request.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(login.ok()).toBe(true);
  await openPage(adminPage, '/admin');
  await adminPage.getByRole('tab', { name: 'Часы' }).click();
  await adminPage.getByRole('button', { name: 'Показать таблицей' }).click();
  const platform = adminPage.getByRole('figure').getByRole('table');
  await expect(platform.getByRole('columnheader')).toHaveText([
    'Месяц',
    'Завершено мероприятий',
    'Пришли учеников',
    'Начислено часов',
  ]);
  const cells = platform.getByRole('row').filter({ hasText: thisMonth }).getByRole('cell');
  await expect(cells).toHaveCount(3);
  const [events, pupils, hours] = (await cells.allTextContents()).map(Number);
  expect(events).toBeGreaterThanOrEqual(1);
  expect(pupils).toBeGreaterThanOrEqual(10);
  expect(hours).toBeGreaterThanOrEqual(20);
  await expectNoHorizontalScroll(adminPage);

  for (const context of [foundation.context, school.context, admin]) await context.close();
});

test('a public page does not fetch the chart library', async ({ page }) => {
  const scripts = scriptsOf(page);
  await openPage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(isChartChunk)).toEqual([]);
});
