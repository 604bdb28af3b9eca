import { applyForEvent, approveApplication } from './support/applications';
import { expectNoHorizontalScroll, viewports } from './support/axe';
import { linkIn, waitForLetter } from './support/mailbox';
import { openPage } from './support/navigation';
import {
  approvedFoundation,
  approveOrganisation,
  completeSchoolProfile,
  createEvent,
  signUpOrganisation,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 26: a letter's unsubscribe link, opened without signing in, turns its kind off and offers to
 * turn it back on, at a phone's width. The dashboard's settings card is tested as a component
 * (src/web/features/notification-settings/notification-settings-card.test.tsx).
 */

/** An approved school with a complete profile whose e-mail is its own, so its letters are told apart. */
async function schoolWithOwnAddress(browser: Parameters<typeof signUpOrganisation>[0]) {
  const school = await signUpOrganisation(browser, 'school');
  await approveOrganisation(school.page);
  await completeSchoolProfile(school.page, `Школа «Письма» ${uniqueName('')}`);
  const address = `${uniqueName('coordinator')}@school.example`;
  const profile = await (await school.page.request.get('/api/profile')).json();
  const saved = await school.page.request.patch('/api/profile', {
    data: {
      username: profile.username,
      fullName: profile.fullName,
      schoolType: profile.schoolType,
      description: profile.description,
      address: profile.address,
      phone: profile.phone,
      email: address,
    },
  });
  expect(saved.ok()).toBe(true);
  return { ...school, address };
}

test('an unsubscribe link that is not the site’s says so in Russian, at a phone’s width', async ({
  browser,
  expectConsoleErrors,
}) => {
  expectConsoleErrors(/status of 404 .*\/api\/unsubscribe\//);
  const visitor = await browser.newContext({ viewport: viewports.phone });
  const page = await visitor.newPage();
  await openPage(page, `/unsubscribe/1.reminders.${'A'.repeat(32)}`);
  await expect(page.getByText(/^Ссылка для отписки недействительна/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Настроить все письма' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await visitor.close();
});

// Needs the outbox worker (src/server/mail/worker.ts) to write the school's letters into the mailbox.
test('the unsubscribe link of an approval letter turns decisions off without signing in, and back on', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const foundation = await approvedFoundation(browser, `Фонд «Письма» ${uniqueName('')}`);
  const eventId = await createEvent(foundation.page, {
    title: `Субботник ${uniqueName('')}`,
    totalSlots: 30,
    hours: 2,
  });
  const school = await schoolWithOwnAddress(browser);
  await approveApplication(foundation.page, await applyForEvent(school.page, eventId, 5));

  const letter = await waitForLetter(school.address, '');
  const link = linkIn(letter, '/unsubscribe/');
  // Whoever holds the letter: no session in this browser.
  const reader = await browser.newContext({ viewport: viewports.phone });
  const page = await reader.newPage();
  await openPage(page, link);
  await expect(page.getByText('Вы отписались от писем «Решения по заявкам»')).toBeVisible();
  await expectNoHorizontalScroll(page);
  const decisions = async () => {
    const settings = (await (await school.page.request.get('/api/notification-settings')).json()) as {
      kinds: { kind: string; enabled: boolean }[];
    };
    return settings.kinds.find((item) => item.kind === 'decisions')?.enabled;
  };
  expect(await decisions()).toBe(false);

  await page.getByRole('button', { name: 'Вернуть подписку' }).click();
  await expect(
    page.getByText('Подписка возвращена: письма «Решения по заявкам» снова будут приходить'),
  ).toBeVisible();
  expect(await decisions()).toBe(true);
  await reader.close();
});
