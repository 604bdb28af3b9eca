import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { pdfPages, pdfText } from '../src/server/test/documents';
import { formatDateRu } from '../src/shared/dates';
import { printoutTexts } from '../src/shared/printouts';
import { approveApplication, schoolThatApplied } from './support/applications';
import { viewports } from './support/axe';
import { openPage } from './support/navigation';
import { approvedFoundation, createEvent, eventPayload, uniqueName } from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 25: the papers for the day of an event. At a phone's width the foundation saves the printable
 * list of its event's participants and the school the trip sheet of its approved application; each file
 * is read back as a PDF. A refusal's Russian toast is proven by download-pdf-button.test.tsx.
 */

/** Clicks the button and reads the file the browser saves. */
async function downloadByButton(page: Page, name: string): Promise<{ download: Download; file: Buffer }> {
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name }).click();
  const download = await saved;
  const path = await download.path();
  return { download, file: await readFile(path) };
}

test('the foundation prints its participant list and the school its trip sheet', async ({ browser }) => {
  test.setTimeout(120_000);
  const foundation = await approvedFoundation(browser, 'Фонд «Списки»');
  const run = uniqueName('');
  const title = `Посадка деревьев ${run}`;
  const eventId = await createEvent(foundation.page, { title, totalSlots: 40, hours: 3 });
  const eventDate = eventPayload({ title, totalSlots: 40, hours: 3 }).date;

  const lyceum = `Лицей «Список» ${run}`;
  const gymnasium = `Гимназия «Список» ${run}`;
  const waiting = `Школа «Ждёт» ${run}`;
  const first = await schoolThatApplied(browser, eventId, lyceum, 10);
  const second = await schoolThatApplied(browser, eventId, gymnasium, 6);
  await schoolThatApplied(browser, eventId, waiting, 4);
  await approveApplication(foundation.page, first.applicationId);
  await approveApplication(foundation.page, second.applicationId);

  // The foundation, on its event's page at a phone's width.
  const fond = foundation.page;
  await fond.setViewportSize(viewports.phone);
  await openPage(fond, `/foundation/event/${eventId}`);
  const list = await downloadByButton(fond, printoutTexts.participantList.button);
  expect(list.download.suggestedFilename()).toBe(`Список участников ${eventDate}.pdf`);
  const listText = await pdfText(list.file);
  expect(listText).toContain('Список участников');
  expect(listText).toContain(title);
  expect(listText).toContain(formatDateRu(eventDate));
  expect(listText).toContain('Пришли');
  expect(listText).toContain(`${lyceum} 10 Елена Викторовна +7 (499) 245-12-12`);
  expect(listText).toContain(`${gymnasium} 6 Елена Викторовна`);
  expect(listText).not.toContain(waiting);
  expect(listText).toContain('Итого: 2 школы, 16 учеников');
  expect(listText).toContain('Ещё ждут решения: 1 заявка');
  expect(listText).toMatch(/Ответственный от фонда _{10,} \/ _{10,} \/\s+М\.П\./);
  expect(listText).toContain('стр. 1 из 1');

  // The school, on its applications at a phone's width: the approved one has its trip sheet.
  const school = first.school.page;
  await school.setViewportSize(viewports.phone);
  await openPage(school, '/school-applications');
  await school.getByRole('tab', { name: /Одобрены/ }).click();
  const card = school.getByRole('listitem').filter({ hasText: title });
  await expect(card).toBeVisible();
  const sheet = await downloadByButton(school, printoutTexts.tripSheet.button);
  expect(sheet.download.suggestedFilename()).toBe(`Лист поездки ${eventDate}.pdf`);
  const pages = await pdfPages(sheet.file);
  expect(pages).toHaveLength(1);
  const sheetText = await pdfText(sheet.file);
  expect(sheetText).toContain('Лист поездки');
  expect(sheetText).toContain(title);
  expect(sheetText).toContain('Время: 10:00–13:00');
  // The event has no address of its own: the place is printed once.
  expect(sheetText).toContain('Место: Москва, парк Горького');
  expect(sheetText).not.toContain('Адрес:');
  expect(sheetText).toContain('Фонд: Фонд «Списки»');
  expect(sheetText).toContain('Контактное лицо: Наталья');
  expect(sheetText).toContain('Телефон: +7 (495) 987-65-43');
  expect(sheetText).toContain(`Школа: ${lyceum}`);
  expect(sheetText).toContain('Учеников одобрено: 10');
  expect(sheetText).toMatch(/1\. 2\. 3\. 4\. 5\. 6\. 7\. 8\. 9\. 10\. Сопровождающий/);
  expect(sheetText).toMatch(/Директор _{10,} \/ _{10,} \/\s+М\.П\./);
});
