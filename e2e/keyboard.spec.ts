import type { Locator, Page } from '@playwright/test';
import { viewports } from './support/axe';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  completeFoundationProfile,
  completeSchoolProfile,
  signUpOrganisation,
} from './support/organisations';
import { expect, test } from './support/test';

/* Issue 8, keyboard part: everything works without a mouse, and the keyboard's place is always visible. */

const isInside = (container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement));

/**
 * Tabs through the whole page once and answers every focus stop that shows no outline or ring, neither
 * itself nor (for a visually hidden radio button) on the label that draws it.
 */
async function stopsWithoutFocusIndicator(page: Page) {
  const missing: string[] = [];
  let first: string | undefined;
  for (let step = 0; step < 250; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const shows = (target: Element) => {
        const style = getComputedStyle(target);
        const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
        return outline || style.boxShadow !== 'none';
      };
      const label = element.closest('label');
      const name = `${element.tagName.toLowerCase()} «${(element.textContent || element.getAttribute('aria-label') || element.id).trim().slice(0, 40)}»`;
      return {
        key: `${name}@${element.getBoundingClientRect().top + window.scrollY}`,
        name,
        ok: shows(element) || (label !== null && shows(label)),
      };
    });
    if (stop === null || stop.key === first) break;
    first ??= stop.key;
    if (!stop.ok) missing.push(stop.name);
  }
  return missing;
}

test('the skip link is the first Tab stop, shows itself and moves focus to the main content', async ({
  page,
}) => {
  await openPage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
  expect((await skip.boundingBox())?.width).toBeLessThanOrEqual(1);

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect((await skip.boundingBox())?.width).toBeGreaterThan(100);

  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await isInside(page.getByRole('main'))).toBe(true);
});

test('every focus stop of the public pages shows where the keyboard is, on a laptop and a phone', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const pages = [
    ['/', page.getByRole('heading', { level: 1 }), viewports.laptop],
    ['/', page.getByRole('heading', { level: 1 }), viewports.phone],
    ['/events', page.getByRole('heading', { name: 'Все мероприятия' }), viewports.laptop],
    ['/auth?tab=register', page.getByRole('button', { name: 'Зарегистрироваться' }), viewports.phone],
  ] as const;
  for (const [path, ready, viewport] of pages) {
    await page.setViewportSize(viewport);
    await openPage(page, path);
    await expect(ready).toBeVisible();
    expect(await stopsWithoutFocusIndicator(page), `${path} at ${viewport.width}px`).toEqual([]);
  }
});

test('the header menu on a phone opens with Enter, its links take Tab, Escape closes it', async ({
  page,
}) => {
  await page.setViewportSize(viewports.phone);
  await openPage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Открыть меню' });
  for (
    let step = 0;
    step < 6 && !(await menuButton.evaluate((button) => button === document.activeElement));
    step += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Мобильное меню' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Закрыть меню' })).toHaveAttribute('aria-expanded', 'true');
  for (const name of [
    'Главная',
    'Фонды',
    'Мероприятия',
    'Заявки на волонтёров',
    'FAQ',
    'Новости',
    'Войти',
    'Регистрация',
  ]) {
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name, exact: true })).toBeFocused();
  }

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Открыть меню' })).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Фонды', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Фонды' })).toBeVisible();
  await expect(menu).toBeHidden();
});

/** Opens the dialog from the keyboard, checks that Tab and Shift+Tab stay in it, closes it with Escape. */
async function expectFocusTrapped(page: Page, trigger: Locator, dialog: Locator) {
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  expect(await isInside(dialog)).toBe(true);
  for (const key of [
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
  ]) {
    await page.keyboard.press(key);
    expect(await isInside(dialog), `focus left the dialog after ${key}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

test('a news dialog, a confirm dialog and a form dialog keep Tab inside and give focus back to their button', async ({
  browser,
}) => {
  // A news item's dialog loads on first opening and must still trap and return focus, twice over.
  const visitor = await browser.newPage();
  await openPage(visitor, '/news');
  // The page's last item is a demo one, older than any a journey adds (and may delete) meanwhile.
  const readMore = visitor.getByRole('button', { name: /^Читать/ }).last();
  const newsTitle = ((await readMore.textContent()) ?? '').replace(/^[^:]*:\s*/, '');
  for (let time = 0; time < 2; time++) {
    await expectFocusTrapped(visitor, readMore, visitor.getByRole('dialog', { name: newsTitle }));
  }
  await visitor.close();

  const school = await signUpOrganisation(browser, 'school');
  await completeSchoolProfile(school.page, 'Школа «Клавиатура»');
  await openPage(school.page, '/dashboard');
  await expect(school.page.getByRole('heading', { name: 'Панель управления школы' })).toBeVisible();
  await expectFocusTrapped(
    school.page,
    school.page.getByRole('button', { name: 'Выйти', exact: true }),
    school.page.getByRole('alertdialog', { name: 'Вы действительно хотите выйти?' }),
  );
  await school.context.close();

  const foundation = await signUpOrganisation(browser, 'foundation');
  await completeFoundationProfile(foundation.page, 'Фонд «Клавиатура»');
  const page = foundation.page;
  await openPage(page, '/dashboard');
  await page.getByRole('tab', { name: 'Отчеты' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый отчет' });
  await expectFocusTrapped(page, page.getByRole('button', { name: 'Создать отчет' }), dialog);
  await foundation.context.close();
});

/** The field is marked invalid and described by the element that holds its message, which is announced. */
async function expectAnnouncedError(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const messageId = await field.getAttribute('aria-describedby');
  const holder = page.locator(`[id="${messageId}"]`);
  await expect(holder).toHaveText(message);
  await expect(holder).toHaveAttribute('role', 'alert');
}

test('forms sent empty mark their fields invalid and announce why, in Russian', async ({ page, browser }) => {
  await openPage(page, '/auth');
  const username = page.getByLabel('Имя пользователя');
  await username.focus();
  await page.keyboard.press('Enter');
  await expectAnnouncedError(page, username, 'Имя пользователя должно содержать минимум 3 символа');
  await expectAnnouncedError(page, page.getByLabel('Пароль'), 'Пароль должен содержать минимум 6 символов');
  await expect(username).toBeFocused();

  const foundation = await signUpOrganisation(browser, 'foundation');
  await approveOrganisation(foundation.page);
  await completeFoundationProfile(foundation.page, 'Фонд «Пустая форма»');
  const form = foundation.page;
  await openPage(form, '/dashboard/create-event');
  await expect(form.getByRole('heading', { name: 'Создание нового мероприятия' })).toBeVisible();
  await form.getByRole('button', { name: 'Создать мероприятие' }).press('Enter');
  const title = form.getByLabel('Название мероприятия *');
  await expectAnnouncedError(form, title, 'Название должно содержать минимум 5 символов');
  await expect(title).toBeFocused();
  await expect(form.locator('[aria-invalid="true"]')).not.toHaveCount(0);
  for (const field of await form.locator('[aria-invalid="true"]').all()) {
    await expect(field).toHaveAttribute('aria-describedby', /.+/);
    await expect(field).not.toHaveAccessibleDescription('');
  }
  await foundation.context.close();
});
