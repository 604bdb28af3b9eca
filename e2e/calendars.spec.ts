import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  baseURL,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  eventPayload,
  signUpOrganisation,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 26: calendars. At a phone's width a visitor adds an event to a calendar from its page, and the
 * file is read back by a real iCalendar parser; a school makes its private feed address on the
 * dashboard, copies it, a calendar app (an anonymous request) reads its approved event from it, and
 * after the address is replaced the old one answers 404.
 */

test.use({ viewport: { width: 375, height: 740 } });

function eventsIn(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return root.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

test('a visitor downloads an event as an .ics file from its page', async ({ browser, page }) => {
  const foundation = await signUpOrganisation(browser, 'foundation');
  await approveOrganisation(foundation.page);
  await completeFoundationProfile(foundation.page, 'Фонд «Календарь»');
  const title = `Субботник ${uniqueName('')}`;
  const eventId = await createEvent(foundation.page, { title, totalSlots: 20, hours: 2 });
  const { date } = eventPayload({ title, totalSlots: 20, hours: 2 });

  await openPage(page, `/events/${eventId}`);
  const saved = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Добавить в календарь' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(`${title}.ics`);
  const [event, ...rest] = eventsIn(await readFile(await download.path(), 'utf8'));
  expect(rest).toEqual([]);
  expect(event?.summary).toBe(title);
  expect(event?.startDate.toString()).toBe(`${date}T10:00:00`);
  expect(event?.startDate.zone?.tzid).toBe('Europe/Moscow');
  expect(event?.uid).toMatch(new RegExp(`^event-${eventId}@`));
  await foundation.context.close();
});

test('a school creates its calendar feed on the dashboard, and replacing it cuts the old address off', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const foundation = await signUpOrganisation(browser, 'foundation');
  await approveOrganisation(foundation.page);
  await completeFoundationProfile(foundation.page, 'Фонд «Ленты»');
  const title = `Посадка деревьев ${uniqueName('')}`;
  const eventId = await createEvent(foundation.page, { title, totalSlots: 20, hours: 2 });

  const school = await signUpOrganisation(browser, 'school');
  await approveOrganisation(school.page);
  await completeSchoolProfile(school.page, 'Гимназия «Календарь»');
  const applied = await school.page.request.post(`/api/events/${eventId}/register`, {
    data: {
      participantCount: 5,
      contactPerson: 'Елена Викторовна',
      contactPhone: '+7 (499) 245-12-12',
      parentalConsent: true,
    },
  });
  expect(applied.status()).toBe(201);
  const applicationId = ((await applied.json()) as { id: number }).id;
  const approved = await foundation.page.request.patch(`/api/foundation/applications/${applicationId}`, {
    data: { action: 'approve' },
  });
  expect(approved.ok()).toBe(true);

  const page = school.page;
  await school.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openPage(page, '/dashboard');
  const card = page.getByRole('region', { name: 'Календарь' });
  await expect(card.getByText('Добавить календарь по ссылке', { exact: false })).toBeVisible();
  await card.getByRole('button', { name: 'Создать ссылку' }).click();
  const address = card.getByRole('textbox', { name: 'Ссылка на календарь' });
  await expect(address).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  const firstUrl = await address.inputValue();

  await card.getByRole('button', { name: 'Скопировать' }).click();
  await expect(page.getByText('Ссылка скопирована', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);

  // A calendar app fetches the feed without a session.
  const calendarApp = await browser.newContext();
  const feed = await calendarApp.request.get(firstUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(eventsIn(await feed.text()).map((event) => event.summary)).toEqual([title]);

  await card.getByRole('button', { name: 'Заменить ссылку' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Заменить ссылку на календарь?' });
  await expect(dialog.getByText('Старая ссылка перестанет работать', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Заменить' }).click();
  await expect(address).not.toHaveValue(firstUrl);
  const secondUrl = await address.inputValue();
  expect(secondUrl).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);

  const old = await calendarApp.request.get(firstUrl);
  expect(old.status()).toBe(404);
  expect(((await old.json()) as { message: string }).message).toMatch(/Календарь не найден/);
  expect((await calendarApp.request.get(secondUrl)).status()).toBe(200);

  await calendarApp.close();
  await school.context.close();
  await foundation.context.close();
});
