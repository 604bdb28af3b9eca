import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { viewports } from './support/axe';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  appToday,
  baseURL,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  registerAccount,
  signUpOrganisation,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

// Issue 22, items 12, 13, 15 and 18: the working areas' dashboards, at a phone's width and a laptop's.

/** The administrator's API session, for decisions and for removing what a journey created. */
async function adminApi(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(login.ok()).toBe(true);
  return context;
}

/** Deletes the accounts a journey made (a foundation takes its events with it), so no list shows them. */
async function deleteAccounts(browser: Browser, userIds: number[]) {
  const admin = await adminApi(browser);
  for (const id of userIds) {
    expect((await admin.request.delete(`/api/admin/users/${id}`)).ok()).toBe(true);
  }
  await admin.close();
}

/** An approved foundation with a complete profile, in a context of its own. */
async function approvedFoundation(browser: Browser) {
  const foundation = await signUpOrganisation(browser, 'foundation');
  await approveOrganisation(foundation.page);
  await completeFoundationProfile(foundation.page, `Фонд «${uniqueName('Панель')}»`);
  return foundation;
}

/** The school's application for `participants` pupils, made through the API; answers its id. */
async function apply(school: APIRequestContext, eventId: number, participants: number) {
  const response = await school.post(`/api/events/${eventId}/register`, {
    data: {
      participantCount: participants,
      contactPerson: 'Елена Викторовна',
      contactEmail: 'elena@example.org',
      parentalConsent: true,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function approveApplication(foundation: APIRequestContext, applicationId: number) {
  const response = await foundation.patch(`/api/foundation/applications/${applicationId}`, {
    data: { action: 'approve' },
  });
  expect(response.ok()).toBe(true);
}

async function completeEvent(foundation: APIRequestContext, eventId: number) {
  const response = await foundation.patch(`/api/events/${eventId}`, { data: { status: 'completed' } });
  expect(response.ok()).toBe(true);
}

/** The page signed up as an approved school with a complete profile; answers the account's id. */
async function becomeApprovedSchool(page: Page) {
  const userId = await registerAccount(page, 'school');
  await approveOrganisation(page);
  await completeSchoolProfile(page, `Школа «${uniqueName('Панель')}»`);
  return userId;
}

const profileTab = (page: Page) => page.getByRole('tab', { name: /^Профиль/ });

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`${name} (${viewport.width} px)`, () => {
    test.use({ viewport });
    // Each journey signs up two or three accounts through the API before it opens a page.
    test.describe.configure({ timeout: 90_000 });

    test('deleting an archive entry takes its hours off the «Завершены» tab too', async ({
      page,
      browser,
    }) => {
      const schoolId = await becomeApprovedSchool(page);
      const foundation = await approvedFoundation(browser);
      const title = `Посадка сирени ${uniqueName('')}`;
      const eventId = await createEvent(foundation.page, {
        title,
        totalSlots: 20,
        hours: 4,
        date: appToday(),
      });
      await approveApplication(foundation.page.request, await apply(page.request, eventId, 8));
      await completeEvent(foundation.page.request, eventId);

      const completedCard = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: title });
      await openPage(page, '/school-applications');
      await page.getByRole('tab', { name: /Завершены/ }).click();
      await expect(completedCard.getByText(/Засчитано/)).toBeVisible();

      await openPage(page, '/dashboard');
      await page.getByRole('tab', { name: 'Архив' }).click();
      await page.getByRole('button', { name: `Удалить из архива: ${title}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить из архива' }).click();
      await expect(page.getByText('Успешно удалено', { exact: true })).toBeVisible();

      await openPage(page, '/school-applications');
      await page.getByRole('tab', { name: /Завершены/ }).click();
      await expect(completedCard).toBeVisible();
      await expect(completedCard.getByText(/Засчитано/)).toHaveCount(0);

      await foundation.context.close();
      await deleteAccounts(browser, [foundation.userId, schoolId]);
    });

    test('the first event is on the first screen, and the statistics tiles fill their rows in two lines at most', async ({
      page,
      browser,
    }) => {
      const foundationId = await registerAccount(page, 'foundation');
      await approveOrganisation(page);
      await completeFoundationProfile(page);
      await createEvent(page, {
        title: 'Весенняя посадка деревьев в Измайловском парке',
        totalSlots: 40,
        hours: 3,
      });

      await openPage(page, '/dashboard');
      const firstEvent = page.getByRole('tabpanel').getByRole('listitem').first();
      await expect(firstEvent).toContainText('Весенняя посадка деревьев');
      const box = await firstEvent.boundingBox();
      expect(box, 'первое мероприятие').not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);

      await profileTab(page).click();
      await expectTilesFit(page);

      // A school has three tiles: none of them leaves a cell empty.
      const schoolId = await becomeApprovedSchool(page);
      await openPage(page, '/dashboard');
      await profileTab(page).click();
      await expectTilesFit(page);

      await deleteAccounts(browser, [foundationId, schoolId]);
    });

    test('the administrator’s ten tabs stay in one row that scrolls sideways', async ({ page }) => {
      const login = await page.request.post('/api/admin/login', {
        data: { username: 'admin', password: 'e2e-admin-password' },
      });
      expect(login.ok()).toBe(true);
      await openPage(page, '/admin');
      const tabs = page.getByRole('tablist', { name: 'Разделы панели администратора' });
      await expect(tabs.getByRole('tab')).toHaveCount(10);
      const layout = await tabs.evaluate((list) => ({
        tops: [...list.querySelectorAll('[role="tab"]')].map((tab) => (tab as HTMLElement).offsetTop),
        scrolls: list.scrollWidth > list.clientWidth,
        overflowX: getComputedStyle(list).overflowX,
      }));
      expect(new Set(layout.tops).size, 'вкладки в одну строку').toBe(1);
      expect(layout.overflowX).toBe('auto');
      if (viewport.width < 640) expect(layout.scrolls).toBe(true);
      // The last tab can be reached: scrolled to, it is inside the list's box.
      const last = tabs.getByRole('tab').last();
      await last.click();
      await expect(last).toHaveAttribute('aria-selected', 'true');
      await expect(last).toBeInViewport();
    });
  });
}

/** Every tile's label takes two lines at most, and the last tile ends where the grid does. */
async function expectTilesFit(page: Page) {
  const heading = page.getByRole('heading', { name: 'Статистика' });
  await expect(heading).toBeVisible();
  const tiles = await heading.evaluate((title) => {
    const grid = title.nextElementSibling as HTMLElement;
    const gridBox = grid.getBoundingClientRect();
    const cells = [...grid.children] as HTMLElement[];
    return {
      gridRight: gridBox.right,
      lastRight: cells.at(-1)?.getBoundingClientRect().right ?? 0,
      labels: cells.map((cell) => {
        const label = cell.lastElementChild as HTMLElement;
        return {
          text: label.textContent,
          lines: Math.round(
            label.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(label).lineHeight),
          ),
        };
      }),
    };
  });
  for (const label of tiles.labels) expect(label.lines, label.text ?? '').toBeLessThanOrEqual(2);
  expect(Math.abs(tiles.gridRight - tiles.lastRight), 'пустая клетка в последнем ряду').toBeLessThan(1);
}
