import type { APIResponse, Browser, Locator, Page } from '@playwright/test';
import { viewports } from './support/axe';
import { openPage, reloadPage } from './support/navigation';
import {
  approveOrganisation,
  appToday,
  baseURL,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  eventPayload,
  type Organisation,
  signUpOrganisation,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

/**
 * Issue 22, items 10 and 14: no page scrolls sideways with long unbroken values. That the contact person
 * reaches the other side and every phone and e-mail is a labelled link (item 16) is tested by
 * src/web/components/contact-list.test.tsx and src/server/profile/profile.test.ts.
 */

/** A run tag every long value starts with, so a page can be waited on until its data has arrived. */
const tag = `Q${Date.now().toString(36)}`;
/** `length` characters without a single place to break the line. */
const unbroken = (length = 200) => `${tag}${'Ш'.repeat(length - tag.length)}`;
const longEmail = (length = 200) => `${tag.toLowerCase()}${'w'.repeat(length - tag.length - 12)}@example.org`;
const longLink = (host: string, length = 200) =>
  `https://${host}/${tag}${'w'.repeat(length - host.length - 9 - tag.length)}`;
/** The longest phone the forms accept: 40 digits in a row. */
const longPhone = `+7${'9'.repeat(38)}`;

function longProfile() {
  return {
    username: uniqueName('wide'),
    fullName: unbroken(),
    shortDescription: unbroken(),
    description: unbroken(),
    address: unbroken(),
    phone: longPhone,
    email: longEmail(),
    website: longLink('example.org'),
    vkLink: longLink('vk.com'),
    telegramChannel: longLink('t.me'),
    contactPerson: unbroken(),
  };
}

async function ok(response: APIResponse) {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/**
 * Deletes the accounts a journey made, with everything they published: 200-character names on the shared
 * database's public lists would otherwise meet other journeys.
 */
async function removeAccounts(browser: Browser, ...organisations: Organisation[]) {
  const admin = await browser.newContext({ baseURL });
  await ok(
    await admin.request.post('/api/admin/login', {
      data: { username: 'admin', password: 'e2e-admin-password' },
    }),
  );
  for (const organisation of organisations) {
    await ok(await admin.request.delete(`/api/admin/users/${organisation.userId}`));
    await organisation.context.close();
  }
  await admin.close();
}

interface Scene {
  school: Organisation;
  fond: Organisation;
  foundationId: number;
  eventId: number;
  requestId: number;
}

/** A foundation and a school whose every text field is 200 unbroken characters, with every kind of application. */
async function buildScene(browser: Browser): Promise<Scene> {
  const fond = await signUpOrganisation(browser, 'foundation');
  const school = await signUpOrganisation(browser, 'school');
  await ok(
    await fond.page.request.patch('/api/profile', { data: { ...longProfile(), directions: ['social'] } }),
  );
  await ok(
    await school.page.request.patch('/api/profile', { data: { ...longProfile(), schoolType: 'state' } }),
  );
  await approveOrganisation(fond.page);
  await approveOrganisation(school.page);
  const foundationId = (
    (await (await fond.page.request.get('/api/profile')).json()) as { organisationId: number }
  ).organisationId;

  const event = {
    ...eventPayload({ title: unbroken(), totalSlots: 50, hours: 3 }),
    description: unbroken(),
    location: unbroken(),
    address: unbroken(),
    contactPersonName: unbroken(),
    contactPersonPhone: longPhone,
    contactPersonEmail: longEmail(),
    contactPersonTelegram: longLink('t.me'),
    contactPersonVk: longLink('vk.com'),
    requirements: unbroken(),
    skills: unbroken(),
    additionalInfo: unbroken(),
  };
  const eventIds: number[] = [];
  for (let index = 0; index < 4; index++) {
    // The last one today: the foundation completes it below, which it may do from the event's day on.
    const data = index === 3 ? { ...event, date: appToday() } : event;
    const response = await ok(await fond.page.request.post('/api/events', { data }));
    eventIds.push(((await response.json()) as { id: number }).id);
  }
  const application = {
    participantCount: 3,
    parentalConsent: true,
    contactPerson: unbroken(),
    contactPhone: longPhone,
    contactEmail: longEmail(),
    contactTelegram: longLink('t.me'),
    contactVk: longLink('vk.com'),
    applicationNote: unbroken(),
  };
  const applicationIds: number[] = [];
  for (const id of eventIds) {
    const response = await ok(
      await school.page.request.post(`/api/events/${id}/register`, { data: application }),
    );
    applicationIds.push(((await response.json()) as { id: number }).id);
  }
  const [approved, , rejected, completed] = applicationIds;
  const decide = (id: number | undefined, data: object) =>
    fond.page.request.patch(`/api/foundation/applications/${id}`, { data });
  await ok(await decide(approved, { action: 'approve' }));
  await ok(await decide(completed, { action: 'approve' }));
  await ok(await decide(rejected, { action: 'reject', rejectionReason: unbroken() }));
  await ok(await fond.page.request.patch(`/api/events/${eventIds[3]}`, { data: { status: 'completed' } }));

  await ok(
    await fond.page.request.post('/api/foundation/reports', {
      data: {
        eventTitle: unbroken(),
        eventDate: '2026-01-15',
        volunteersCount: 5,
        additionalInfo: unbroken(),
      },
    }),
  );
  const request = await ok(
    await fond.page.request.post('/api/volunteer-requests', {
      data: {
        title: unbroken(),
        description: unbroken(),
        eventDate: eventPayload({ title: 'x', totalSlots: 1, hours: 1 }).date,
        eventTime: '10:00',
        location: unbroken(),
        address: unbroken(),
        volunteersNeeded: 5,
        requirements: [unbroken()],
      },
    }),
  );
  const requestId = ((await request.json()) as { request: { id: number } }).request.id;
  const response = await ok(
    await school.page.request.post(`/api/volunteer-requests/${requestId}/respond`, {
      data: {
        volunteersOffered: 4,
        message: unbroken(),
        contactPerson: unbroken(),
        contactPhone: longPhone,
        contactEmail: longEmail(),
      },
    }),
  );
  const responseId = ((await response.json()) as { id: number }).id;
  await ok(
    await fond.page.request.put(`/api/school-responses/${responseId}`, {
      data: { status: 'accepted', processingNote: unbroken() },
    }),
  );
  return { school, fond, foundationId, eventId: eventIds[0] as number, requestId };
}

/** How far the page reaches past the window's width, and the widest element that does it. */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let culprit = '';
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > width + 1 && box.width > 0) {
        culprit = `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)}`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, culprit };
  });
}

/**
 * What shows that a page's data has arrived: a long value as text, a filled form, an open tab panel, or
 * for a filter a long value or the dashed note of a list the filter leaves empty (the scene has no
 * waitlisted or completed application to show under every filter).
 */
type Ready = 'text' | 'form' | 'tab' | 'heading' | 'filter';

async function expectNoSidewaysScroll(page: Page, where: string, failures: string[], ready: Ready = 'text') {
  // Wait until the long values have arrived; a spinner-only page would be trivially narrow.
  if (ready === 'form') await expect(page.locator('main input').first()).not.toHaveValue('');
  else if (ready === 'heading') await expect(page.locator('main h1').first()).toBeVisible();
  else if (ready === 'tab')
    await expect(page.locator('[role="tabpanel"][data-state="active"]').first()).toBeVisible();
  else if (ready === 'filter')
    await expect(
      page.locator('main').getByText(tag).or(page.locator('main p.border-dashed')).first(),
    ).toBeVisible();
  else await expect(page.locator('main').getByText(tag).first()).toBeVisible();
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
  const { scrollWidth, width, culprit } = await overflowOf(page);
  if (scrollWidth > width) failures.push(`${where}: ${scrollWidth} > ${width} (${culprit})`);
}

/**
 * Opens each tab of the page's tab list (or presses each filter button) and measures after each; the
 * controls are taken in order rather than by name, so renaming a tab does not hide a page from the walk.
 */
async function walkTabs(
  page: Page,
  where: string,
  failures: string[],
  control = '[role="tablist"] [role="tab"]',
) {
  await page.locator(control).first().waitFor();
  const count = await page.locator(control).count();
  for (let index = 0; index < count; index++) {
    const tab = page.locator(control).nth(index);
    const name = (await tab.textContent()) ?? String(index);
    await tab.click();
    await expectNoSidewaysScroll(
      page,
      `${where} → ${name}`,
      failures,
      control.includes('tab') ? 'tab' : 'filter',
    );
  }
}

// At a phone's width only, the narrowest the site supports: a laptop copy of this walk took as long and
// adds little (issue 52).
const viewport = viewports.phone;
test.describe(`phone ${viewport.width} px`, () => {
  test.use({ viewport });

  test('no page scrolls sideways with 200 unbroken characters in every text field', async ({
    browser,
    page,
  }) => {
    test.setTimeout(180_000);
    const scene = await buildScene(browser);
    const failures: string[] = [];
    const { school, fond } = scene;
    try {
      for (const organisation of [school, fond]) await organisation.page.setViewportSize(viewport);

      const publicPages = [
        `/events/${scene.eventId}`,
        `/foundations/${scene.foundationId}`,
        `/volunteer-requests/${scene.requestId}`,
      ];
      for (const url of publicPages) {
        await openPage(page, url);
        await expectNoSidewaysScroll(page, `visitor ${url}`, failures);
      }
      // The request page was wider than a phone even with an ordinary title (issue 22, item 10), for a
      // visitor and for a school that has not responded yet and so sees the response form.
      const demo = (await (await page.request.get('/api/volunteer-requests')).json()) as {
        request: { id: number };
      }[];
      const ordinary = demo.filter((item) => item.request.id !== scene.requestId).slice(0, 3);
      for (const [who, viewer] of [
        ['visitor', page],
        ['school', school.page],
      ] as const) {
        for (const { request } of ordinary) {
          await openPage(viewer, `/volunteer-requests/${request.id}`);
          await expectNoSidewaysScroll(
            viewer,
            `${who} /volunteer-requests/${request.id}`,
            failures,
            'heading',
          );
        }
      }

      const s = school.page;
      await openPage(s, '/dashboard');
      await walkTabs(s, 'school /dashboard', failures);
      await openPage(s, '/school-applications');
      await walkTabs(s, 'school /school-applications', failures);
      for (const url of [
        '/school-approved-applications',
        `/events/${scene.eventId}`,
        `/volunteer-requests/${scene.requestId}`,
        `/foundations/${scene.foundationId}`,
      ]) {
        await openPage(s, url);
        await expectNoSidewaysScroll(s, `school ${url}`, failures);
      }
      await openPage(s, '/dashboard/edit-profile');
      await expectNoSidewaysScroll(s, 'school /dashboard/edit-profile', failures, 'form');

      const f = fond.page;
      await openPage(f, '/dashboard');
      await walkTabs(f, 'foundation /dashboard', failures);
      await openPage(f, '/foundation-applications');
      await walkTabs(f, 'foundation /foundation-applications', failures, 'main button[aria-pressed]');
      for (const url of [
        '/foundation-approved-applications',
        `/foundation/event/${scene.eventId}`,
        `/dashboard/event/${scene.eventId}`,
        `/events/${scene.eventId}`,
        `/volunteer-requests/${scene.requestId}`,
        `/foundations/${scene.foundationId}`,
      ]) {
        await openPage(f, url);
        await expectNoSidewaysScroll(f, `foundation ${url}`, failures);
      }
      await openPage(f, '/dashboard/edit-profile');
      await expectNoSidewaysScroll(f, 'foundation /dashboard/edit-profile', failures, 'form');
    } finally {
      await removeAccounts(browser, school, fond);
    }
    expect(failures).toEqual([]);
  });
});

/** What the locator finds lies wholly on the first screen: nothing of it off to a side or below. */
async function expectOnFirstScreen(page: Page, what: string, target: Locator) {
  await expect(target, what).toBeVisible();
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${what}: левый край`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: правый край`).toBeLessThanOrEqual(viewport.width);
  expect(box.y, `${what}: верх`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: низ`).toBeLessThanOrEqual(viewport.height);
}

/** Issue 51, item 11: a phone's first screen of the dashboard and of the event page. */
test.describe('a phone’s first screen, 375 × 667', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('every dashboard tab and the Профиль dot are on the screen, the name wraps, and a school’s application is on the event page’s first screen', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const viewport = { width: 375, height: 667 };
    const school = await signUpOrganisation(browser, 'school');
    const fond = await signUpOrganisation(browser, 'foundation');
    try {
      const schoolName =
        'Государственное бюджетное общеобразовательное учреждение города Москвы «Школа № 1535»';
      await completeSchoolProfile(school.page, schoolName);
      await completeFoundationProfile(
        fond.page,
        'Благотворительный фонд помощи детям и природе «Зелёный город»',
      );
      // The moderator's approval leaves each of them a new notification: the Профиль tab shows its dot.
      await approveOrganisation(school.page);
      await approveOrganisation(fond.page);

      for (const [who, organisation, name] of [
        ['school', school, schoolName],
        ['foundation', fond, 'Благотворительный фонд помощи детям и природе «Зелёный город»'],
      ] as const) {
        const page = organisation.page;
        await page.setViewportSize(viewport);
        await openPage(page, '/dashboard');
        const tabs = page.getByRole('tablist', { name: 'Разделы личного кабинета' }).getByRole('tab');
        await expect(tabs).toHaveCount(7);
        for (const tab of await tabs.all()) {
          const label = `${who}: вкладка «${await tab.textContent()}»`;
          await expectOnFirstScreen(page, label, tab);
          // The label is not cut inside its button either.
          expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth), label).toBe(
            true,
          );
        }
        const profile = page.getByRole('tab', { name: /^Профиль/ });
        await expect(profile).toHaveAccessibleName(/есть новые уведомления$/);
        const dot = profile.locator('span').filter({ hasText: 'есть новые уведомления' }).first();
        await expectOnFirstScreen(page, `${who}: точка на вкладке «Профиль»`, dot);

        // The whole name is on the screen under the title, in as many lines as it needs, and nowhere cut.
        const shownNames = page.locator('main').getByText(name, { exact: true });
        await expectOnFirstScreen(page, `${who}: название`, shownNames.first());
        for (const shown of await shownNames.all()) {
          expect(
            await shown.evaluate((element) => element.scrollWidth <= element.clientWidth),
            `${who}: название не обрезано`,
          ).toBe(true);
        }
      }

      // A school opening an event on its phone sees how to take part without scrolling, and after
      // applying, its application's status in the same place.
      const eventId = await createEvent(fond.page, { title: 'Субботник в сквере', totalSlots: 20, hours: 2 });
      const s = school.page;
      await openPage(s, `/events/${eventId}`);
      const application = s.getByRole('region', { name: 'Регистрация' });
      await expectOnFirstScreen(
        s,
        'кнопка «Записаться»',
        application.getByRole('button', { name: 'Записаться' }),
      );
      await ok(
        await s.request.post(`/api/events/${eventId}/register`, {
          data: {
            participantCount: 3,
            parentalConsent: true,
            contactPerson: 'Елена Викторовна',
            contactPhone: '+7 (916) 555-44-33',
          },
        }),
      );
      await reloadPage(s);
      await expectOnFirstScreen(
        s,
        'статус заявки',
        application.getByText('Ожидает одобрения', { exact: true }),
      );
      await expectOnFirstScreen(
        s,
        'кнопка «Отменить заявку»',
        application.getByRole('button', { name: 'Отменить заявку' }),
      );
    } finally {
      await removeAccounts(browser, school, fond);
    }
  });
});
