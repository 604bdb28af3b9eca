import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { csvRows, xlsxSheet } from '../src/server/test/spreadsheets';
import { exportHeaders as h } from '../src/shared/exports';
import { viewports } from './support/axe';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  appToday,
  baseURL,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  type Organisation,
  signUpOrganisation,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

// Issue 25: each list's «Скачать CSV» / «Скачать Excel» saves a file that a spreadsheet reads back.

async function approvedOrganisation(browser: Browser, role: 'school' | 'foundation', name: string) {
  const organisation = await signUpOrganisation(browser, role);
  await approveOrganisation(organisation.page);
  if (role === 'school') await completeSchoolProfile(organisation.page, name);
  else await completeFoundationProfile(organisation.page, name);
  return organisation;
}

/** Clicks the button, catches the download and answers its name and bytes. */
async function downloadBy(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

const column = (rows: unknown[][], header: string) => {
  const index = rows[0]?.indexOf(header) ?? -1;
  return rows.slice(1).map((row) => row[index]);
};

async function deleteAccounts(browser: Browser, organisations: Organisation[]) {
  const admin = await browser.newContext({ baseURL });
  const login = await admin.request.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(login.ok()).toBe(true);
  for (const organisation of organisations) {
    await organisation.context.close();
    expect((await admin.request.delete(`/api/admin/users/${organisation.userId}`)).ok()).toBe(true);
  }
  await admin.close();
}

test('a foundation on a phone and a school download their lists; the files hold the rows the screens show', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const fundName = `Фонд «${uniqueName('Выгрузка')}»`;
  const schoolName = `Школа «${uniqueName('Выгрузка')}»`;
  const fund = await approvedOrganisation(browser, 'foundation', fundName);
  const school = await approvedOrganisation(browser, 'school', schoolName);
  const f = fund.page;
  const s = school.page;
  try {
    await f.setViewportSize(viewports.phone);
    const title = `Субботник ${uniqueName('')}`;
    const eventId = await createEvent(f, { title, totalSlots: 20, hours: 2, date: appToday() });
    const applied = await s.request.post(`/api/events/${eventId}/register`, {
      data: {
        participantCount: 6,
        contactPerson: '=Елена Викторовна',
        contactPhone: '+7 (912) 000-00-00',
        contactEmail: 'elena@example.org',
        parentalConsent: true,
      },
    });
    expect(applied.status()).toBe(201);
    const { id } = (await applied.json()) as { id: number };
    const approved = await f.request.patch(`/api/foundation/applications/${id}`, {
      data: { action: 'approve' },
    });
    expect(approved.ok()).toBe(true);

    // The foundation's applications, with the filter it chose, as Excel.
    await openPage(f, '/foundation-applications');
    await f.getByRole('button', { name: 'Одобрены' }).click();
    const applications = await downloadBy(f, 'Скачать Excel');
    expect(applications.name).toBe(`Заявки ${appToday()}.xlsx`);
    const sheet = await xlsxSheet(applications.bytes);
    expect(sheet.headerBold).toBe(true);
    expect(column(sheet.rows, h.event)).toEqual([title]);
    expect(column(sheet.rows, h.school)).toEqual([schoolName]);
    expect(column(sheet.rows, h.status)).toEqual(['Одобрена']);
    expect(column(sheet.rows, h.pupilsApproved)).toEqual([6]);
    // A contact that would be a formula is a text cell, shown as typed; a phone is not a formula.
    expect(column(sheet.rows, h.contactPerson)).toEqual(['=Елена Викторовна']);
    expect(sheet.types[1]?.[sheet.rows[0]?.indexOf(h.contactPerson) ?? -1]).toBe('string');
    expect(column(sheet.rows, h.phone)).toEqual(['+7 (912) 000-00-00']);

    // The event's participants, as CSV.
    await openPage(f, `/foundation/event/${eventId}`);
    const participants = await downloadBy(f, 'Скачать CSV');
    expect(participants.name).toBe(`Участники ${title} ${appToday()}.csv`);
    const rows = csvRows(participants.bytes);
    expect(column(rows, h.school)).toEqual([schoolName]);
    expect(column(rows, h.pupilsApproved)).toEqual(['6']);
    // In CSV the formula-like contact keeps its apostrophe; the phone reads as written.
    expect(column(rows, h.contactPerson)).toEqual(["'=Елена Викторовна"]);
    expect(column(rows, h.phone)).toEqual(['+7 (912) 000-00-00']);

    // The event is completed with 5 pupils: the school downloads its applications and its hours.
    const completed = await f.request.patch(`/api/events/${eventId}`, {
      data: { status: 'completed', attendance: [{ applicationId: id, attended: 5 }] },
    });
    expect(completed.ok()).toBe(true);
    await openPage(s, '/school-applications');
    const own = csvRows((await downloadBy(s, 'Скачать CSV')).bytes);
    expect(column(own, h.event)).toEqual([title]);
    expect(column(own, h.status)).toEqual(['Завершена']);
    expect(column(own, h.pupilsCame)).toEqual(['5']);
    expect(column(own, h.hours)).toEqual(['10']);

    await openPage(s, '/dashboard');
    await s.getByRole('tab', { name: 'Архив' }).click();
    await expect(s.getByLabel('Учебный год', { exact: true })).toHaveValue(/^\d{4}$/);
    const hours = await downloadBy(s, 'Скачать Excel');
    expect(hours.name).toMatch(/^Волонтёрские часы \d{4}-09-01 — \d{4}-08-31 \d{4}-\d{2}-\d{2}\.xlsx$/);
    const hoursSheet = await xlsxSheet(hours.bytes);
    expect(hoursSheet.rows.slice(1)).toEqual([
      [new Date(`${appToday()}T00:00:00Z`), title, fundName, 'Социальная помощь', 5, 2, 10],
    ]);
  } finally {
    await deleteAccounts(browser, [fund, school]);
  }
});
