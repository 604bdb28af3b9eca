import { expect, type Page } from '@playwright/test';
import type { Organisation } from './organisations';

/*
 * The working areas filled in as a school and a foundation use them, which both the accessibility walk
 * (e2e/accessibility.spec.ts) and the screenshots (screenshots/world.ts) need on screen: decided and
 * pending applications, a completed event, volunteer requests with and without a response, a report.
 */

/** A set-up request's check that, when it fails, says what the server answered. */
export async function expectOk(response: { ok(): boolean; status(): number; text(): Promise<string> }) {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
}

/** The signed-in school's application with every field filled in, a note to the foundation too. */
export async function applyWithNote(page: Page, eventId: number) {
  await expectOk(
    await page.request.post(`/api/events/${eventId}/register`, {
      data: {
        participantCount: 3,
        contactPerson: 'Анна Петровна',
        contactPhone: '+7 (495) 111-22-33',
        contactEmail: 'anna@example.org',
        applicationNote: 'Придут ученики 9 «Б»',
        parentalConsent: true,
      },
    }),
  );
}

const inTwoWeeks = () => new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A volunteer request of the signed-in foundation, two weeks ahead; answers its id. */
async function publishRequest(page: Page, title: string) {
  const created = await page.request.post('/api/volunteer-requests', {
    data: {
      title,
      description: 'Нужны старшеклассники, чтобы расставить столы и помочь гостям ярмарки.',
      eventDate: inTwoWeeks(),
      eventTime: '11:00',
      location: 'Москва, ул. Лесная, д. 12',
      volunteersNeeded: 8,
      requirements: ['Удобная одежда'],
    },
  });
  await expectOk(created);
  return ((await created.json()) as { request: { id: number } }).request.id;
}

/**
 * The foundation's answer to the school's applications and what it publishes next: every application
 * but the one to `events.pending` approved, `events.completed` completed, two volunteer requests (the
 * school responds to the first) and a report. Answers the requests' ids.
 */
export async function decideAndPublish(
  fond: Organisation,
  school: Organisation,
  events: { pending: number; completed: number },
  titles: { request: string; openRequest: string; report: string },
) {
  const listed = await fond.page.request.get('/api/foundation/applications?status=pending');
  await expectOk(listed);
  const { applications } = (await listed.json()) as {
    applications: { id: number; event: { id: number } }[];
  };
  for (const application of applications) {
    if (application.event.id === events.pending) continue;
    await expectOk(
      await fond.page.request.patch(`/api/foundation/applications/${application.id}`, {
        data: { action: 'approve' },
      }),
    );
  }
  await expectOk(
    await fond.page.request.patch(`/api/events/${events.completed}`, { data: { status: 'completed' } }),
  );

  const requestId = await publishRequest(fond.page, titles.request);
  const openRequestId = await publishRequest(fond.page, titles.openRequest);
  await expectOk(
    await school.page.request.post(`/api/volunteer-requests/${requestId}/respond`, {
      data: { volunteersOffered: 5, message: 'Придут пятеро из 10 «А»', contactPerson: 'Анна Петровна' },
    }),
  );
  await expectOk(
    await fond.page.request.post('/api/foundation/reports', {
      data: {
        eventTitle: titles.report,
        eventDate: '2026-03-01',
        volunteersCount: 12,
        additionalInfo: 'Собрали 40 000 рублей',
      },
    }),
  );
  return { requestId, openRequestId };
}
