import { schoolThatApplied } from './support/applications';
import { expectNoHorizontalScroll } from './support/axe';
import { linkIn, waitForLetter } from './support/mailbox';
import { openPage } from './support/navigation';
import { approvedFoundation, createEvent, uniqueName } from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 26: the meeting point moves, and the foundation tells every school of its event at once. The
 * school reads it in its notifications, on the event's page and in its mailbox; at a phone's width. A
 * school whose application is rejected reads them no more (issue 51).
 */

const phone = { width: 375, height: 740 };

test.use({ viewport: phone });

test('a foundation writes to the schools of its event; a school reads it in-app, on the event page and by e-mail', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const foundation = await approvedFoundation(browser, 'Фонд «Сообщения школам»');
  const title = `Уборка набережной ${uniqueName('')}`;
  const eventId = await createEvent(foundation.page, { title, totalSlots: 30, hours: 2 });

  const { school, applicationId } = await schoolThatApplied(
    browser,
    eventId,
    `Лицей «Письма» ${uniqueName('')}`,
    4,
  );

  // The foundation, on its event's page, sees whom the message reaches and sends it.
  const fund = foundation.page;
  await fund.setViewportSize(phone);
  await openPage(fund, `/foundation/event/${eventId}`);
  await expect(fund.getByRole('heading', { name: 'Написать школам' })).toBeVisible();
  await expect(fund.getByText('Получат 1 школа с заявками на рассмотрении или одобренными')).toBeVisible();
  await expect(fund.getByText('Сообщений пока не было')).toBeVisible();
  const text = 'Место сбора перенесли к северному входу набережной. Возьмите перчатки.';
  await fund.getByLabel('Текст сообщения').fill(text);
  await fund.getByRole('button', { name: 'Отправить' }).click();
  await expect(fund.getByText('Сообщение отправлено 1 школе').first()).toBeVisible();
  await expect(fund.getByRole('list', { name: 'Отправленные сообщения' }).getByText(text)).toBeVisible();
  await expect(fund.getByLabel('Текст сообщения')).toHaveValue('');
  await expectNoHorizontalScroll(fund);

  // The school finds it among its notifications, and the link leads to the event's page.
  const page = school.page;
  await page.setViewportSize(phone);
  await openPage(page, '/dashboard');
  await page.getByRole('tab', { name: /^Профиль/ }).click();
  const notice = page.getByRole('link', { name: new RegExp(`Фонд «Сообщения школам» пишет о «${title}»`) });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
  const messages = page.getByRole('list', { name: 'Сообщения организатора' });
  await expect(messages.getByText(text)).toBeVisible();
  await expectNoHorizontalScroll(page);

  // And in its mailbox, with a link to the same page.
  const letter = await waitForLetter('lyceum@example.org', `Сообщение фонда о «${title}»`);
  expect(letter.text).toContain(text);
  expect(new URL(linkIn(letter, `/events/${eventId}`)).pathname).toBe(`/events/${eventId}`);

  // Once the foundation rejects the application, the school's event page shows no messages any more.
  const rejected = await fund.request.patch(`/api/foundation/applications/${applicationId}`, {
    data: { action: 'reject' },
  });
  expect(rejected.status()).toBe(200);
  await openPage(page, `/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The application card and the messages read the same answer: once it says «отклонена», both are drawn.
  await expect(page.getByText('Заявка отклонена. Вы можете подать новую заявку.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Сообщения организатора' })).toHaveCount(0);
  await expect(page.getByText(text)).toHaveCount(0);

  await foundation.context.close();
  await school.context.close();
});
