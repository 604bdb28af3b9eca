import type { Browser, Page } from '@playwright/test';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  baseURL,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  registerAccount,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 51, item 1: the server (UTC on this machine) and the browser (anywhere) draw every date and time
 * in the app's zone, APP_TIMEZONE, so the browser adopts the signed-in pages the server drew instead of
 * failing to hydrate them (React error #418). The browser's zone is chosen so that its day differs from
 * the server's and from Moscow's while the journey runs: before the fix, the days and clock times drawn
 * on each side differ, and the console guard of ./support/test fails the journey.
 */

const phone = { width: 375, height: 740 };
const appTimeZone = process.env.APP_TIMEZONE || 'Europe/Moscow';
// Samoa's day (UTC-11) is behind the server's before 11:00 UTC, Kiritimati's (UTC+14) ahead from 10:00.
const browserZone = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';

/** Today as the app writes it: '2 декабря 2026 г.' in APP_TIMEZONE. */
const appDay = () =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone: appTimeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date());

/** A signed-up school or foundation whose browser lives in `browserZone`, at a phone's width. */
async function organisation(browser: Browser, role: 'school' | 'foundation') {
  const context = await browser.newContext({ baseURL, timezoneId: browserZone, viewport: phone });
  const page = await context.newPage();
  await registerAccount(page, role);
  await approveOrganisation(page);
  return { context, page };
}

async function apply(school: Page, eventId: number): Promise<number> {
  const applied = await school.request.post(`/api/events/${eventId}/register`, {
    data: {
      participantCount: 3,
      contactPerson: 'Елена Викторовна',
      contactPhone: '+7 (499) 245-12-12',
      parentalConsent: true,
    },
  });
  expect(applied.status()).toBe(201);
  return ((await applied.json()) as { id: number }).id;
}

test.use({ viewport: phone, timezoneId: browserZone });

test('signed-in pages drawn by the server are adopted by a browser in another time zone', async ({
  browser,
  page: adminPage,
}) => {
  test.setTimeout(120_000);
  const run = uniqueName('');
  const foundation = await organisation(browser, 'foundation');
  await completeFoundationProfile(foundation.page, `Фонд «Часовые пояса» ${run}`);
  const eventId = await createEvent(foundation.page, {
    title: `Уборка сквера ${run}`,
    totalSlots: 30,
    hours: 2,
  });

  // One school approved, whose application shows its day of approval, and one waiting, whose parents'
  // consents show the day the school confirmed them.
  const approvedSchool = await organisation(browser, 'school');
  await completeSchoolProfile(approvedSchool.page, `Лицей «Одобренный» ${run}`);
  const approvedId = await apply(approvedSchool.page, eventId);
  const approved = await foundation.page.request.patch(`/api/foundation/applications/${approvedId}`, {
    data: { action: 'approve' },
  });
  expect(approved.ok()).toBe(true);
  const waitingSchool = await organisation(browser, 'school');
  await completeSchoolProfile(waitingSchool.page, `Школа «Ждущая» ${run}`);
  await apply(waitingSchool.page, eventId);
  // A message, whose moment the history shows with its clock time.
  const message = 'Встречаемся у северного входа в сквер.';
  const sent = await foundation.page.request.post(`/api/foundation/events/${eventId}/messages`, {
    data: { text: message },
  });
  expect(sent.ok()).toBe(true);

  const today = appDay();
  const fund = foundation.page;
  await openPage(fund, `/foundation/event/${eventId}`);
  await expect(fund.getByText(`Одобрена ${today}`)).toBeVisible();
  await expect(fund.getByRole('list', { name: 'Отправленные сообщения' }).getByText(today)).toBeVisible();

  await openPage(fund, '/foundation-applications');
  await expect(fund.getByText(`Согласия родителей подтверждены школой ${today}`)).toBeVisible();

  await openPage(fund, '/foundation-approved-applications');
  await expect(fund.getByText(new RegExp(`^${today} в \\d\\d:\\d\\d$`))).toBeVisible();

  const school = approvedSchool.page;
  await openPage(school, `/events/${eventId}`);
  const messages = school.getByRole('list', { name: 'Сообщения организатора' });
  await expect(messages.getByText(message)).toBeVisible();
  await expect(messages.getByText(today)).toBeVisible();

  const signedIn = await adminPage.request.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(signedIn.ok()).toBe(true);
  await openPage(adminPage, '/admin');
  await expect(adminPage.getByText(new RegExp(`${today} в \\d\\d:\\d\\d`)).first()).toBeVisible();

  await foundation.context.close();
  await approvedSchool.context.close();
  await waitingSchool.context.close();
});
