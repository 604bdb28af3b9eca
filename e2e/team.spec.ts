import { type Page, request } from '@playwright/test';
import { schoolThatApplied } from './support/applications';
import { expectAccessible, expectNoHorizontalScroll, viewports } from './support/axe';
import { linkIn, waitForLetter } from './support/mailbox';
import { openPage } from './support/navigation';
import { approvedFoundation, appToday, baseURL, createEvent, uniqueName } from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 53: an organisation is its people. At a phone's width, a foundation's owner invites a coordinator
 * by e-mail (the letter goes out over SMTP to the journeys' SMTP server); the coordinator accepts from the
 * letter, approves a school's application and completes the event; the owner reads both in the journal
 * under the coordinator's name, removes the coordinator, whose open page is refused at its next action,
 * and hands ownership to the director, who joined as a viewer.
 */

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

async function invite(owner: Page, email: string, role: 'coordinator' | 'viewer') {
  await owner.getByLabel('E-mail', { exact: true }).fill(email);
  await owner.getByLabel('Роль', { exact: true }).selectOption(role);
  await owner.getByRole('button', { name: 'Отправить приглашение' }).click();
  await expect(
    toastText(owner, `Приглашение отправлено на ${email}. Ссылка действует 7 дней.`),
  ).toBeVisible();
  return linkIn(await waitForLetter(email, 'Приглашение в команду'), '/invite');
}

test('an owner brings a coordinator in by e-mail, reads what they did, removes them and hands the team over', async ({
  browser,
  expectConsoleErrors,
}) => {
  test.setTimeout(180_000);
  // The removed coordinator's next request is refused with 401, which the browser logs.
  expectConsoleErrors(/401/);
  const run = uniqueName('team');
  const foundationName = `Фонд «Команда ${run}»`;
  const schoolName = `Школа команды ${run}`;
  const foundation = await approvedFoundation(browser, foundationName);
  const title = `Субботник команды ${run}`;
  const eventId = await createEvent(foundation.page, { title, totalSlots: 20, hours: 2, date: appToday() });
  await schoolThatApplied(browser, eventId, schoolName, 4);

  const owner = foundation.page;
  await owner.setViewportSize(viewports.phone);
  await openPage(owner, '/dashboard');
  await owner.getByRole('tab', { name: 'Команда' }).click();
  const coordinatorEmail = `coordinator.${run}@fond.example`;
  const invitationLink = await invite(owner, coordinatorEmail, 'coordinator');
  await expectNoHorizontalScroll(owner);
  await expectAccessible(owner, 'Фонд: команда', 'tab');

  // The coordinator opens the letter's link on their own phone and joins.
  const coordinatorContext = await browser.newContext({ baseURL, viewport: viewports.phone });
  const coordinator = await coordinatorContext.newPage();
  await coordinator.goto(invitationLink);
  await expect(
    coordinator.getByText(`Вас приглашают в команду «${foundationName}» как координатора.`),
  ).toBeVisible();
  await expectAccessible(coordinator, 'Приглашение в команду');
  const coordinatorName = `coord_${run}`.slice(0, 50);
  await coordinator.getByLabel('Имя пользователя').fill(coordinatorName);
  await coordinator.getByLabel('Пароль', { exact: true }).fill('secret123');
  await coordinator.getByLabel('Повторите пароль').fill('secret123');
  await coordinator.getByRole('button', { name: 'Принять приглашение' }).click();
  await expect(coordinator).toHaveURL('/dashboard');

  // The coordinator approves the school's application...
  await openPage(coordinator, '/foundation-applications');
  const application = coordinator.getByRole('listitem').filter({ hasText: schoolName });
  await application.getByRole('button', { name: 'Одобрить' }).click();
  await coordinator
    .getByRole('dialog', { name: 'Одобрить заявку' })
    .getByRole('button', { name: 'Одобрить' })
    .click();
  await expect(toastText(coordinator, 'Заявка одобрена')).toBeVisible();

  // ...and completes the event on its day.
  await openPage(coordinator, '/dashboard');
  const eventRow = coordinator.getByRole('listitem').filter({ hasText: title });
  await eventRow.getByRole('button', { name: 'Завершить' }).click();
  await coordinator
    .getByRole('alertdialog', { name: 'Завершить мероприятие?' })
    .getByRole('button', { name: 'Завершить' })
    .click();
  await expect(eventRow.getByText('Завершено', { exact: true })).toBeVisible();

  // The owner reads both in the journal, under the coordinator's name.
  await openPage(owner, '/dashboard');
  await owner.getByRole('tab', { name: 'Журнал' }).click();
  const entries = owner.getByRole('list', { name: 'Записи журнала' }).getByRole('article');
  await expect(
    entries.filter({ hasText: 'Заявка одобрена' }).filter({ hasText: coordinatorName }),
  ).toBeVisible();
  await expect(
    entries.filter({ hasText: 'Мероприятие завершено, часы начислены' }).filter({ hasText: coordinatorName }),
  ).toBeVisible();
  await expectNoHorizontalScroll(owner);
  await expectAccessible(owner, 'Фонд: журнал', 'tab');

  // The director joins as a viewer, from their letter.
  await owner.getByRole('tab', { name: 'Команда' }).click();
  const directorEmail = `director.${run}@fond.example`;
  const directorLink = await invite(owner, directorEmail, 'viewer');
  const directorName = `director_${run}`.slice(0, 50);
  // Through the API, in a session of its own: the page's form is the coordinator's part above.
  const director = await request.newContext({ baseURL });
  const joined = await director.post('/api/invitations/accept', {
    data: {
      token: new URL(directorLink).hash.slice(1),
      username: directorName,
      password: 'secret123',
      confirmPassword: 'secret123',
    },
  });
  expect(joined.status()).toBe(201);
  await director.dispose();

  // The coordinator's dashboard is open on the team tab when the owner removes them.
  await coordinator.getByRole('tab', { name: 'Команда' }).click();
  await expect(coordinator.getByRole('button', { name: 'Выйти из команды' })).toBeVisible();
  await openPage(owner, '/dashboard');
  await owner.getByRole('tab', { name: 'Команда' }).click();
  await owner
    .getByRole('listitem')
    .filter({ hasText: coordinatorName })
    .getByRole('button', { name: 'Удалить из команды' })
    .click();
  await owner
    .getByRole('alertdialog', { name: `Удалить ${coordinatorName} из команды?` })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(toastText(owner, 'Участник удалён из команды. Его сеансы завершены.')).toBeVisible();
  await expect(owner.getByRole('listitem').filter({ hasText: coordinatorName })).toHaveCount(0);

  // The coordinator's next action is refused: their session ended with their membership.
  await coordinator.getByRole('button', { name: 'Выйти из команды' }).click();
  await coordinator
    .getByRole('alertdialog', { name: 'Выйти из команды?' })
    .getByRole('button', { name: 'Выйти' })
    .click();
  await expect(toastText(coordinator, 'Необходима авторизация')).toBeVisible();
  await coordinatorContext.close();

  // The owner hands the team over to the director and stays on as a coordinator.
  await owner
    .getByRole('listitem')
    .filter({ hasText: directorName })
    .getByRole('button', { name: 'Сделать владельцем' })
    .click();
  await owner
    .getByRole('alertdialog', { name: `Сделать ${directorName} владельцем?` })
    .getByRole('button', { name: 'Передать права' })
    .click();
  await expect(toastText(owner, 'Права владельца переданы')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Отправить приглашение' })).toHaveCount(0);
  await expect(owner.getByRole('listitem').filter({ hasText: directorName })).toContainText('Владелец');
});
