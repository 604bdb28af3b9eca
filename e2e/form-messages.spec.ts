import type { Browser, Locator, Page } from '@playwright/test';
import { viewports } from './support/axe';
import { linkIn, waitForLetter } from './support/mailbox';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  baseURL,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  parentalConsentLabel,
  registerAccount,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

/** Issue 22, items 11 and 17: every form speaks Russian and shows all its errors at once; counts agree. */

/** Latin letters and not one Cyrillic one: a message a Russian reader cannot read. */
const latinOnly = (text: string) => /[a-z]/i.test(text) && !/\p{Script=Cyrillic}/u.test(text);

/** The toast on screen (one at a time). */
const toastOf = (page: Page) => page.getByRole('region', { name: /Уведомления/ }).getByRole('listitem');

/** Everything the page says about input: field errors, alerts and toasts. */
const messagesOf = (page: Page) => page.getByRole('alert').or(page.getByRole('status')).or(toastOf(page));

type Round = 'empty' | 'long' | 'decimal' | 'letters' | 'contacts';

/** What a person might type into a field of this type in each round; undefined leaves the field be. */
function valueFor(type: string, round: Round): string | undefined {
  const isText = ['text', 'email', 'tel', 'url', 'search', 'password', 'textarea'].includes(type);
  switch (round) {
    case 'empty':
      return '';
    case 'long':
      return isText ? 'ж'.repeat(6000) : type === 'number' ? '99999999' : undefined;
    case 'decimal':
      return isText || type === 'number' ? '1.5' : undefined;
    case 'letters':
      return isText ? 'abc' : type === 'number' ? '-1' : undefined;
    case 'contacts':
      if (type === 'email') return 'not-an-email@';
      if (type === 'tel') return 'abc';
      if (type === 'url') return 'ftp://example';
      return isText ? 'x' : undefined;
  }
}

const fillable =
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]):not([disabled]), textarea:not([disabled])';

/**
 * Fills every field of the form with each round's wrong value, submits, and gathers what the page says.
 * Each round must be refused with at least one message, and none may be English.
 */
async function walkForm(page: Page, form: Locator, rounds: readonly Round[], name: string) {
  const seen = new Set<string>();
  for (const round of rounds) {
    for (const field of await form.locator(fillable).filter({ visible: true }).all()) {
      const type = await field.evaluate((element) =>
        element instanceof HTMLTextAreaElement ? 'textarea' : (element as HTMLInputElement).type,
      );
      const value = valueFor(type, round);
      if (value !== undefined) await field.fill(value);
    }
    await form.locator('button[type=submit]').click();
    await expect(messagesOf(page).first(), `${name}: ${round}`).toBeVisible();
    for (const text of await messagesOf(page).allInnerTexts()) if (text.trim()) seen.add(text.trim());
  }
  expect([...seen].filter(latinOnly), name).toEqual([]);
  expect(seen.size, name).toBeGreaterThan(0);
}

/** An approved foundation with a complete profile, signed in on the page. */
async function approvedFoundation(page: Page) {
  await registerAccount(page, 'foundation');
  await approveOrganisation(page);
  await completeFoundationProfile(page);
}

async function approvedSchool(page: Page) {
  await registerAccount(page, 'school');
  await approveOrganisation(page);
  await completeSchoolProfile(page);
}

/**
 * An open reset link of a new account's own, as its letter carries it: the reset page shows its form only
 * once the server has said the link is open.
 */
async function openResetLink(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerAccount(page, 'school');
  const email = `${uniqueName('reset')}@school.example`;
  const profile = await page.request.patch('/api/profile', {
    data: {
      username: uniqueName('school'),
      fullName: 'Лицей № 1535',
      schoolType: 'state',
      description: 'Лицей с сильной волонтёрской командой старшеклассников.',
      address: 'Москва, ул. Усачёва, д. 50',
      phone: '+7 (499) 245-12-12',
      email,
    },
  });
  expect(profile.ok()).toBe(true);
  expect((await page.request.post('/api/password-reset', { data: { login: email } })).ok()).toBe(true);
  await context.close();
  return linkIn(await waitForLetter(email, 'Восстановление пароля'), '/reset-password');
}

async function deleteEvent(page: Page, id: number) {
  expect((await page.request.delete(`/api/events/${id}`)).ok()).toBe(true);
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`the event form shows every error on the first submit (${size})`, async ({ page }) => {
      await approvedFoundation(page);
      await openPage(page, '/dashboard/create-event');
      await page.getByLabel('Название мероприятия *').fill('Суб');
      await page.getByLabel('Время начала *').fill('14:00');
      await page.getByLabel('Время окончания *').fill('12:00');
      await page.getByLabel('Минимум участников *').fill('20');
      await page.getByLabel('Максимум участников *').fill('10');
      await page.getByLabel('Email *').fill('');
      await page.getByRole('button', { name: 'Создать мероприятие' }).click();

      for (const message of [
        'Название должно содержать минимум 5 символов',
        'Описание должно содержать минимум 20 символов',
        'Пожалуйста, выберите дату',
        'Время окончания должно быть позже времени начала',
        'Минимум участников не может быть больше максимума',
        'Обязательно укажите и телефон, и email для связи',
      ]) {
        await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      }
    });

    test(`an empty or decimal maximum says «Некорректное значение» (${size})`, async ({ page }) => {
      await approvedFoundation(page);
      await openPage(page, '/dashboard/create-event');
      const maximum = page.getByLabel('Максимум участников *');
      for (const value of ['', '1.5']) {
        await maximum.fill(value);
        await page.getByRole('button', { name: 'Создать мероприятие' }).click();
        await expect(maximum).toHaveAccessibleDescription('Некорректное значение');
      }
    });

    test(`the application toasts say each thing once, as the specification words them (${size})`, async ({
      page,
      browser,
    }) => {
      await approvedSchool(page);
      const foundationContext = await browser.newContext({ baseURL });
      const foundationPage = await foundationContext.newPage();
      await approvedFoundation(foundationPage);
      const eventId = await createEvent(foundationPage, {
        title: uniqueName('Тост'),
        totalSlots: 2,
        hours: 3,
      });

      await openPage(page, `/events/${eventId}`);
      // Two places: the button reads «Осталось мало мест: 2».
      await page.getByRole('button', { name: /^Осталось мало мест/ }).click();
      await page.getByLabel('Количество участников *').fill('3');
      await page.getByRole('button', { name: 'Подать заявку' }).click();
      // A count reads in the right plural form.
      await expect(page.getByText('Максимум 2 участника (доступно мест)')).toBeVisible();

      await page.getByLabel('Количество участников *').fill('1');
      await page.getByLabel('Контактное лицо *').fill('Елена Викторовна');
      await page.getByLabel(parentalConsentLabel).check();
      await page.getByRole('button', { name: 'Подать заявку' }).click();
      // public-area.md section 8: 'Заявка подана!' / server message or 'Ожидайте одобрения от фонда'.
      const applied = toastOf(page);
      await expect(applied.getByText('Ожидайте одобрения от фонда', { exact: true })).toBeVisible();
      await expect(applied.getByText(/Заявка подана/)).toHaveCount(1);

      await openPage(page, '/school-applications');
      const card = page.getByRole('listitem').filter({ hasText: await titleOf(foundationPage, eventId) });
      await card.getByRole('button', { name: 'Отменить заявку' }).click();
      await page
        .getByRole('alertdialog', { name: 'Отменить заявку?' })
        .getByRole('button', { name: 'Отменить заявку' })
        .click();
      // working-areas.md section 8: the application page's cancel toast is titled «Заявка отменена».
      await expect(toastOf(page)).toHaveText('Заявка отменена');

      await deleteEvent(foundationPage, eventId);
      await foundationContext.close();
    });
  });
}

async function titleOf(page: Page, eventId: number) {
  return ((await (await page.request.get(`/api/events/${eventId}`)).json()) as { title: string }).title;
}

// The language of a message does not depend on the width, and walking every form takes a minute: once,
// on a phone, where most coordinators fill them in.
test.describe('on a phone', () => {
  test.use({ viewport: viewports.phone });

  test('no form answers wrong input in English', async ({ page, browser, expectConsoleErrors }) => {
    test.setTimeout(300_000);
    // «1.5» is a valid new name for the administrator, so that round reaches the server, which refuses
    // the wrong current password.
    expectConsoleErrors(/status of 400 .*\/api\/admin\/update-credentials\)$/);
    // Signed out: sign-in and sign-up.
    await openPage(page, '/auth');
    await walkForm(page, page.locator('form').first(), ['empty', 'long'], 'вход');
    await openPage(page, '/auth?tab=register');
    await walkForm(page, page.locator('form').first(), ['empty', 'long', 'decimal'], 'регистрация');
    await openPage(page, '/forgot-password');
    await walkForm(page, page.locator('form').first(), ['empty', 'long'], 'восстановление пароля');
    await openPage(page, await openResetLink(browser));
    await walkForm(page, page.locator('form').first(), ['empty', 'long', 'decimal'], 'новый пароль');

    // A school: its profile, an event application and a response to a volunteer request.
    await approvedSchool(page);
    await openPage(page, '/dashboard/edit-profile');
    const rounds: Round[] = ['empty', 'long', 'decimal', 'letters', 'contacts'];
    await walkForm(page, page.locator('form').first(), rounds, 'профиль школы');
    await openPage(page, '/dashboard');
    await page.getByRole('tab', { name: 'Профиль' }).click();
    const passwordCard = page.getByRole('form', { name: 'Сменить пароль' });
    await walkForm(page, passwordCard, ['empty', 'long', 'decimal'], 'смена пароля');

    const foundation = await browser.newContext({ baseURL });
    const foundationPage = await foundation.newPage();
    await approvedFoundation(foundationPage);
    const eventId = await createEvent(foundationPage, {
      title: uniqueName('Форма'),
      totalSlots: 5,
      hours: 2,
    });
    await openPage(page, `/events/${eventId}`);
    await page.getByRole('button', { name: 'Записаться' }).click();
    await walkForm(page, page.locator('form').first(), rounds, 'заявка на мероприятие');

    // The response form to a volunteer request is left out: every field of it is optional and any count
    // reads as 1 (public-area.md section 5), so no input is wrong there.

    // The foundation: its profile, an event, a volunteer request and a report.
    await openPage(foundationPage, '/dashboard/edit-profile');
    await walkForm(foundationPage, foundationPage.locator('form').first(), rounds, 'профиль фонда');
    await openPage(foundationPage, '/dashboard/create-event');
    await walkForm(foundationPage, foundationPage.locator('form').first(), rounds, 'мероприятие');
    await openPage(foundationPage, '/dashboard/create-request');
    await walkForm(foundationPage, foundationPage.locator('form').first(), rounds, 'заявка на волонтёров');
    await openPage(foundationPage, '/dashboard');
    await foundationPage.getByRole('tab', { name: 'Отчеты' }).click();
    await foundationPage.getByRole('button', { name: 'Создать отчет' }).click();
    await walkForm(foundationPage, foundationPage.locator('form').first(), rounds, 'отчёт');
    await deleteEvent(foundationPage, eventId);
    await foundation.close();

    // The administrator: news, moderation and the account settings (wrong values only: never a change).
    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await openPage(adminPage, '/admin/login');
    await walkForm(adminPage, adminPage.locator('form').first(), ['empty', 'long'], 'вход администратора');
    const login = await adminPage.request.post('/api/admin/login', {
      data: { username: 'admin', password: 'e2e-admin-password' },
    });
    expect(login.ok()).toBe(true);
    await openPage(adminPage, '/admin');
    await adminPage.getByRole('tab', { name: 'Новости' }).click();
    await adminPage.getByRole('button', { name: 'Создать новость' }).click();
    await walkForm(adminPage, adminPage.getByRole('dialog').locator('form'), ['empty', 'long'], 'новость');
    await adminPage.keyboard.press('Escape');
    await adminPage.getByRole('tab', { name: 'Модерация' }).click();
    await adminPage
      .getByRole('button', { name: /^Решение/ })
      .first()
      .click();
    await walkForm(adminPage, adminPage.getByRole('dialog').locator('form'), ['empty', 'long'], 'модерация');
    await adminPage.keyboard.press('Escape');
    await adminPage.getByRole('tab', { name: 'Настройки' }).click();
    await walkForm(adminPage, adminPage.locator('form').first(), ['empty', 'long', 'decimal'], 'настройки');
    await admin.close();
  });
});
