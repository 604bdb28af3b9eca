import type { Page } from '@playwright/test';
import { expectAccessible, prepareForScans } from './support/axe';
import { linkIn, waitForLetter } from './support/mailbox';
import { openPage } from './support/navigation';
import { approveOrganisation, registerAccount, uniqueName } from './support/organisations';
import { expect, test } from './support/test';

// A school coordinator on a phone.
test.use({ viewport: { width: 375, height: 740 } });

/** A toast's own text; Radix also copies it into a live region for screen readers, hence exact. */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** An approved school with a complete profile and its own e-mail, signed in on the page. */
async function schoolWithEmail(page: Page) {
  await registerAccount(page, 'school');
  await approveOrganisation(page);
  const username = uniqueName('school');
  const email = `${username}@school.example`;
  const profile = await page.request.patch('/api/profile', {
    data: {
      username,
      fullName: 'Гимназия № 17',
      schoolType: 'state',
      description: 'Гимназия, где волонтёрский отряд собирает старшеклассников по субботам.',
      address: 'Москва, ул. Строителей, д. 7',
      phone: '+7 (499) 111-22-33',
      email,
    },
  });
  expect(profile.ok()).toBe(true);
  return { username, email };
}

async function signIn(page: Page, username: string, password: string) {
  await openPage(page, '/auth');
  await page.getByLabel('Имя пользователя').fill(username);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(toastText(page, 'Успешный вход')).toBeVisible();
}

async function signOut(page: Page) {
  expect((await page.request.post('/api/logout')).ok()).toBe(true);
}

test('a school changes its password in the dashboard and signs in with the new one', async ({ page }) => {
  const { username } = await schoolWithEmail(page);
  await openPage(page, '/dashboard');
  await page.getByRole('tab', { name: 'Профиль' }).click();
  const card = page.getByRole('form', { name: 'Сменить пароль' });

  await card.getByLabel('Текущий пароль').fill('secret123');
  await card.getByLabel('Новый пароль', { exact: true }).fill('новый-пароль-1');
  await card.getByLabel('Повторите новый пароль').fill('другой');
  await card.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(card.getByText('Пароли не совпадают')).toBeVisible();

  await card.getByLabel('Повторите новый пароль').fill('новый-пароль-1');
  await card.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(toastText(page, 'Пароль изменён. На других устройствах нужно войти заново.')).toBeVisible();
  // This device stays signed in.
  expect((await page.request.get('/api/user')).ok()).toBe(true);

  await signOut(page);
  await signIn(page, username, 'новый-пароль-1');
});

test('a school that forgot its password sets a new one from the letter', async ({
  page,
  expectConsoleErrors,
}) => {
  // The used link is refused when the page checks it, as it should be.
  expectConsoleErrors(/status of 404 .*\/api\/password-reset-links\/[A-Za-z0-9_-]{43}\)$/);
  await prepareForScans(page);
  const { username, email } = await schoolWithEmail(page);
  await signOut(page);

  await openPage(page, '/auth');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page.getByRole('heading', { name: 'Восстановление пароля' })).toBeVisible();
  await page.getByLabel('Имя пользователя или e-mail').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Если такой аккаунт есть' })).toBeVisible();

  const letter = await waitForLetter(email, 'Восстановление пароля');
  expect(letter.text).toContain('Если это были не вы — ничего не делайте');
  const link = linkIn(letter, '/reset-password');
  expect(new URL(link).hash).toMatch(/^#[A-Za-z0-9_-]{43}$/);

  await page.goto(link);
  // The form shows only once the server has said the link is open: scanned as a person meets it.
  await expect(page.getByLabel('Повторите новый пароль')).toBeVisible();
  await expectAccessible(page, 'Новый пароль');
  await page.getByLabel('Новый пароль', { exact: true }).fill('из-письма-1');
  await page.getByLabel('Повторите новый пароль').fill('из-письма-1');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(toastText(page, 'Пароль изменён. Войдите с новым паролем.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, username, 'из-письма-1');

  // The link works once: opened again, it says so before asking for a password.
  await page.goto(link);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Ссылка устарела или уже использована' }),
  ).toBeVisible();
  await expect(page.getByLabel('Новый пароль', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Запросить новую ссылку' }).click();
  await expect(page.getByRole('heading', { name: 'Восстановление пароля' })).toBeVisible();
});

test('the pages of a forgotten password have no axe violations', async ({ page, expectConsoleErrors }) => {
  // The made-up link is refused when the page checks it.
  expectConsoleErrors(/status of 404 .*\/api\/password-reset-links\/A{43}\)$/);
  await prepareForScans(page);
  await openPage(page, '/forgot-password');
  await expect(page.getByLabel('Имя пользователя или e-mail')).toBeVisible();
  await expectAccessible(page, 'Восстановление пароля');

  // A link that is not open (none was sent with this token): the page says so instead of the form.
  await openPage(page, `/reset-password#${'A'.repeat(43)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Ссылка устарела' })).toBeVisible();
  await expectAccessible(page, 'Новый пароль');

  // A link cut short before its token: the page says so and offers a new one.
  await openPage(page, '/reset-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Ссылка неполная' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Запросить новую ссылку' })).toBeVisible();
});
