import { type Browser, expect, type Page } from '@playwright/test';
import { approvedSchool, type Organisation } from './organisations';

/** The signed-in school's application for `pupils` pupils to an event; answers the application's id. */
export async function applyForEvent(page: Page, eventId: number, pupils: number): Promise<number> {
  const applied = await page.request.post(`/api/events/${eventId}/register`, {
    data: {
      participantCount: pupils,
      contactPerson: 'Елена Викторовна',
      contactPhone: '+7 (499) 245-12-12',
      parentalConsent: true,
    },
  });
  expect(applied.status()).toBe(201);
  return ((await applied.json()) as { id: number }).id;
}

/** The signed-in foundation's approval of an application to one of its events. */
export async function approveApplication(page: Page, applicationId: number) {
  const approved = await page.request.patch(`/api/foundation/applications/${applicationId}`, {
    data: { action: 'approve' },
  });
  expect(approved.ok()).toBe(true);
}

/** An approved school named `name` that applied for `pupils`. */
export async function schoolThatApplied(browser: Browser, eventId: number, name: string, pupils: number) {
  const school = await approvedSchool(browser, name);
  return { school, applicationId: await applyForEvent(school.page, eventId, pupils) };
}

/** A school of its own whose application for `pupils` the foundation has approved. */
export async function schoolWithApprovedApplication(
  browser: Browser,
  foundation: Organisation,
  eventId: number,
  name: string,
  pupils: number,
) {
  const applied = await schoolThatApplied(browser, eventId, name, pupils);
  await approveApplication(foundation.page, applied.applicationId);
  return applied;
}
