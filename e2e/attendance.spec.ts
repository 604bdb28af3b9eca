import { schoolWithApprovedApplication } from './support/applications';
import { expectAccessible, expectNoHorizontalScroll, viewports } from './support/axe';
import { openPage } from './support/navigation';
import { approvedFoundation, appToday, createEvent, uniqueName } from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 24: hours you can trust. The foundation completes an event on its day, marking for each school
 * how many pupils came; one school sees «пришли 8 из 10» and its hours, the other «не пришли». The dialog
 * is driven at a phone's width, where it must fit without a horizontal scroll.
 */

test('the foundation marks who came; each school sees its attendance and hours', async ({ browser }) => {
  test.setTimeout(120_000);
  const foundation = await approvedFoundation(browser, 'Фонд «Честные часы»');
  const run = uniqueName('');
  const title = `Субботник у пруда ${run}`;
  const laterTitle = `Субботник через неделю ${run}`;
  // 10:00–12:00, two hours for each pupil who comes.
  const eventId = await createEvent(foundation.page, { title, totalSlots: 30, hours: 2, date: appToday() });
  await createEvent(foundation.page, { title: laterTitle, totalSlots: 30, hours: 2 });
  const cameSchool = `Лицей «Пришли» ${run}`;
  const absentSchool = `Школа «Не пришли» ${run}`;
  const { school: came } = await schoolWithApprovedApplication(browser, foundation, eventId, cameSchool, 10);
  const { school: absent } = await schoolWithApprovedApplication(
    browser,
    foundation,
    eventId,
    absentSchool,
    6,
  );

  const fond = foundation.page;
  await fond.setViewportSize(viewports.phone);
  await openPage(fond, '/dashboard');

  // An event still ahead cannot be completed, and the page says when it can.
  const later = fond.getByRole('listitem').filter({ hasText: laterTitle });
  await expect(later.getByRole('button', { name: 'Завершить' })).toBeDisabled();
  await expect(later.getByText('Завершить можно в день мероприятия')).toBeVisible();

  const row = fond.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: 'Завершить' }).click();
  const dialog = fond.getByRole('alertdialog', { name: 'Завершить мероприятие?' });
  const cameField = dialog.getByRole('spinbutton', { name: `Сколько учеников пришло: ${cameSchool}` });
  const absentField = dialog.getByRole('spinbutton', { name: `Сколько учеников пришло: ${absentSchool}` });
  // Everyone approved is marked present until the foundation says otherwise.
  await expect(cameField).toHaveValue('10');
  await expect(absentField).toHaveValue('6');
  await expect(dialog.getByText('Одобрено: 10 учеников')).toBeVisible();
  await expect(dialog.getByText('Будет начислено: 32 волонтёрских часа')).toBeVisible();

  await cameField.fill('11');
  await expect(dialog.getByText('Целое число от 0 до 10')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Завершить' })).toBeDisabled();
  await cameField.fill('8');
  await absentField.fill('0');
  await expect(dialog.getByText('Будет начислено: 16 волонтёрских часов')).toBeVisible();

  // The dialog fits a phone: inside the screen's width, and the page does not scroll sideways.
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewports.phone.width).toBe(true);
  await expectNoHorizontalScroll(fond);
  await expectAccessible(fond, 'Фонд: завершение с явкой', 'dialog');
  await fond.setViewportSize(viewports.phone);

  await dialog.getByRole('button', { name: 'Завершить' }).click();
  await expect(fond.getByText('Статус обновлен', { exact: true })).toBeVisible();
  await expect(row.getByText('Завершено', { exact: true })).toBeVisible();

  // The foundation's page of the event shows who came.
  await openPage(fond, `/foundation/event/${eventId}`);
  await expect(fond.getByText('Явка: пришли 8 из 10 · 16 часов')).toBeVisible();
  await expect(fond.getByText('Явка: не пришли')).toBeVisible();
  await expectNoHorizontalScroll(fond);

  // The school that came: its archive and its application say 8 of 10, with the hours.
  const school = came.page;
  await school.setViewportSize(viewports.phone);
  await openPage(school, '/dashboard');
  await school.getByRole('tab', { name: 'Архив' }).click();
  await expect(school.getByText('Мероприятий: 1 · Волонтёрских часов: 16')).toBeVisible();
  const entry = school.getByRole('listitem').filter({ hasText: title });
  await expect(entry.getByText(/пришли 8 из 10/)).toBeVisible();
  await expect(entry.getByText('16 часов')).toBeVisible();
  await expectNoHorizontalScroll(school);
  await openPage(school, '/school-applications');
  await school.getByRole('tab', { name: /^Завершены/ }).click();
  const application = school.getByRole('listitem').filter({ hasText: title });
  await expect(application.getByText('пришли 8 из 10', { exact: true })).toBeVisible();
  await expect(application.getByText('16', { exact: true })).toBeVisible();

  // The school that did not come: no hours, and its application says so.
  const other = absent.page;
  await openPage(other, '/school-applications');
  await other.getByRole('tab', { name: /^Завершены/ }).click();
  const missed = other.getByRole('listitem').filter({ hasText: title });
  await expect(missed.getByText('не пришли', { exact: true })).toBeVisible();
  await openPage(other, '/dashboard');
  await other.getByRole('tab', { name: 'Архив' }).click();
  await expect(other.getByText('Мероприятий: 0 · Волонтёрских часов: 0')).toBeVisible();

  for (const organisation of [foundation, came, absent]) await organisation.context.close();
});
