import type { APIResponse, Page } from '@playwright/test';
import { viewports } from './support/axe';
import { openPage } from './support/navigation';
import {
  approveOrganisation,
  eventPayload,
  type Organisation,
  signUpOrganisation,
  uniqueName,
} from './support/organisations';
import { expect, test } from './support/test';

/**
 * Issue 22, items 10, 14 and 16: no page scrolls sideways with long unbroken values, the contact
 * person of each side reaches the other, and every phone and e-mail is a labelled link.
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

interface Scene {
  school: Organisation;
  fond: Organisation;
  foundationId: number;
  eventId: number;
  requestId: number;
}

/** A foundation and a school whose every text field is 200 unbroken characters, with every kind of application. */
async function buildScene(browser: Parameters<typeof signUpOrganisation>[0]): Promise<Scene> {
  const fond = await signUpOrganisation(browser, 'foundation');
  const school = await signUpOrganisation(browser, 'school');
  await ok(
    await fond.page.request.patch('/api/profile', { data: { ...longProfile(), directions: ['social'] } }),
  );
  await ok(
    await school.page.request.patch('/api/profile', { data: { ...longProfile(), schoolType: 'state' } }),
  );
  await approveOrganisation(browser, fond.userId);
  await approveOrganisation(browser, school.userId);
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
    const response = await ok(await fond.page.request.post('/api/events', { data: event }));
    eventIds.push(((await response.json()) as { id: number }).id);
  }
  const application = {
    participantCount: 3,
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

/** What shows that a page's data has arrived: a long value as text, a filled form, or an open tab panel. */
type Ready = 'text' | 'form' | 'tab';

async function expectNoSidewaysScroll(page: Page, where: string, failures: string[], ready: Ready = 'text') {
  // Wait until the long values have arrived; a spinner-only page would be trivially narrow.
  if (ready === 'form') await expect(page.locator('main input').first()).not.toHaveValue('');
  else if (ready === 'tab')
    await expect(page.locator('[role="tabpanel"][data-state="active"]').first()).toBeVisible();
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
      control.includes('tab') ? 'tab' : 'text',
    );
  }
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`${name} ${viewport.width} px`, () => {
    test.use({ viewport });

    test('no page scrolls sideways with 200 unbroken characters in every text field', async ({
      browser,
      page,
    }) => {
      test.setTimeout(180_000);
      const scene = await buildScene(browser);
      const failures: string[] = [];
      const { school, fond } = scene;
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

      const s = school.page;
      await openPage(s, '/dashboard');
      await walkTabs(s, 'school /dashboard', failures);
      for (const url of ['/school-applications', '/school-applications-old']) {
        await openPage(s, url);
        await walkTabs(s, `school ${url}`, failures);
      }
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

      expect(failures).toEqual([]);
      await school.context.close();
      await fond.context.close();
    });
  });
}
