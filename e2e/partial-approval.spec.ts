import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { defaultAppTimeZone, formatMomentDayRu } from '../src/shared/dates';
import { expectAccessible, prepareForScans, viewports } from './support/axe';
import { openPage, reloadPage } from './support/navigation';
import {
  approveOrganisation,
  baseURL,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  type Organisation,
  signUpOrganisation,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

// Issue 24: partial approval, a school changing its number, and the waitlist, on the screens of both sides.

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

async function approvedOrganisation(browser: Browser, role: 'school' | 'foundation', name: string) {
  const organisation = await signUpOrganisation(browser, role);
  await approveOrganisation(organisation.page);
  if (role === 'school') await completeSchoolProfile(organisation.page, name);
  else await completeFoundationProfile(organisation.page, name);
  return organisation;
}

/**
 * The school's application through the API, with the parents' consent the event asks for (it has no age
 * limit); `waitlist` joins the waitlist of a full event. Answers the id and the status it got.
 */
async function apply(school: APIRequestContext, eventId: number, participants: number, waitlist = false) {
  const response = await school.post(`/api/events/${eventId}/register`, {
    data: {
      participantCount: participants,
      contactPerson: 'Елена Викторовна',
      contactEmail: 'elena@example.org',
      parentalConsent: true,
      ...(waitlist ? { waitlist: true } : {}),
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; status: string };
}

/** Removes the journey's accounts (a foundation takes its events with it), so no other list shows them. */
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

/** The page is no wider than the screen: nothing to scroll sideways at 375 px. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/** The open dialog lies wholly inside the screen. */
async function expectDialogFits(page: Page) {
  const box = await page.getByRole('dialog').boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

test('the foundation approves 8 of 10 pupils, and the school lowers an approved application and raises a pending one', async ({
  browser,
  expectConsoleErrors,
}) => {
  // The refused raise beyond the free places answers 409 on purpose.
  expectConsoleErrors(/409 \(Conflict\).*\/api\/applications\//);
  test.setTimeout(90_000);
  const fund = await approvedOrganisation(browser, 'foundation', `Фонд «${uniqueName('Часть')}»`);
  const schoolName = `Школа «${uniqueName('Часть')}»`;
  const school = await approvedOrganisation(browser, 'school', schoolName);
  const f = fund.page;
  const s = school.page;
  for (const page of [f, s]) await prepareForScans(page);
  try {
    const title = `Субботник ${uniqueName('')}`;
    const eventId = await createEvent(f, { title, totalSlots: 20, hours: 2 });
    const otherTitle = `Уборка берега ${uniqueName('')}`;
    const otherEventId = await createEvent(f, { title: otherTitle, totalSlots: 6, hours: 2 });
    await apply(s.request, eventId, 10);
    await apply(s.request, otherEventId, 2);

    // The foundation sees the parents' consent with its day, and takes 8 of the 10 pupils.
    await openPage(f, '/foundation-applications');
    const card = f.getByRole('listitem').filter({ hasText: title });
    await expect(
      card.getByText(
        `Согласия родителей подтверждены школой ${formatMomentDayRu(new Date(), process.env.APP_TIMEZONE || defaultAppTimeZone)}`,
      ),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Одобрить' }).click();
    const approve = f.getByRole('dialog', { name: 'Одобрить заявку' });
    const count = approve.getByLabel('Сколько учеников принять');
    await expect(count).toHaveValue('10');
    await expect(approve.getByText(/остальные места сразу освободятся/)).toBeVisible();
    await expectAccessible(f, 'Фонд: одобрить часть заявки', 'dialog');
    await count.fill('11');
    await approve.getByRole('button', { name: 'Одобрить' }).click();
    await expect(approve.getByRole('alert')).toHaveText('Не больше, чем просит школа: 10');
    await count.fill('8');
    await approve.getByRole('button', { name: 'Одобрить' }).click();
    await expect(toastText(f, 'Одобрено 8 из 10')).toBeVisible();
    await expect(approve).toBeHidden();

    await f.getByRole('button', { name: 'Одобрены' }).click();
    await expect(card.getByText('Одобрено 8 из 10')).toBeVisible();
    await openPage(f, `/foundation/event/${eventId}`);
    await expect(f.getByText('8 / 20')).toBeVisible();

    // The school is told the number, and sees it on its application.
    await openPage(s, '/dashboard');
    await s.getByRole('tab', { name: /^Профиль/ }).click();
    await expect(
      s.getByRole('tabpanel').getByText(`Заявка на «${title}» одобрена частично: 8 из 10 учеников`),
    ).toBeVisible();
    await openPage(s, '/school-applications');
    await s.getByRole('tab', { name: 'Одобрены (1)' }).click();
    const approved = s.getByRole('tabpanel').getByRole('listitem').filter({ hasText: title });
    await expect(approved.getByText('Одобрено 8 из 10')).toBeVisible();

    // An approved application only goes down.
    await approved.getByRole('button', { name: 'Изменить число учеников' }).click();
    const change = s.getByRole('dialog', { name: 'Изменить число учеников' });
    await expect(change.getByText(/Одобренную заявку можно только уменьшить/)).toBeVisible();
    await expectAccessible(s, 'Школа: изменить число учеников', 'dialog');
    await change.getByLabel('Число учеников').fill('9');
    await change.getByRole('button', { name: 'Сохранить' }).click();
    await expect(change.getByRole('alert')).toHaveText(
      'Одобренную заявку можно только уменьшить: не больше 8',
    );
    await change.getByLabel('Число учеников').fill('6');
    await change.getByRole('button', { name: 'Сохранить' }).click();
    await expect(toastText(s, 'Число учеников изменено')).toBeVisible();
    await expect(change).toBeHidden();
    await expect(approved.getByText('Одобрено 8 из 10')).toBeHidden();
    await expect(approved.getByRole('definition').filter({ hasText: /^6$/ })).toBeVisible();

    // A pending one goes up as far as the free places allow; beyond them the server's refusal is shown.
    await s.getByRole('tab', { name: 'Ожидают (1)' }).click();
    const pending = s.getByRole('tabpanel').getByRole('listitem').filter({ hasText: otherTitle });
    await pending.getByRole('button', { name: 'Изменить число учеников' }).click();
    await change.getByLabel('Число учеников').fill('7');
    await change.getByRole('button', { name: 'Сохранить' }).click();
    await expect(toastText(s, 'Недостаточно мест: осталось 4')).toBeVisible();
    await change.getByLabel('Число учеников').fill('5');
    await change.getByRole('button', { name: 'Сохранить' }).click();
    await expect(toastText(s, 'Число учеников изменено')).toBeVisible();
    await expect(pending.getByRole('definition').filter({ hasText: /^5$/ })).toBeVisible();

    // The foundation's counters follow: 6 of the first event's places are taken now.
    await openPage(f, `/foundation/event/${eventId}`);
    await expect(f.getByText('6 / 20')).toBeVisible();
  } finally {
    await deleteAccounts(browser, [school, fund]);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: viewports.phone });

  test('on its event’s page the foundation sees the parents’ consent, is asked how many pupils to take, and approves only that many', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const fund = await approvedOrganisation(browser, 'foundation', `Фонд «${uniqueName('Событие')}»`);
    const schoolName = `Школа «${uniqueName('Событие')}»`;
    const school = await approvedOrganisation(browser, 'school', schoolName);
    const f = fund.page;
    await f.setViewportSize(viewports.phone);
    try {
      const title = `Высадка тюльпанов ${uniqueName('')}`;
      const eventId = await createEvent(f, { title, totalSlots: 20, hours: 2 });
      await apply(school.page.request, eventId, 5);
      const consent = `Согласия родителей подтверждены школой ${formatMomentDayRu(new Date(), process.env.APP_TIMEZONE || defaultAppTimeZone)}`;

      await openPage(f, `/foundation/event/${eventId}`);
      const card = f.getByRole('listitem').filter({ hasText: schoolName });
      await expect(card.getByText(consent)).toBeVisible();
      await expect(f.getByText('0 / 20')).toBeVisible();

      // «Одобрить» decides nothing by itself: it asks, and cancelling leaves the application waiting.
      await card.getByRole('button', { name: 'Одобрить' }).click();
      const approve = f.getByRole('dialog', { name: 'Одобрить заявку' });
      const count = approve.getByLabel('Сколько учеников принять');
      await expect(count).toHaveValue('5');
      await expect(approve.getByText(/^Школа просит 5 учеников\./)).toBeVisible();
      await expectDialogFits(f);
      await approve.getByRole('button', { name: 'Отменить' }).click();
      await expect(approve).toBeHidden();
      await expect(card.getByRole('button', { name: 'Одобрить' })).toBeFocused();
      await reloadPage(f);
      await expect(card.getByRole('button', { name: 'Одобрить' })).toBeVisible();
      await expect(f.getByText('0 / 20')).toBeVisible();

      await card.getByRole('button', { name: 'Одобрить' }).click();
      await count.fill('3');
      await approve.getByRole('button', { name: 'Одобрить' }).click();
      await expect(toastText(f, 'Одобрено 3 из 5')).toBeVisible();
      await expect(approve).toBeHidden();
      await expect(f.getByText('3 / 20')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Одобрить' })).toHaveCount(0);
      await expect(card.getByText('Одобрено 3 из 5')).toBeVisible();
      await expect(card.getByText(consent)).toBeVisible();
      await expectNoSidewaysScroll(f);
    } finally {
      await deleteAccounts(browser, [school, fund]);
    }
  });

  test('a school on the waitlist of a full event shows in the foundation’s waitlist and filter, and leaves it from its applications', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const fund = await approvedOrganisation(browser, 'foundation', `Фонд «${uniqueName('Очередь')}»`);
    const first = await approvedOrganisation(browser, 'school', `Школа «${uniqueName('Первая')}»`);
    const waitingName = `Школа «${uniqueName('Очередь')}»`;
    const waiting = await approvedOrganisation(browser, 'school', waitingName);
    const laterName = `Школа «${uniqueName('Вторая')}»`;
    const later = await approvedOrganisation(browser, 'school', laterName);
    const f = fund.page;
    const s = waiting.page;
    for (const page of [f, s]) await page.setViewportSize(viewports.phone);
    try {
      const title = `Мастер-класс ${uniqueName('')}`;
      const eventId = await createEvent(f, { title, totalSlots: 5, hours: 2 });
      await apply(first.page.request, eventId, 5);
      expect((await apply(s.request, eventId, 3, true)).status).toBe('waitlisted');
      expect((await apply(later.page.request, eventId, 2, true)).status).toBe('waitlisted');

      // The foundation's event page: the count near the counters and the line of schools in order.
      await openPage(f, `/foundation/event/${eventId}`);
      await expect(f.getByText('в листе ожидания: 2 школы')).toBeVisible();
      const waitlist = f.getByRole('region', { name: 'Лист ожидания' }).getByRole('listitem');
      await expect(waitlist).toHaveCount(2);
      await expect(waitlist.nth(0)).toContainText(`1.${waitingName}`);
      await expect(waitlist.nth(0)).toContainText('3 ученика');
      await expect(waitlist.nth(1)).toContainText(`2.${laterName}`);
      await expect(waitlist.nth(1)).toContainText('2 ученика');
      await expectNoSidewaysScroll(f);

      // The applications page filters by it.
      await openPage(f, '/foundation-applications');
      await f.getByRole('button', { name: 'В листе ожидания' }).click();
      const card = f.getByRole('listitem').filter({ hasText: waitingName });
      await expect(f.getByRole('listitem').filter({ hasText: title })).toHaveCount(2);
      await expect(card).toContainText(title);
      await expect(card.getByText('В листе ожидания', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(f);
      await f.getByRole('button', { name: 'Завершены' }).click();
      await expect(f.getByText('Завершённых заявок нет')).toBeVisible();

      // The school sees its waitlisted application, may change its number, and leaves in one confirmation.
      await openPage(s, '/school-applications');
      await s.getByRole('tab', { name: 'В листе ожидания (1)' }).click();
      const mine = s.getByRole('tabpanel').getByRole('listitem').filter({ hasText: title });
      await expect(mine.getByText('В листе ожидания', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(s);
      await mine.getByRole('button', { name: 'Изменить число учеников' }).click();
      await expectDialogFits(s);
      await s.getByRole('dialog').getByRole('button', { name: 'Отменить' }).click();
      // The keyboard goes back to the button that opened the dialog.
      await expect(mine.getByRole('button', { name: 'Изменить число учеников' })).toBeFocused();

      await mine.getByRole('button', { name: 'Покинуть лист ожидания' }).click();
      await s.getByRole('alertdialog').getByRole('button', { name: 'Покинуть лист ожидания' }).click();
      await expect(toastText(s, 'Вы покинули лист ожидания')).toBeVisible();
      await expect(s.getByRole('tab', { name: 'В листе ожидания (0)' })).toBeVisible();
      await expect(s.getByText('Вы не стоите в листе ожидания ни на одно мероприятие')).toBeVisible();

      await openPage(f, `/foundation/event/${eventId}`);
      await expect(f.getByRole('heading', { name: title })).toBeVisible();
      await expect(f.getByText('в листе ожидания: 1 школа')).toBeVisible();
      await expect(waitlist).toHaveCount(1);
      await expect(waitlist.nth(0)).toContainText(`1.${laterName}`);
    } finally {
      await deleteAccounts(browser, [waiting, later, first, fund]);
    }
  });
});
