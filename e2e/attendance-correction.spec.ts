import { attendanceCorrectionLastDay } from '../src/shared/attendance-correction-words';
import { formatDateRu } from '../src/shared/dates';
import { schoolWithApprovedApplication } from './support/applications';
import { expectAccessible, expectNoHorizontalScroll, viewports } from './support/axe';
import { openPage } from './support/navigation';
import { approvedFoundation, appToday, createEvent, uniqueName } from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 51, item 9: the completion dialog says in words that everyone is marked as present, and after
 * completion the foundation corrects who came on the event's page, which says until when it may; the
 * school's hours and its pupils' codes follow, and a revoked code's verification says why. At a phone's
 * width, where a coordinator does it.
 */

test('the foundation corrects who came within 14 days; hours and codes follow', async ({ browser }) => {
  test.setTimeout(150_000);
  const foundation = await approvedFoundation(browser, 'Фонд «Вторая проверка»');
  const run = uniqueName('');
  const title = `Уборка сквера ${run}`;
  const eventId = await createEvent(foundation.page, { title, totalSlots: 30, hours: 2, date: appToday() });
  const schoolName = `Гимназия «Исправлено» ${run}`;
  const { school, applicationId } = await schoolWithApprovedApplication(
    browser,
    foundation,
    eventId,
    schoolName,
    5,
  );

  const fond = foundation.page;
  await fond.setViewportSize(viewports.phone);
  await openPage(fond, '/dashboard');
  await fond
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Завершить' })
    .click();
  const completion = fond.getByRole('alertdialog', { name: 'Завершить мероприятие?' });
  // «All came» is never silent: the dialog says it in words, and says so no longer once a number drops.
  await expect(
    completion.getByText('Отмечены все: 5 из 5 учеников. Уменьшите число у школ, где пришли не все.'),
  ).toBeVisible();
  await completion.getByRole('button', { name: 'Завершить' }).click();
  await expect(fond.getByText('Статус обновлен', { exact: true })).toBeVisible();

  // The event's page says until when attendance may be corrected.
  await openPage(fond, `/foundation/event/${eventId}`);
  const until = `Исправить посещаемость можно до ${formatDateRu(attendanceCorrectionLastDay(appToday()))} включительно.`;
  await expect(fond.getByText(until)).toBeVisible();
  await fond.getByRole('button', { name: 'Исправить посещаемость' }).click();
  const dialog = fond.getByRole('dialog', { name: 'Исправить посещаемость' });
  const field = dialog.getByRole('spinbutton', { name: `Сколько учеников пришло: ${schoolName}` });
  await expect(field).toHaveValue('5');
  await expect(dialog.getByText('Отмечены все: 5 из 5 учеников.', { exact: false })).toBeVisible();
  await field.fill('3');
  await expect(dialog.getByText('Отмечено пришедших: 3 из 5 учеников.')).toBeVisible();
  const box = await dialog.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewports.phone.width).toBe(true);
  await expectNoHorizontalScroll(fond);
  await expectAccessible(fond, 'Фонд: исправление посещаемости', 'dialog');
  await fond.setViewportSize(viewports.phone);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(
    fond.getByText('Посещаемость исправлена. Начислено за мероприятие: 6 волонтёрских часов', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(fond.getByText('Явка: пришли 3 из 5 · 6 часов')).toBeVisible();

  // The school: the notice, its hours, and two of its pupils' codes revoked, saying why at /verify.
  const page = school.page;
  await page.setViewportSize(viewports.phone);
  const codes = (await (await page.request.get(`/api/applications/${applicationId}/codes`)).json()) as {
    code: string;
    status: string;
  }[];
  expect(codes.filter((code) => code.status === 'active')).toHaveLength(3);
  const revoked = codes.find((code) => code.status === 'revoked');
  expect(revoked).toBeDefined();
  await openPage(page, `/verify/${revoked?.code}`);
  await expect(
    page.getByText(/^Отозван \d{1,2} [а-я]+ \d{4} г\.: фонд исправил посещаемость$/),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await openPage(page, '/dashboard');
  await page.getByRole('tab', { name: 'Архив' }).click();
  await expect(page.getByText('Мероприятий: 1 · Волонтёрских часов: 6')).toBeVisible();

  await school.context.close();
  await foundation.context.close();
});
