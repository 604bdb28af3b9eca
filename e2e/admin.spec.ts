import type { Page } from '@playwright/test';
import { openPage, reloadPage } from './support/navigation';
import {
  baseURL,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  eventPayload,
  signUpOrganisation,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });
const adminPassword = 'e2e-admin-password';

async function signInAsAdmin(page: Page, password: string) {
  await openPage(page, '/admin/login');
  await page.getByLabel('Имя пользователя').fill('admin');
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Панель администратора' })).toBeVisible();
}

async function decide(page: Page, name: string, decision: string, comment?: string) {
  await page.getByRole('button', { name: `Решение: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Решение по организации' });
  await dialog.getByLabel(decision).check();
  if (comment !== undefined) await dialog.getByLabel('Комментарий').fill(comment);
  await dialog.getByRole('button', { name: 'Сохранить решение' }).click();
  return dialog;
}

test('the administrator moderates, publishes news, deletes a user and changes the password', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const foundation = await signUpOrganisation(browser, 'foundation');
  const foundationName = `Фонд «${uniqueName('Модерация')}»`;
  await completeFoundationProfile(foundation.page, foundationName);
  const school = await signUpOrganisation(browser, 'school');
  const schoolName = `Школа ${uniqueName('доработка')}`;
  await completeSchoolProfile(school.page, schoolName);
  const doomed = await signUpOrganisation(browser, 'school');
  const doomedName = ((await (await doomed.page.request.get('/api/user')).json()) as { username: string })
    .username;

  // A foundation awaiting moderation may not publish events yet.
  const early = await foundation.page.request.post('/api/events', {
    data: eventPayload({ title: 'Событие до одобрения', totalSlots: 10, hours: 2 }),
  });
  expect(early.status()).toBe(403);

  await signInAsAdmin(page, adminPassword);
  await expect(page.getByRole('main').getByText('Добро пожаловать, admin!')).toBeVisible();

  // 1. Moderation: approve the foundation, ask the school for changes with a comment.
  await page.getByRole('tab', { name: 'Модерация' }).click();
  await page.getByLabel('Статус модерации').selectOption('pending');
  await decide(page, foundationName, 'Одобрить');
  await expect(toastText(page, 'Модерация выполнена')).toBeVisible();
  const dialog = await decide(page, schoolName, 'Запросить изменения', '   ');
  await expect(
    dialog.getByText('Для отклонения или запроса изменений необходимо указать комментарий'),
  ).toBeVisible();
  await dialog.getByLabel('Комментарий').fill('Укажите номер лицензии в описании');
  await dialog.getByRole('button', { name: 'Сохранить решение' }).click();
  await expect(toastText(page, 'Модерация выполнена')).toBeVisible();

  await createEvent(foundation.page, { title: 'Событие одобренного фонда', totalSlots: 10, hours: 2 });
  await openPage(school.page, '/dashboard');
  await expect(school.page.getByText('Требует доработки')).toBeVisible();
  await expect(school.page.getByText('Укажите номер лицензии в описании')).toBeVisible();

  // 2. News: published items reach /news; unpublished ones leave it.
  const newsTitle = `Новость ${uniqueName('панели')}`;
  await page.getByRole('tab', { name: 'Новости' }).click();
  await page.getByRole('button', { name: 'Создать новость' }).click();
  const newsDialog = page.getByRole('dialog');
  await newsDialog.getByRole('button', { name: /Сохранить|Создать/ }).click();
  await expect(newsDialog.getByText('Заголовок и содержание обязательны').first()).toBeVisible();
  await newsDialog.getByLabel('Заголовок *').fill(newsTitle);
  await newsDialog.getByLabel('Содержание *').fill('Школы платформы собрали 500 подарков к празднику.');
  await expect(newsDialog.getByLabel('Опубликовать сразу')).toBeChecked();
  await newsDialog.getByRole('button', { name: /Сохранить|Создать/ }).click();
  await expect(toastText(page, 'Новость создана')).toBeVisible();

  const reader = await browser.newPage({ baseURL });
  await openPage(reader, '/news');
  await expect(reader.getByText(newsTitle).first()).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: newsTitle });
  await item.getByRole('button', { name: 'Снять с публикации' }).click();
  await expect(item.getByText('Черновик')).toBeVisible();
  await reloadPage(reader);
  await expect(reader.getByRole('heading', { name: 'Новости' }).first()).toBeVisible();
  await expect(reader.getByText(newsTitle)).toHaveCount(0);
  await reader.close();

  // 3. Users: delete a school after confirmation; administrators cannot be deleted.
  await page.getByRole('tab', { name: 'Пользователи' }).click();
  await page.getByLabel('Поиск').fill(doomedName);
  await page.getByLabel('Поиск').press('Enter');
  await page.getByRole('button', { name: `Удалить: ${doomedName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(toastText(page, 'Успешно удалено')).toBeVisible();
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
  expect((await doomed.page.request.get('/api/user')).status()).toBe(401);
  await page.getByLabel('Поиск').fill('admin');
  await page.getByLabel('Поиск').press('Enter');
  await expect(page.getByText('Администратора удалить нельзя').first()).toBeVisible();

  // 4. Settings: a new password keeps this session; the new one signs in.
  const newPassword = 'e2e-admin-password-2';
  await page.getByRole('tab', { name: 'Настройки' }).click();
  const card = page.getByRole('form', { name: 'Сменить пароль' });
  await card.getByLabel('Текущий пароль').fill(adminPassword);
  await card.getByLabel('Новый пароль', { exact: true }).fill(newPassword);
  await card.getByLabel('Повторите новый пароль').fill('не тот');
  await card.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(card.getByText('Пароли не совпадают')).toBeVisible();
  await card.getByLabel('Повторите новый пароль').fill(newPassword);
  await card.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(toastText(page, 'Пароль изменён. На других устройствах нужно войти заново.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Панель администратора' })).toBeVisible();
  const again = await browser.newContext({ baseURL });
  const signedIn = await again.request.post('/api/admin/login', {
    data: { username: 'admin', password: newPassword },
  });
  expect(signedIn.ok()).toBe(true);
  await again.close();

  // The other browser tests sign the administrator in with the original password.
  const restored = await page.request.patch('/api/password', {
    data: { currentPassword: newPassword, newPassword: adminPassword },
  });
  expect(restored.ok()).toBe(true);

  for (const organisation of [foundation, school, doomed]) await organisation.context.close();
});
