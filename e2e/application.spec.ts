import type { Page } from '@playwright/test';
import { needsParentalConsent } from '../src/shared/applications';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  foundationContacts,
  parentalConsentLabel,
  registerAccount,
  signUpOrganisation,
} from './support/organisations';
import { expect, test } from './support/test';

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

/** An upcoming event, not completed, with places left, that admits pupils under 14. */
async function openEvent(page: Page) {
  const events = (await (await page.request.get('/api/events?limit=100')).json()) as {
    id: number;
    isPastEvent: boolean;
    remainingSlots: number | null;
    availability: string;
    ageRestriction: string | null;
    status: string;
  }[];
  const event = events.find(
    (item) =>
      !item.isPastEvent &&
      item.status !== 'completed' &&
      item.availability === 'available' &&
      item.remainingSlots !== null &&
      needsParentalConsent(item.ageRestriction),
  );
  if (!event) throw new Error('no open demo event');
  await openPage(page, `/events/${event.id}`);
  return event;
}

test('a school waiting for moderation is told to wait', async ({ page }) => {
  await registerAccount(page, 'school');
  await openEvent(page);
  await expect(
    page.getByText('Дождитесь одобрения модератором чтобы регистрироваться на мероприятия'),
  ).toBeVisible();
});

test('on a full event a school on a phone joins the waitlist, sees its place, leaves and moves up', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const foundation = await signUpOrganisation(browser, 'foundation');
  await approveOrganisation(foundation.page);
  await completeFoundationProfile(foundation.page);
  const eventId = await createEvent(foundation.page, { title: 'Лист ожидания', totalSlots: 2, hours: 2 });
  const holder = await signUpOrganisation(browser, 'school');
  await approveOrganisation(holder.page);
  await completeSchoolProfile(holder.page);
  const held = await holder.page.request.post(`/api/events/${eventId}/register`, {
    data: {
      participantCount: 2,
      contactPerson: 'Ольга',
      contactPhone: '+7 (499) 245-12-12',
      parentalConsent: true,
    },
  });
  expect(held.status()).toBe(201);

  await registerAccount(page, 'school');
  await approveOrganisation(page);
  await completeSchoolProfile(page, 'Школа № 57');
  await openPage(page, `/events/${eventId}`);
  const joinWaitlist = async () => {
    await page.getByRole('button', { name: 'Встать в лист ожидания' }).click();
    await page.getByLabel('Количество участников *').fill('2');
    await page.getByLabel('Контактное лицо *').fill('Елена Викторовна');
    await page.getByLabel('Телефон').fill('+7 (499) 245-12-12');
    await page.getByLabel(parentalConsentLabel).check();
    await page.getByRole('button', { name: 'Встать в лист ожидания' }).click();
    await expect(toastText(page, 'Вы в листе ожидания')).toBeVisible();
  };
  await expect(page.getByText('Все места заняты.', { exact: false })).toBeVisible();
  await joinWaitlist();
  await expect(page.getByText(/Ваше место в очереди: 1\. В заявке 2 ученика\./)).toBeVisible();
  await openPage(foundation.page, `/events/${eventId}`);
  await expect(foundation.page.getByText('в листе ожидания: 1 школа')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Покинуть лист ожидания' }).click();
  await page
    .getByRole('alertdialog', { name: 'Покинуть лист ожидания?' })
    .getByRole('button', { name: 'Покинуть лист ожидания' })
    .click();
  await expect(page.getByText('Вы покинули лист ожидания').first()).toBeVisible();
  await joinWaitlist();

  // The holder cancels: its two places go to the first in line, which is now an ordinary application.
  const cancelled = await holder.page.request.post(`/api/events/${eventId}/cancel-application`);
  expect(cancelled.status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Ожидает одобрения')).toBeVisible();
  const notices = (await (await page.request.get('/api/notifications')).json()) as { text: string }[];
  expect(notices[0]?.text).toBe(
    'Освободились места на «Лист ожидания»: заявка из листа ожидания (2 участн.) передана фонду на рассмотрение',
  );
  await foundation.context.close();
  await holder.context.close();
});

test('a foundation rejects with a reason and approves, ten to a page', async ({
  browser,
  expectConsoleErrors,
}) => {
  // Its last step opens an event that does not exist.
  expectConsoleErrors(/status of 404 \(Not Found\) .*\/api\/foundation\/events\/999999\)$/);
  const foundation = await signUpOrganisation(browser, 'foundation');
  const foundationPage = foundation.page;
  await approveOrganisation(foundation.page);
  await completeFoundationProfile(foundationPage);
  const eventId = await createEvent(foundationPage, {
    title: 'Проверка заявок школ',
    totalSlots: 30,
    hours: 2,
  });

  const schoolPages: Page[] = [];
  for (const note of ['Первая школа', 'Вторая школа']) {
    const school = await signUpOrganisation(browser, 'school');
    const schoolPage = school.page;
    await approveOrganisation(school.page);
    const applied = await schoolPage.request.post(`/api/events/${eventId}/register`, {
      data: {
        participantCount: 3,
        contactPerson: 'Елена',
        contactPhone: '+7 (499) 245-12-12',
        applicationNote: note,
        parentalConsent: true,
      },
    });
    expect(applied.status()).toBe(201);
    schoolPages.push(schoolPage);
  }

  await openPage(foundationPage, '/foundation-applications');
  await expect(foundationPage.getByText('Всего: 2 · Ожидают решения: 2')).toBeVisible();
  await expect(foundationPage.getByText('Показано 2 из 2 · Страница 1 из 1')).toBeVisible();

  const first = foundationPage.getByRole('listitem').filter({ hasText: 'Первая школа' });
  await first.getByRole('button', { name: 'Отклонить' }).click();
  const dialog = foundationPage.getByRole('dialog', { name: 'Отклонить заявку' });
  await expect(dialog.getByRole('button', { name: 'Отклонить' })).toBeDisabled();
  await dialog.getByLabel('Причина отказа').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Отклонить' })).toBeDisabled();
  await dialog.getByLabel('Причина отказа').fill('Нужен сопровождающий');
  await dialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(toastText(foundationPage, 'Заявка отклонена')).toBeVisible();

  const second = foundationPage.getByRole('listitem').filter({ hasText: 'Вторая школа' });
  await second.getByRole('button', { name: 'Одобрить' }).click();
  // All the pupils asked for is the default: a plain approval, not a partial one.
  const approve = foundationPage.getByRole('dialog', { name: 'Одобрить заявку' });
  await expect(approve.getByLabel('Сколько учеников принять')).toHaveValue('3');
  await approve.getByRole('button', { name: 'Одобрить' }).click();
  await expect(toastText(foundationPage, 'Заявка одобрена')).toBeVisible();
  await expect(foundationPage.getByText('Новых заявок нет')).toBeVisible();

  await foundationPage.getByRole('button', { name: 'Отклонены' }).click();
  await expect(foundationPage.getByText('Причина отказа: Нужен сопровождающий')).toBeVisible();

  await openPage(foundationPage, '/foundation-approved-applications');
  await expect(foundationPage.getByRole('listitem').filter({ hasText: 'Вторая школа' })).toBeVisible();
  await expect(foundationPage.getByRole('main').getByRole('listitem')).toHaveCount(1);

  // The approved school now sees how to reach the foundation. Its profile must be complete to pass the gate.
  const approvedSchool = schoolPages[1];
  if (!approvedSchool) throw new Error('second school missing');
  await completeSchoolProfile(approvedSchool);
  await openPage(approvedSchool, '/school-approved-applications');
  const card = approvedSchool.getByRole('listitem').filter({ hasText: 'Проверка заявок школ' });
  await expect(card.getByText(foundationContacts.phone)).toBeVisible();
  await expect(card.getByText(foundationContacts.email)).toBeVisible();
  await openPage(foundationPage, `/foundation/event/${eventId}`);
  await expect(foundationPage.getByText('3 / 30')).toBeVisible();
  await expect(foundationPage.getByRole('heading', { name: 'Подтверждённые участники' })).toBeVisible();
  await expect(foundationPage.getByRole('button', { name: 'Исключить' })).toHaveCount(1);
  await expect(foundationPage.getByText('Пока нет заявок')).toBeVisible();
  await openPage(foundationPage, '/foundation/event/999999');
  await expect(
    foundationPage.getByText('Возможно, мероприятие было удалено или у вас нет доступа к нему.'),
  ).toBeVisible();

  for (const schoolPage of schoolPages) await schoolPage.context().close();
  await foundation.context.close();
});
