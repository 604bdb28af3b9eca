import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  completeFoundationProfile,
  createEvent,
  eventPayload,
  signUpOrganisation,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 26: calendars. At a phone's width a visitor adds an event to a calendar from its page, and the
 * file is read back by a real iCalendar parser. The dashboard's feed card is tested as a component
 * (src/web/features/calendar-feed/calendar-feed-card.test.tsx), its feed by the API's tests
 * (src/server/calendars/calendars.test.ts).
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
