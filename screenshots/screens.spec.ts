import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { applyTheme, prepareForScans, settle, type Theme, viewports } from '../e2e/support/axe';
import { openPage } from '../e2e/support/navigation';
import { type Organisation, registerAccount } from '../e2e/support/organisations';
import { expect, test } from '../e2e/support/test';
import { outputDir } from './output';
import { buildWorld, foundationName, schoolName, titles, type World, waitingFoundationName } from './world';

/*
 * `npm run screenshots` (issue 22): every public and working-area screen as a full-page picture at
 * 375 and 1280 px in the light and the dark theme, for a reviewer to look through. Not a test of its own:
 * it fails only when a screen cannot be reached or the browser's console reports an error. Each role
 * walks its screens in the test's own page (so the console guard of ../e2e/support/test watches it),
 * signed in with the session the world was built with.
 */

const themes: Theme[] = ['light', 'dark'];

let world: World;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  world = await buildWorld(browser);
});

test.afterAll(async () => {
  for (const account of [world?.fond, world?.school, world?.waiting]) await account?.context.close();
});

/** The test's page, signed in as the organisation, starting in the light theme without animations. */
async function signIn(page: Page, account: Organisation) {
  await page.context().addCookies(await account.context.cookies());
  await prepareForScans(page);
}

interface Shot {
  widths?: (typeof viewports)[keyof typeof viewports][];
  /** An open dialog is pictured as the screen shows it: its backdrop covers the window, not the page. */
  fullPage?: boolean;
}

/**
 * Pictures the page as it is now, in each width and theme. The theme is switched as the header's toggle
 * does (applyTheme), and the toggle is told through the storage event, so its icon matches the theme.
 * Lazy pictures below the fold are asked for at once: a full-page picture must not show them empty.
 */
async function shoot(
  page: Page,
  name: string,
  { widths = [viewports.phone, viewports.laptop], fullPage = true }: Shot = {},
) {
  await expect(page.locator('[aria-busy="true"], .animate-spin')).toHaveCount(0);
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    for (const theme of themes) {
      await applyTheme(page, theme);
      await page.evaluate(() => window.dispatchEvent(new StorageEvent('storage', { key: 'theme' })));
      await expect(
        page.locator('header').getByTitle(theme === 'dark' ? 'Тема: тёмная' : 'Тема: светлая'),
      ).toBeVisible();
      await page.evaluate(async () => {
        await document.fonts.ready;
        await Promise.all(
          [...document.images].map((image) => {
            image.loading = 'eager';
            if (image.complete) return undefined;
            return new Promise((done) => {
              image.addEventListener('load', done, { once: true });
              image.addEventListener('error', done, { once: true });
            });
          }),
        );
      });
      await settle(page);
      await page.screenshot({
        path: path.join(outputDir, `${viewport.width}-${theme}`, `${name}.png`),
        fullPage,
      });
    }
  }
  await page.setViewportSize(viewports.laptop);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens a page and pictures it once its heading (and, for lists, a known item) is on screen. */
async function visit(page: Page, url: string, name: string, ...ready: Locator[]) {
  await openPage(page, url);
  await expect(h1(page).first()).toBeVisible();
  for (const locator of ready) await expect(locator).toBeVisible();
  await shoot(page, name);
}

async function openTab(page: Page, tab: string | RegExp, name: string, ready: Locator) {
  await page.getByRole('tab', { name: tab }).click();
  await expect(ready).toBeVisible();
  await shoot(page, name);
}

test('public screens', async ({ page, expectConsoleErrors }) => {
  // The not-found screens are reached through addresses that answer 404, which the browser reports.
  expectConsoleErrors(/status of 404 .*\/((api\/)?(events|foundations|news)\/999999|no-such-page)\)$/);
  await prepareForScans(page);
  await visit(page, '/', 'public-home');
  await page.setViewportSize(viewports.phone);
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(page.getByRole('navigation', { name: 'Мобильное меню' })).toBeVisible();
  await shoot(page, 'public-home-mobile-menu', { widths: [viewports.phone] });

  await visit(
    page,
    '/events',
    'public-events',
    page.getByRole('link', { name: titles.pending, exact: true }),
  );
  await visit(
    page,
    `/events/${world.events.approved}`,
    'public-event-detail',
    h1(page).getByText(titles.approved),
  );
  const pastTitle = 'Субботник на берегу Яузы';
  const found = await page.request.get(`/api/events?search=${encodeURIComponent(pastTitle)}`);
  const [past] = (await found.json()) as { id: number }[];
  await visit(page, `/events/${past?.id}`, 'public-event-past', h1(page).getByText(pastTitle));
  await visit(page, '/events/999999', 'public-event-not-found');
  await visit(
    page,
    '/foundations',
    'public-foundations',
    page.getByRole('link', { name: foundationName, exact: true }),
  );
  await page.getByRole('link', { name: foundationName, exact: true }).click();
  await expect(h1(page).getByText(foundationName)).toBeVisible();
  await shoot(page, 'public-foundation-detail');
  await openTab(
    page,
    /Мероприятия/,
    'public-foundation-detail-events',
    page.getByText(titles.pending).first(),
  );

  await visit(page, '/foundations/999999', 'public-foundation-not-found');

  await visit(page, '/news', 'public-news');
  await page
    .getByRole('button', { name: /^Читать/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'public-news-dialog', { fullPage: false });
  const newsList = await page.request.get('/api/news');
  const [newsItem] = (await newsList.json()) as { id: number }[];
  await visit(page, `/news/${newsItem?.id}`, 'public-news-item');
  await visit(page, '/news/999999', 'public-news-not-found');
  await visit(page, '/faq', 'public-faq');
  await visit(page, '/terms-of-service', 'public-terms');
  await visit(page, '/privacy-policy', 'public-privacy');
  await visit(page, '/volunteer-development', 'public-volunteer-development');
  await visit(page, '/volunteer-requests', 'public-volunteer-requests', page.getByText(titles.request));
  await visit(page, `/volunteer-requests/${world.openRequestId}`, 'public-volunteer-request');

  await openPage(page, '/auth');
  await expect(page.getByRole('tab', { name: 'Вход', selected: true })).toBeVisible();
  await shoot(page, 'public-auth-login');
  await page.getByRole('tab', { name: 'Регистрация' }).click();
  await expect(page.getByRole('button', { name: 'Зарегистрироваться' })).toBeVisible();
  await shoot(page, 'public-auth-register');
  await visit(page, '/admin/login', 'public-admin-login');
  await visit(page, '/no-such-page', 'public-not-found');

  // A school just signed up: every working page asks it to fill in its profile first.
  await registerAccount(page, 'school');
  await visit(page, '/dashboard', 'school-profile-incomplete');
});

test('school screens', async ({ page }) => {
  await signIn(page, world.school);
  await visit(page, '/dashboard', 'school-dashboard-events');
  await openTab(page, 'Мои заявки', 'school-dashboard-applications', page.getByText(titles.pending).first());
  await openTab(page, 'Архив', 'school-dashboard-archive', page.getByText(titles.completed).first());
  await openTab(page, 'Профиль', 'school-dashboard-profile', page.getByText('Статус модерации').first());
  await visit(page, '/dashboard/edit-profile', 'school-edit-profile');

  await visit(page, '/school-applications', 'school-applications-pending', page.getByText(titles.pending));
  await openTab(page, /^Одобрены/, 'school-applications-approved', page.getByText(titles.approved));
  await openTab(page, /^Отклонены/, 'school-applications-rejected', page.getByRole('tabpanel'));
  await openTab(page, /^Завершены/, 'school-applications-completed', page.getByText(titles.completed));
  await visit(page, '/school-applications-old', 'school-applications-old', page.getByText(titles.pending));
  await openTab(
    page,
    'Доступные мероприятия',
    'school-applications-old-available',
    page.getByText(/^Показано \d+ из \d+$/),
  );
  await page.getByRole('button', { name: 'Подать заявку' }).first().click();
  await expect(page.getByText('Заявка на участие')).toBeVisible();
  await shoot(page, 'school-applications-old-form');
  await visit(
    page,
    '/school-approved-applications',
    'school-approved-applications',
    page.getByText(titles.approved),
  );

  await visit(page, `/events/${world.events.pending}`, 'school-event-applied');
  await visit(page, `/events/${world.events.open}`, 'school-event');
  await page.getByRole('button', { name: /Записаться/ }).click();
  await expect(page.getByRole('button', { name: 'Подать заявку' })).toBeVisible();
  await shoot(page, 'school-event-application-form');
  await visit(
    page,
    `/volunteer-requests/${world.requestId}`,
    'school-volunteer-request-responded',
    page.getByText('Ваш отклик'),
  );
  await visit(
    page,
    `/volunteer-requests/${world.openRequestId}`,
    'school-volunteer-request-response-form',
    page.getByRole('button', { name: 'Отправить отклик' }),
  );
});

test('foundation screens', async ({ page }) => {
  await signIn(page, world.fond);
  const { events } = world;
  await visit(page, '/dashboard', 'foundation-dashboard-events', page.getByText(titles.pending).first());
  await openTab(
    page,
    'Заявки',
    'foundation-dashboard-applications',
    page.getByRole('link', { name: 'Рассмотреть заявки' }),
  );
  await openTab(page, 'Отчеты', 'foundation-dashboard-reports', page.getByText(titles.report));
  await page.getByRole('button', { name: 'Создать отчет' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'foundation-dashboard-report-form', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await openTab(page, 'Профиль', 'foundation-dashboard-profile', page.getByText('Статус модерации').first());
  await visit(page, '/dashboard/edit-profile', 'foundation-edit-profile');

  await visit(page, '/dashboard/create-event', 'foundation-event-create');
  await openPage(page, `/dashboard/edit-event/${events.approved}`);
  await expect(page.getByLabel('Название мероприятия *')).toHaveValue(titles.approved);
  await shoot(page, 'foundation-event-edit');
  await visit(page, `/dashboard/event/${events.approved}`, 'foundation-dashboard-event');
  await visit(
    page,
    `/foundation/event/${events.pending}`,
    'foundation-event-applications',
    page.getByText(schoolName).first(),
  );
  await visit(
    page,
    `/foundation/event/${events.approved}`,
    'foundation-event-participants',
    page.getByText(schoolName).first(),
  );
  await visit(page, `/events/${events.pending}`, 'foundation-event-public');
  await visit(page, '/foundation-applications', 'foundation-applications', page.getByText(titles.pending));
  await visit(
    page,
    '/foundation-approved-applications',
    'foundation-approved-applications',
    page.getByText(titles.approved),
  );
  await visit(page, '/dashboard/create-request', 'foundation-volunteer-request-create');
  await visit(
    page,
    `/volunteer-requests/${world.requestId}`,
    'foundation-volunteer-request-responses',
    page.getByText(schoolName),
  );
});

test('administrator screens', async ({ page }) => {
  // First the organisation the administrator is about to moderate, as it sees its own dashboard.
  await signIn(page, world.waiting);
  await visit(page, '/dashboard', 'foundation-dashboard-awaiting-moderation');
  await page.context().clearCookies();
  const login = await page.request.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(login.ok()).toBe(true);
  const shown = page.getByText(/^Показано \d+ из \d+$/);
  await visit(page, '/admin', 'admin-users', shown);
  await openTab(page, 'Модерация', 'admin-moderation', page.getByText(waitingFoundationName).first());
  await openTab(page, 'Мероприятия', 'admin-events', shown);
  await openTab(page, 'Заявки', 'admin-applications', shown);
  await openTab(page, 'Отчеты', 'admin-reports', page.getByText(titles.report).first());
  await openTab(page, 'Новости', 'admin-news', page.getByRole('button', { name: 'Создать новость' }));
  await openTab(page, 'Настройки', 'admin-settings', page.getByLabel('Текущий пароль *'));
});
