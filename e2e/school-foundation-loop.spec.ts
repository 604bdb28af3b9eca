import type { Page } from '@playwright/test';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  appToday,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  foundationContacts,
  parentalConsentLabel,
  signUpOrganisation,
} from './support/organisations';
import { expect, test } from './support/test';

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });
const accountLinkWithDot = (page: Page) =>
  page.getByRole('link', { name: /Личный кабинет.*Есть новые уведомления/ });

async function applyThroughCard(school: Page, eventId: number, participants: number) {
  await openPage(school, `/events/${eventId}`);
  await school.getByRole('button', { name: 'Записаться' }).click();
  await school.getByLabel('Количество участников *').fill(String(participants));
  await school.getByLabel('Контактное лицо *').fill('Елена Викторовна');
  await school.getByLabel(parentalConsentLabel).check();
  await school.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(toastText(school, 'Заявка подана!')).toBeVisible();
  await expect(school.getByText('Ожидает одобрения')).toBeVisible();
}

test('school and foundation go round the whole loop, from application to credited hours', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const foundation = await signUpOrganisation(browser, 'foundation');
  await approveOrganisation(foundation.page);
  await completeFoundationProfile(foundation.page, 'Фонд «Полный круг»');
  const title = 'Полный круг: субботник в парке';
  // Today: the foundation completes it at the end of the journey, which it may do from the event's day on.
  const eventId = await createEvent(foundation.page, { title, totalSlots: 20, hours: 2, date: appToday() });

  const schoolAccount = await signUpOrganisation(browser, 'school');
  await approveOrganisation(schoolAccount.page);
  await completeSchoolProfile(schoolAccount.page, 'Школа «Полный круг»');
  const school = schoolAccount.page;
  const fond = foundation.page;

  // 1. The school applies for four pupils through the event page.
  await applyThroughCard(school, eventId, 4);

  // 2. The foundation sees the red dot and the pending badge, then rejects with a reason.
  await openPage(fond, '/');
  await expect(accountLinkWithDot(fond)).toBeVisible();
  await openPage(fond, '/dashboard');
  await fond.getByRole('tab', { name: 'Заявки' }).click();
  await expect(fond.getByRole('status', { name: 'Ожидают решения: 1' })).toBeVisible();
  await fond.getByRole('link', { name: 'Рассмотреть заявки' }).click();
  const card = fond.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Отклонить' }).click();
  const dialog = fond.getByRole('dialog', { name: 'Отклонить заявку' });
  await dialog.getByLabel('Причина отказа').fill('Нужен второй сопровождающий');
  await dialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(toastText(fond, 'Заявка отклонена')).toBeVisible();

  // 3. The school is notified, reads the reason and applies again.
  await openPage(school, '/');
  await expect(accountLinkWithDot(school)).toBeVisible();
  await openPage(school, '/school-applications');
  await school.getByRole('tab', { name: 'Отклонены (1)' }).click();
  await expect(school.getByText('Причина отказа: Нужен второй сопровождающий')).toBeVisible();
  await openPage(school, `/events/${eventId}`);
  await expect(school.getByText('Заявка отклонена. Вы можете подать новую заявку.')).toBeVisible();
  await applyThroughCard(school, eventId, 4);

  // 4. The foundation approves on its event page, all four pupils the dialog offers; the school now sees
  // the foundation's contacts.
  await openPage(fond, `/foundation/event/${eventId}`);
  await fond.getByRole('button', { name: 'Одобрить' }).click();
  const approve = fond.getByRole('dialog', { name: 'Одобрить заявку' });
  await expect(approve.getByLabel('Сколько учеников принять')).toHaveValue('4');
  await approve.getByRole('button', { name: 'Одобрить' }).click();
  await expect(toastText(fond, 'Заявка одобрена')).toBeVisible();
  await expect(fond.getByText('4 / 20')).toBeVisible();

  await openPage(school, '/school-applications');
  await school.getByRole('tab', { name: 'Одобрены (1)' }).click();
  const approved = school.getByRole('listitem').filter({ hasText: title });
  await expect(approved.getByText('Контакты фонда')).toBeVisible();
  await expect(approved.getByText(foundationContacts.phone)).toBeVisible();
  await expect(approved.getByText(foundationContacts.email)).toBeVisible();

  // 5. The foundation completes the event: 2 hours × 4 pupils are credited to the school.
  await openPage(fond, '/dashboard');
  const ownEvent = fond.getByRole('listitem').filter({ hasText: title });
  await ownEvent.getByRole('button', { name: 'Завершить' }).click();
  await fond.getByRole('alertdialog').getByRole('button', { name: 'Завершить' }).click();
  await expect(ownEvent.getByText('Завершено', { exact: true })).toBeVisible();

  await openPage(school, '/dashboard');
  await school.getByRole('tab', { name: 'Архив' }).click();
  await expect(school.getByText('Мероприятий: 1 · Волонтёрских часов: 8')).toBeVisible();
  const entry = school.getByRole('listitem').filter({ hasText: title });
  await expect(entry.getByText('8 часов')).toBeVisible();
  await school.getByRole('tab', { name: 'Мои заявки' }).click();
  await expect(school.getByRole('listitem').filter({ hasText: title }).first()).toContainText('Завершена');

  // 6. Deleting the archive entry takes its hours off the school.
  await school.getByRole('tab', { name: 'Архив' }).click();
  await entry.getByRole('button', { name: `Удалить из архива: ${title}` }).click();
  await school.getByRole('alertdialog').getByRole('button', { name: 'Удалить из архива' }).click();
  await expect(toastText(school, 'Успешно удалено')).toBeVisible();
  await expect(school.getByText('Мероприятий: 0 · Волонтёрских часов: 0')).toBeVisible();
  await expect(school.getByText(/Завершённых мероприятий пока нет/)).toBeVisible();

  await foundation.context.close();
  await schoolAccount.context.close();
});
