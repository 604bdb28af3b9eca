import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { viewports, wcagTags } from './support/axe';
import { openPage } from './support/navigation';
import { approveOrganisation, completeSchoolProfile, uniqueName } from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 22, items 6, 7 and (in part) 8: the ways into taking part. «Записаться» on an event card leads to
 * the event's application; the home page's sign-up cards open sign-up with their account type; signed-in
 * visitors are not offered sign-up; signing in returns to the page that asked for it, and only to a page
 * of this site; volunteer requests are in the header and the mobile menu; a session that ended while a
 * page was open shows «Необходима авторизация» / «Войдите в систему» and the header signs out.
 */

const password = 'secret123';
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** A school account with a known name, signed in in the page's context. */
async function signUpSchool(page: Page) {
  const username = uniqueName('school');
  const response = await page.request.post('/api/register', { data: { username, password, role: 'school' } });
  expect(response.status()).toBe(201);
  return { username, id: ((await response.json()) as { id: number }).id };
}

/** Completes the school's profile (which renames the account) and answers the new name. */
async function completeProfile(page: Page) {
  await completeSchoolProfile(page);
  const session = (await (await page.request.get('/api/session')).json()) as { user: { username: string } };
  return session.user.username;
}

/** Fills the sign-in tab of /auth and submits it. */
async function signInThroughForm(page: Page, username: string) {
  await page.getByLabel('Имя пользователя').fill(username);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(toastText(page, `Добро пожаловать, ${username}!`)).toBeVisible();
}

/** An upcoming demo event that takes applications and has places left. */
/**
 * A demo event two weeks ahead with places, which no other journey applies to or completes: the first
 * open event of the list is often another journey's, whose counts that journey asserts (docs/journeys.md
 * §3), and journeys run side by side.
 */
async function openDemoEvent(page: Page) {
  const title = 'Реставрационный субботник в старом парке';
  const found = (await (
    await page.request.get(`/api/events?search=${encodeURIComponent(title)}`)
  ).json()) as { id: number; title: string }[];
  const event = found.find((item) => item.title === title);
  if (!event) throw new Error(`no demo event «${title}»`);
  return event;
}

/** The header's links: in the header row on a laptop, in the opened mobile menu on a phone. */
async function headerLinks(page: Page, width: number) {
  if (width >= 1024) return page.getByRole('banner');
  const menu = page.getByRole('navigation', { name: 'Мобильное меню' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(menu).toBeVisible();
  return menu;
}

const applicationRegion = (page: Page) => page.getByRole('region', { name: 'Регистрация' });

// At a phone's width only: the laptop's copies asserted nothing more, except the header's own row of
// links, which the last journey of this file follows at 1280 px (docs/journeys.md, issue 52).
const viewport = viewports.phone;
const at = `at ${viewport.width} px`;

test.describe(at, () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(viewport);
  });

  test(`«Записаться» on an event card opens the event at its application, from the keyboard too, ${at}`, async ({
    page,
  }) => {
    await openPage(page, '/events');
    const signUp = page
      .getByRole('main')
      .getByRole('link', { name: /^Записаться: / })
      .first();
    await expect(signUp).toBeVisible();
    const title = (await signUp.getAttribute('aria-label'))?.replace(/^Записаться: /, '') ?? '';
    // A link of its own beside the card's other links, never inside one.
    await expect(signUp.locator('xpath=ancestor::a | descendant::a | descendant::button')).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).include('main').analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);

    await signUp.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/events\/\d+#application$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(applicationRegion(page)).toBeFocused();
    await expect(applicationRegion(page)).toBeInViewport();
    await expect(
      applicationRegion(page).getByText('Войдите как школа чтобы зарегистрироваться'),
    ).toBeVisible();
  });

  test(`a signed-in visitor is never shown sign-up on the home page ${at}`, async ({ page }) => {
    // Whatever appears for a moment while the app starts counts: no flash of sign-up either.
    await page.addInitScript(() => {
      const seen = () =>
        document.querySelector('#join-heading, #cta-heading, a[href^="/auth?tab=register"]') !== null;
      new MutationObserver(() => {
        if (seen()) document.documentElement.dataset.sawSignUp = 'yes';
      }).observe(document, { childList: true, subtree: true });
    });
    await signUpSchool(page);
    await openPage(page, '/');
    await expect(page.getByRole('heading', { name: 'Мероприятия', level: 2 })).toBeVisible();
    const header = await headerLinks(page, viewport.width);
    await expect(header.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Присоединяйтесь' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Зарегистрировать (школу|фонд)$/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^(Регистрация|Зарегистрироваться)$/ })).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-saw-sign-up', 'yes');
  });

  test(`«Войти» on an event returns to its application after signing in or signing up ${at}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpSchool(page);
    const username = await completeProfile(page);
    await approveOrganisation(page);
    expect((await page.request.post('/api/logout')).ok()).toBe(true);
    const event = await openDemoEvent(page);

    await openPage(page, `/events/${event.id}`);
    await applicationRegion(page).getByRole('link', { name: 'Войти' }).click();
    await expect(page).toHaveURL(`/auth?next=%2Fevents%2F${event.id}%23application`);
    await signInThroughForm(page, username);
    await expect(page).toHaveURL(`/events/${event.id}#application`);
    await expect(applicationRegion(page).getByRole('button', { name: 'Записаться' })).toBeVisible();
    await expect(applicationRegion(page)).toBeFocused();
    await expect(applicationRegion(page)).toBeInViewport();

    // A new school that signs up from there comes back too, and is told to wait for moderation.
    expect((await page.request.post('/api/logout')).ok()).toBe(true);
    await openPage(page, `/events/${event.id}`);
    await applicationRegion(page).getByRole('link', { name: 'Войти' }).click();
    await page.getByRole('tab', { name: 'Регистрация' }).click();
    await page.getByRole('radio', { name: /Школа/ }).check({ force: true });
    await page.getByLabel('Имя пользователя').fill(uniqueName('school'));
    await page.getByLabel('Пароль', { exact: true }).fill(password);
    await page.getByLabel('Подтвердите пароль').fill(password);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(page).toHaveURL(`/events/${event.id}#application`);
    await expect(
      applicationRegion(page).getByText(
        'Дождитесь одобрения модератором чтобы регистрироваться на мероприятия',
      ),
    ).toBeVisible();
  });

  test(`volunteer requests are in the header's navigation ${at}`, async ({ page }) => {
    await openPage(page, '/');
    const links = await headerLinks(page, viewport.width);
    await links.getByRole('link', { name: 'Заявки на волонтёров' }).click();
    await expect(page).toHaveURL('/volunteer-requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Заявки на волонтёров' })).toBeVisible();
    // The header still fits the width it is given.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });

  test.describe('a session that ended while the page was open', () => {
    /** An approved school with an application to a demo event; answers how to clean it up. */
    async function schoolWithApplication(page: Page) {
      await signUpSchool(page);
      const username = await completeProfile(page);
      await approveOrganisation(page);
      const event = await openDemoEvent(page);
      const applied = await page.request.post(`/api/events/${event.id}/register`, {
        data: {
          participantCount: 1,
          contactPerson: 'Елена',
          contactPhone: '+7 (499) 245-12-12',
          parentalConsent: true,
        },
      });
      expect(applied.status()).toBe(201);
      return { username, event };
    }

    /** Signs in again through the API and withdraws the application, so other journeys see the places. */
    async function withdraw(page: Page, username: string, eventId: number) {
      await page.request.post('/api/login', { data: { username, password } });
      await page.request.post(`/api/events/${eventId}/cancel-application`);
    }

    test(`cancelling from «Мои заявки» asks to sign in and returns there after signing in ${at}`, async ({
      page,
      expectConsoleErrors,
    }) => {
      test.setTimeout(90_000);
      expectConsoleErrors(/401/);
      const { username, event } = await schoolWithApplication(page);
      try {
        await openPage(page, '/school-applications');
        const item = page.getByRole('listitem').filter({ hasText: event.title });
        await item.getByRole('button', { name: 'Отменить заявку' }).click();
        expect((await page.request.post('/api/logout')).ok()).toBe(true);
        await page
          .getByRole('alertdialog', { name: 'Отменить заявку?' })
          .getByRole('button', { name: 'Отменить заявку' })
          .click();
        await expect(toastText(page, 'Необходима авторизация')).toBeVisible();
        await expect(toastText(page, 'Войдите в систему')).toBeVisible();
        await expect(page).toHaveURL('/auth?next=%2Fschool-applications');
        await expect(page.getByRole('banner').getByRole('link', { name: 'Личный кабинет' })).toHaveCount(0);

        await signInThroughForm(page, username);
        await expect(page).toHaveURL('/school-applications');
        await expect(page.getByRole('listitem').filter({ hasText: event.title })).toBeVisible();
      } finally {
        await withdraw(page, username, event.id);
      }
    });
  });
});

test('with volunteer requests added, the header still fits between a phone and a laptop', async ({
  page,
}) => {
  for (const width of [768, 1023, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openPage(page, '/');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${width} px`,
    ).toBeLessThanOrEqual(width);
  }
  // On a laptop the link is in the header's own row.
  await (await headerLinks(page, 1280)).getByRole('link', { name: 'Заявки на волонтёров' }).click();
  await expect(page).toHaveURL('/volunteer-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Заявки на волонтёров' })).toBeVisible();
});
