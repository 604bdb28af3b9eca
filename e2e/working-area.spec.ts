import type { Page } from '@playwright/test';
import { openPage, reloadPage } from './support/navigation';
import { appToday, baseURL } from './support/organisations';
import { expect, test } from './support/test';

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

async function signUp(page: Page, role: 'Фонд' | 'Школа', username: string) {
  await openPage(page, '/auth?tab=register');
  await page.getByText(role, { exact: true }).click();
  await page.getByLabel('Имя пользователя').fill(username);
  await page.getByLabel('Пароль', { exact: true }).fill('secret123');
  await page.getByLabel('Подтвердите пароль').fill('secret123');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(toastText(page, 'Регистрация успешна')).toBeVisible();
}

/** The moderator's decision, made through the API as the administrator would make it. */
async function approveAsAdmin(page: Page) {
  const admin = await page.context().browser()?.newContext({ baseURL });
  if (!admin) throw new Error('no browser');
  const api = admin.request;
  expect(
    (
      await api.post('/api/admin/login', { data: { username: 'admin', password: 'e2e-admin-password' } })
    ).ok(),
  ).toBe(true);
  const me = await page.request.get('/api/user');
  const { id } = (await me.json()) as { id: number; username: string };
  const decision = await api.patch(`/api/admin/organizations/${id}/moderate`, {
    data: { status: 'approved' },
  });
  expect(decision.ok()).toBe(true);
  await admin.close();
}

test('a new foundation fills its profile, is approved, and runs an event from creation to deletion', async ({
  page,
}) => {
  const username = unique('fond');
  await signUp(page, 'Фонд', username);

  await openPage(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Завершите настройку профиля фонда' })).toBeVisible();
  await expect(page.getByText('Требуется заполнение профиля')).toBeVisible();
  await page.getByRole('link', { name: 'Заполнить профиль сейчас' }).click();

  await expect(page.getByRole('heading', { name: 'Редактирование профиля фонда' })).toBeVisible();
  await page.getByLabel('Название фонда *').fill(`Фонд «${username}»`);
  await page
    .getByLabel('Описание деятельности *')
    .fill('Помогаем приютам для животных и учим детей заботе о них.');
  await page.getByLabel('Социальная помощь').check();
  await page.locator('input[type=file]').first().setInputFiles('e2e/fixtures/logo.png');
  await expect(page.getByRole('img', { name: 'Логотип' })).toBeVisible();
  await page.getByLabel('Юридический адрес *').fill('Москва, ул. Лесная, д. 12, офис 4');
  await page.getByLabel('Телефон *').fill('+7 (495) 123-45-67');
  await page.getByLabel('E-mail *').fill('info@example.org');
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(toastText(page, 'Профиль обновлен')).toBeVisible();

  await openPage(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Панель управления фонда' })).toBeVisible();
  await page.getByRole('tab', { name: 'Профиль' }).click();
  await expect(page.getByText('Ожидает модерации')).toBeVisible();

  await approveAsAdmin(page);
  await reloadPage(page);
  await page.getByRole('tab', { name: /Профиль/ }).click();
  await expect(page.getByText('Одобрен модератором', { exact: true })).toBeVisible();
  await expect(page.getByText('Модерация: Одобрен модератором')).toBeVisible();

  await openPage(page, '/dashboard/create-event');
  await expect(page.getByRole('heading', { name: 'Создание нового мероприятия' })).toBeVisible();
  const title = `Субботник ${username}`;
  await page.getByLabel('Название мероприятия *').fill(title);
  await page.getByLabel('Описание *').fill('Убираем листья и готовим клумбы к зиме вместе с учениками.');
  await page.locator('input[type=file]').first().setInputFiles('e2e/fixtures/event.jpg');
  await expect(page.getByRole('img', { name: 'Изображение мероприятия' })).toBeVisible();
  // Today: the journey completes the event, which a foundation may do from the event's day on.
  await page.getByLabel('Дата проведения *').fill(appToday());
  await page.getByLabel('Адрес проведения *').fill('Парк Горького, главный вход');
  await page.getByLabel('Тип мероприятия *').selectOption('ecology');
  await page.getByLabel('Имя контактного лица *').fill('Ольга Смирнова');
  await page.getByLabel('Email *').fill('olga@example.org');
  await page.getByRole('button', { name: 'Создать мероприятие' }).click();
  await expect(toastText(page, 'Мероприятие создано')).toBeVisible();
  await expect(page).toHaveURL('/dashboard');

  await openPage(page, '/events');
  await page.getByRole('searchbox', { name: 'Поиск мероприятий' }).fill(username);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  await openPage(page, '/dashboard');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('link', { name: /Редактировать/ }).click();
  await expect(page.getByRole('heading', { name: 'Редактирование мероприятия' })).toBeVisible();
  await page.getByLabel('Название мероприятия *').fill(`${title} (обновлено)`);
  await page.getByRole('button', { name: 'Обновить мероприятие' }).click();
  await expect(toastText(page, 'Мероприятие обновлено')).toBeVisible();

  const updated = page.getByRole('listitem').filter({ hasText: `${title} (обновлено)` });
  await updated.getByRole('button', { name: /Завершить/ }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Завершить|Подтвердить/ })
    .click();
  await expect(toastText(page, 'Статус обновлен')).toBeVisible();
  await expect(updated.getByText('Завершено', { exact: true })).toBeVisible();

  await updated.getByRole('button', { name: /Удалить/ }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Удалить|Подтвердить/ })
    .click();
  await expect(toastText(page, 'Мероприятие удалено')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `${title} (обновлено)` })).toHaveCount(0);
});
