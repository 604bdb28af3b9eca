import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { viewports } from './support/axe';
import {
  approveOrganisation,
  baseURL,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  registerAccount,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

// Issue 27: the signed-in pages keep still while they load. Their loading states take the place of what
// they load, so nothing on screen moves when it arrives (Lighthouse counted layout shifts of 1.2-1.3 on
// the applications pages, from spinners that moved the footer), and a list draws one page of itself.

/** Lighthouse's threshold of a good cumulative layout shift. */
const goodLayoutShift = 0.1;
/** Every API answer is this late, so each loading state stays on screen long enough to be drawn. */
const apiDelayMs = 700;

declare global {
  interface Window {
    layoutShiftForTest?: number;
  }
}

/**
 * Opens `address` with every API request slowed down, waits for `loaded` and the requests after it, and
 * answers the sum of the page's layout shifts not caused by input: stricter than Lighthouse's CLS, which
 * takes the worst window of them.
 */
async function layoutShiftOf(page: Page, address: string, loaded: Locator): Promise<number> {
  await page.addInitScript(() => {
    window.layoutShiftForTest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) window.layoutShiftForTest = (window.layoutShiftForTest ?? 0) + entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, apiDelayMs));
    await route.fallback();
  });
  await page.goto(address);
  await expect(loaded).toBeVisible({ timeout: 20_000 });
  // Whatever arrives with or right after the awaited content (counts, pagers, cards below) has its turn:
  // no request for half a second (each answer is slowed), then two frames drawn with the last of them.
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.layoutShiftForTest ?? 0))),
      ),
  );
}

/** An approved account with a complete profile, signed in in a context of its own. */
async function organisation(browser: Browser, role: 'school' | 'foundation') {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const userId = await registerAccount(page, role);
  await approveOrganisation(page);
  if (role === 'school') await completeSchoolProfile(page, `Школа «${uniqueName('Загрузка')}»`);
  else await completeFoundationProfile(page, `Фонд «${uniqueName('Загрузка')}»`);
  return { context, page, userId };
}

const eventCount = 12;
const ownEventsPerPage = 10;

test.describe.configure({ timeout: 180_000 });

// At a phone's width only: the laptop's copy of each journey asserted nothing the phone's does not
// (docs/journeys.md, issue 52).
const viewport = viewports.phone;
test(`phone (${viewport.width} px): the seven signed-in pages load without moving what is on screen`, async ({
  browser,
}) => {
  const foundation = await organisation(browser, 'foundation');
  const school = await organisation(browser, 'school');
  const eventIds: number[] = [];
  for (let n = 1; n <= eventCount; n++) {
    eventIds.push(
      await createEvent(foundation.page, {
        title: `Загрузка без сдвигов № ${n}`,
        totalSlots: 30,
        hours: 2,
      }),
    );
  }
  const applicationIds: number[] = [];
  for (const eventId of eventIds.slice(0, 4)) {
    const response = await school.page.request.post(`/api/events/${eventId}/register`, {
      data: {
        participantCount: 2,
        contactPerson: 'Елена Викторовна',
        contactEmail: 'elena@example.org',
        parentalConsent: true,
      },
    });
    expect(response.status()).toBe(201);
    applicationIds.push((await response.json()).id);
  }
  // Two of them approved, for the pages of approved applications.
  for (const applicationId of applicationIds.slice(0, 2)) {
    const decision = await foundation.page.request.patch(`/api/foundation/applications/${applicationId}`, {
      data: { action: 'approve' },
    });
    expect(decision.ok()).toBe(true);
  }
  const admin = await browser.newContext({ baseURL });
  const login = await admin.request.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(login.ok()).toBe(true);

  const pages: Array<[string, BrowserContext, string, (page: Page) => Locator]> = [
    [
      'кабинет фонда',
      foundation.context,
      '/dashboard',
      (page) => page.getByText('Загрузка без сдвигов № 1', { exact: true }),
    ],
    [
      'кабинет школы',
      school.context,
      '/dashboard',
      (page) => page.getByRole('heading', { name: 'Панель управления школы' }),
    ],
    [
      'заявки школ',
      foundation.context,
      '/foundation-applications',
      // The pending ones, which both lists open on.
      (page) => page.getByText('Загрузка без сдвигов № 3', { exact: true }),
    ],
    [
      'мои заявки',
      school.context,
      '/school-applications',
      // The pending ones, which both lists open on.
      (page) => page.getByText('Загрузка без сдвигов № 3', { exact: true }),
    ],
    [
      'одобренные заявки фонда',
      foundation.context,
      '/foundation-approved-applications',
      (page) => page.getByText('Загрузка без сдвигов № 1', { exact: true }),
    ],
    [
      'одобренные заявки школы',
      school.context,
      '/school-approved-applications',
      (page) => page.getByRole('link', { name: 'Загрузка без сдвигов № 1', exact: true }),
    ],
    ['администратор', admin, '/admin', (page) => page.getByRole('tab', { name: 'Пользователи' })],
  ];
  const shifts: Record<string, number> = {};
  for (const [screen, context, address, loaded] of pages) {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    shifts[screen] = await layoutShiftOf(page, address, loaded(page));
    if (screen === 'кабинет фонда') {
      // One page of the foundation's events, the rest behind the pager.
      await expect.soft(page.getByRole('link', { name: /^Просмотр: / })).toHaveCount(ownEventsPerPage);
      const pager = page.getByRole('navigation', { name: 'Страницы мероприятий фонда' });
      await pager.getByRole('button', { name: 'Страница 2' }).click();
      await expect(page.getByRole('link', { name: /^Просмотр: / })).toHaveCount(
        eventCount - ownEventsPerPage,
      );
    }
    await page.close();
  }
  console.log(`phone: ${JSON.stringify(shifts)}`);
  for (const [screen, shift] of Object.entries(shifts)) {
    expect.soft(shift, `сдвиг раскладки: ${screen}`).toBeLessThan(goodLayoutShift);
  }

  for (const userId of [foundation.userId, school.userId]) {
    expect((await admin.request.delete(`/api/admin/users/${userId}`)).ok()).toBe(true);
  }
  await Promise.all([foundation.context.close(), school.context.close(), admin.close()]);
});
