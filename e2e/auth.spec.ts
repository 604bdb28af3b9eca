import type { Page } from '@playwright/test';
import { openPage, reloadPage } from './support/navigation';
import { expect, test } from './support/test';

/** A toast's own text; Radix also copies it into a live region for screen readers, hence exact. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;

async function fillRegisterForm(page: Page, values: { username: string; password: string; confirm: string }) {
  await page.getByLabel('Имя пользователя').fill(values.username);
  await page.getByLabel('Пароль', { exact: true }).fill(values.password);
  await page.getByLabel('Подтвердите пароль').fill(values.confirm);
}

test('a school signs up, signs out and signs in again', async ({ page, expectConsoleErrors }) => {
  expectConsoleErrors(/status of 401 .*\/api\/login\)$/);
  const username = uniqueName('school');

  await openPage(page, '/auth?tab=register');
  await expect(page.getByRole('tab', { name: 'Регистрация' })).toHaveAttribute('aria-selected', 'true');

  // The form explains every mistake in Russian before anything is sent.
  await fillRegisterForm(page, { username: 'ab', password: '123', confirm: '456' });
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Имя пользователя должно содержать минимум 3 символа')).toBeVisible();
  await expect(page.getByText('Пароль должен содержать минимум 6 символов')).toBeVisible();

  await fillRegisterForm(page, { username, password: 'secret123', confirm: 'secret124' });
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();

  await page.getByText('Школа', { exact: true }).click();
  await page.getByLabel('Подтвердите пароль').fill('secret123');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

  await expect(toastText(page, 'Регистрация успешна')).toBeVisible();
  await expect(page).toHaveURL('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Войти' })).toHaveCount(0);

  // A new school meets the profile gate first; it can sign out from there.
  await header.getByRole('link', { name: 'Личный кабинет' }).click();
  await expect(page.getByRole('heading', { name: 'Завершите настройку профиля школы' })).toBeVisible();
  await page.getByRole('button', { name: 'Выйти из аккаунта' }).click();
  await expect(toastText(page, 'Выход выполнен')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(header.getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Регистрация' })).toBeVisible();

  await header.getByRole('link', { name: 'Войти' }).click();
  await page.getByLabel('Имя пользователя').fill(username);
  await page.getByLabel('Пароль').fill('wrong-password');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(toastText(page, 'Неверное имя пользователя или пароль')).toBeVisible();

  await page.getByLabel('Пароль').fill('secret123');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(toastText(page, `Добро пожаловать, ${username}!`)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Личный кабинет' })).toBeVisible();

  // A signed-in user who opens /auth is sent home.
  await openPage(page, '/auth');
  await expect(page).toHaveURL('/');
});

test('the privacy policy opens from the sign-up form', async ({ page }) => {
  await openPage(page, '/auth?tab=register');
  await page.getByRole('button', { name: 'политикой конфиденциальности' }).click();
  const dialog = page.getByRole('dialog', { name: 'Политика конфиденциальности' });
  await expect(dialog.getByText('Редакция от 08.07.2025')).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toHaveCount(0);
});

test('unknown paths show the 404 page; the home page offers both sign-up cards', async ({
  page,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 404 \(Not Found\)/);
  await openPage(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: '404 — страница не найдена' })).toBeVisible();

  await openPage(page, '/');
  await expect(page.getByRole('heading', { name: 'Я фонд' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Я школа' })).toBeVisible();
  await page.getByRole('link', { name: 'Зарегистрировать школу' }).click();
  await expect(page).toHaveURL('/auth?tab=register&role=school');
});

test('the mobile menu opens and the theme switch is remembered', async ({ page, expectConsoleErrors }) => {
  // The last part holds every script back on purpose.
  expectConsoleErrors(/net::ERR_FAILED .*\.js\)$/);
  await page.setViewportSize({ width: 390, height: 800 });
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Мобильное меню' });
  await expect(menu.getByRole('link', { name: 'Регистрация' })).toBeVisible();
  await menu.getByRole('link', { name: 'Регистрация' }).click();
  await expect(page).toHaveURL('/auth?tab=register');
  await expect(menu).toHaveCount(0);

  await page.getByRole('button', { name: /Тема: системная/ }).click();
  await page.getByRole('button', { name: /Тема: светлая/ }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await reloadPage(page);
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // The page applies the saved theme itself, before any script file: with every one held back, it is
  // dark from the start, and the CSP admitted its inline script.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      violations.push(message.text());
    }
  });
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(violations).toEqual([]);
});

test('the built app runs under the content security policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(message.text());
  });
  await openPage(page, '/auth?tab=register');
  await expect(page.getByRole('button', { name: 'Зарегистрироваться' })).toBeVisible();
  expect(violations.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
});
