import { readFile } from 'node:fs/promises';
import { pdfQrCodes, pdfText } from '../src/server/test/documents';
import { schoolWithApprovedApplication } from './support/applications';
import { expectAccessible, expectNoHorizontalScroll, viewports } from './support/axe';
import { openPage } from './support/navigation';
import { approvedFoundation, appToday, createEvent, uniqueName } from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 25: a school's certificate of hours. The school downloads it from its dashboard at a phone's
 * width, the file is read back (its text extracted, its QR code decoded), and the QR's address, opened
 * by anyone, says the certificate matches the platform's records.
 */

test('a school downloads its certificate, and its QR code leads to a page that confirms it', async ({
  browser,
  expectConsoleErrors,
}) => {
  test.setTimeout(120_000);
  const run = uniqueName('');
  const foundation = await approvedFoundation(browser, `Фонд «Справки» ${run}`);
  const title = `Уборка двора детского дома ${run}`;
  const eventId = await createEvent(foundation.page, { title, totalSlots: 30, hours: 2, date: appToday() });

  const schoolName = `Гимназия «Справка» ${run}`;
  const { school, applicationId } = await schoolWithApprovedApplication(
    browser,
    foundation,
    eventId,
    schoolName,
    10,
  );
  // Eight of the ten came: two hours each.
  const completed = await foundation.page.request.patch(`/api/events/${eventId}`, {
    data: { status: 'completed', attendance: [{ applicationId, attended: 8 }] },
  });
  expect(completed.ok()).toBe(true);

  const page = school.page;
  await page.setViewportSize(viewports.phone);
  await openPage(page, '/dashboard');
  await page.getByRole('tab', { name: 'Архив' }).click();
  const card = page.getByRole('region', { name: 'Справка о часах' });
  // The current school year is chosen first.
  const period = card.getByLabel('Период');
  const currentYear =
    Number(appToday().slice(5, 7)) >= 9 ? Number(appToday().slice(0, 4)) : Number(appToday().slice(0, 4)) - 1;
  const yearLabel = `${currentYear}/${String((currentYear + 1) % 100).padStart(2, '0')} учебный год`;
  await expect(period.locator('option:checked')).toHaveText(yearLabel);

  // A period without events: the server's Russian message on the page, not a file of JSON.
  expectConsoleErrors(/409/);
  await period.selectOption({ label: 'Другой период' });
  await card.getByLabel('С', { exact: true }).fill('2020-01-01');
  await card.getByLabel('По', { exact: true }).fill('2020-03-31');
  await card.getByRole('button', { name: 'Скачать справку (PDF)' }).click();
  await expect(card.getByRole('alert')).toHaveText('За выбранный период нет завершённых мероприятий');
  await expectNoHorizontalScroll(page);

  await period.selectOption({ label: yearLabel });
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Скачать справку (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `Справка о волонтёрской деятельности ${currentYear}-${String((currentYear + 1) % 100).padStart(2, '0')}.pdf`,
  );
  const file = await readFile(await download.path());
  const text = await pdfText(file);
  expect(text).toContain('Справка о волонтёрской деятельности');
  expect(text).toContain(schoolName);
  expect(text).toContain(yearLabel);
  expect(text).toContain(title);
  expect(text).toContain('Итого: 1 мероприятие, пришли 8 учеников, 16 часов.');
  const [address] = await pdfQrCodes(file);
  const match = /\/verify\/([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})$/.exec(address ?? '');
  expect(match, `QR: ${address}`).not.toBeNull();
  expect(text).toContain(`Код проверки: ${match?.[1]}`);

  // Anyone who scans the code: no account, a phone.
  const visitor = await browser.newContext({ viewport: viewports.phone });
  const reader = await visitor.newPage();
  await openPage(reader, address ?? '');
  await expect(reader.getByTestId('verdict')).toHaveText('Справка соответствует записям платформы.');
  await expect(reader.getByText(schoolName)).toBeVisible();
  await expect(reader.getByText(yearLabel)).toBeVisible();
  await expect(reader.getByText(`1. ${title}`)).toBeVisible();
  await expect(reader.getByText('пришли 8 · 16 часов')).toBeVisible();
  await expectNoHorizontalScroll(reader);
  await expectAccessible(reader, 'Проверка справки');

  // The server draws the page, and asks search engines to leave it out.
  const drawn = await (await visitor.request.get(address ?? '')).text();
  expect(drawn).toContain('<meta name="robots" content="noindex" />');
  expect(drawn).toContain(schoolName);

  // Typed by hand on /verify: lower case and without dashes is the same code.
  await openPage(reader, '/verify');
  await reader
    .getByRole('textbox', { name: 'Код' })
    .fill((match?.[1] ?? '').replaceAll('-', '').toLowerCase());
  await reader.getByRole('button', { name: 'Проверить' }).click();
  await expect(reader).toHaveURL(new RegExp(`/verify/${match?.[1]}$`));
  await expect(reader.getByTestId('verdict')).toHaveText('Справка соответствует записям платформы.');

  // The school withdraws the event from its archive: the same paper no longer matches the records.
  await page.setViewportSize(viewports.phone);
  const archived = await page.request.get('/api/school/completed-events');
  const [entry] = (await archived.json()) as { id: number }[];
  expect((await page.request.delete(`/api/school/archive/${entry?.id}`)).ok()).toBe(true);
  await openPage(reader, address ?? '');
  await expect(reader.getByTestId('verdict')).toHaveText(/^Записи изменились после выдачи справки: /);

  await visitor.close();
  for (const organisation of [foundation, school]) await organisation.context.close();
});
