import type { Page } from '@playwright/test';
import { openPage, reloadPage } from './support/navigation';
import {
  approveOrganisation,
  completeFoundationProfile,
  completeSchoolProfile,
  signUpOrganisation,
} from './support/organisations';
import { expect, test } from './support/test';

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });
const inTwoWeeks = () => new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

test('a foundation asks for volunteers, a school responds, the foundation accepts it with a note', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const foundation = await signUpOrganisation(browser, 'foundation');
  await approveOrganisation(foundation.page);
  await completeFoundationProfile(foundation.page, 'Фонд «Добрая зима»');
  const schoolAccount = await signUpOrganisation(browser, 'school');
  await approveOrganisation(schoolAccount.page);
  await completeSchoolProfile(schoolAccount.page, 'Гимназия № 5');
  const fond = foundation.page;
  const school = schoolAccount.page;
  const title = 'Упаковать подарки к Новому году';

  // 1. The foundation creates the request through the form; every empty field says what it needs.
  await openPage(fond, '/volunteer-requests');
  await fond.getByRole('link', { name: 'Создать заявку' }).click();
  await expect(fond.getByRole('heading', { name: 'Создать заявку на волонтёров' })).toBeVisible();
  await fond.getByLabel('Количество волонтёров *').fill('0');
  await fond.getByRole('button', { name: 'Создать заявку' }).click();
  for (const message of [
    'Заголовок должен содержать минимум 5 символов',
    'Описание должно содержать минимум 20 символов',
    'Выберите дату мероприятия',
    'Укажите время мероприятия',
    'Укажите место проведения',
    'Укажите количество волонтёров',
  ]) {
    await expect(fond.getByText(message)).toBeVisible();
  }
  await fond.getByLabel('Заголовок *').fill(title);
  await fond.getByLabel('Описание *').fill('Нужно упаковать и подписать 300 подарков для подопечных фонда.');
  await fond.getByLabel('Дата мероприятия *').fill(inTwoWeeks());
  await fond.getByLabel('Время начала *').fill('15:00');
  await fond.getByLabel('Место проведения *').fill('Москва, ул. Лесная, д. 12');
  await fond.getByLabel('Количество волонтёров *').fill('15');
  await fond.getByLabel('Требования к волонтёрам').fill('Аккуратность и хорошее настроение');
  await fond.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(toastText(fond, 'Заявка создана')).toBeVisible();
  await expect(fond.getByRole('heading', { name: title })).toBeVisible();
  await expect(fond.getByText('Откликов пока нет')).toBeVisible();
  const requestUrl = fond.url();

  // 2. A visitor is asked to sign in; the school finds the request and responds.
  const visitor = await browser.newPage();
  await openPage(visitor, requestUrl);
  await expect(visitor.getByText('Войдите как школа, чтобы откликнуться на заявку')).toBeVisible();
  await visitor.close();

  await openPage(school, '/volunteer-requests');
  await school.getByLabel('Фонд').selectOption({ label: 'Фонд «Добрая зима»' });
  const card = school.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Открыта')).toBeVisible();
  await expect(card.getByText('Нужно волонтёров: 15 · Откликов: 0')).toBeVisible();
  await card.getByRole('link', { name: `Подробнее: ${title}` }).click();
  const count = school.getByLabel('Сколько волонтёров придёт *');
  await expect(count).toHaveValue('10');
  await count.fill('0');
  await count.blur();
  await expect(count).toHaveValue('1');
  await count.fill('6');
  await school.getByLabel('Контактное лицо').fill('Ольга Сергеевна');
  await school.getByLabel('Сообщение фонду').fill('Придут шестеро из 10 «А»');
  await school.getByRole('button', { name: 'Отправить отклик' }).click();
  await expect(toastText(school, 'Отклик отправлен')).toBeVisible();
  await expect(school.getByText('Ожидает', { exact: true })).toBeVisible();
  await expect(school.getByRole('button', { name: 'Отправить отклик' })).toHaveCount(0);

  // 3. The foundation is notified, accepts the response with a note and marks the request fulfilled.
  await openPage(fond, '/');
  await expect(fond.getByRole('link', { name: /Личный кабинет.*Есть новые уведомления/ })).toBeVisible();
  await openPage(fond, requestUrl);
  const response = fond.getByRole('listitem').filter({ hasText: 'Гимназия № 5' });
  await expect(response.getByText('Готовы прийти: 6')).toBeVisible();
  await expect(response.getByText('Придут шестеро из 10 «А»')).toBeVisible();
  await response.getByRole('button', { name: 'Принять' }).click();
  const dialog = fond.getByRole('dialog', { name: 'Принять отклик' });
  await dialog.getByLabel('Комментарий для школы (необязательно)').fill('Ждём в 14:45 у главного входа');
  await dialog.getByRole('button', { name: 'Принять' }).click();
  await expect(toastText(fond, 'Отклик обработан')).toBeVisible();
  await expect(response.getByText('Принят', { exact: true })).toBeVisible();
  await expect(response.getByRole('button', { name: 'Принять' })).toHaveCount(0);
  await fond.getByRole('button', { name: 'Отметить выполненной' }).click();
  await expect(toastText(fond, 'Статус обновлен')).toBeVisible();
  await expect(fond.getByRole('main').getByText('Выполнена', { exact: true })).toBeVisible();

  // 4. The school sees the decision and the note.
  await reloadPage(school);
  await expect(school.getByText('Принят', { exact: true })).toBeVisible();
  await expect(school.getByText('Комментарий фонда: Ждём в 14:45 у главного входа')).toBeVisible();

  await foundation.context.close();
  await schoolAccount.context.close();
});
