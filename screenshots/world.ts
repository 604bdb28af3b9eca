import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  approveOrganisation,
  appToday,
  completeFoundationProfile,
  completeSchoolProfile,
  createEvent,
  eventPayload,
  type Organisation,
  signUpOrganisation,
} from '../e2e/support/organisations';
import { expect } from '../e2e/support/test';

/*
 * What the screens show: an approved foundation with events in every state, a volunteer request with a
 * school's response and a report; an approved school that applied to those events; a foundation
 * waiting for moderation. Built through the API as the browser tests build theirs. The journey runs on
 * a database of its own, so the names need no run suffix and nothing needs cleaning up.
 */

export const foundationName = 'Фонд «Добрые соседи»';
export const schoolName = 'Гимназия «Горизонт»';
export const waitingFoundationName = 'Фонд «Светлый берег»';
export const titles = {
  pending: 'Уборка сквера у пруда',
  approved: 'Мастер-класс по упаковке подарков',
  completed: 'Благотворительная ярмарка',
  open: 'Помощь в приюте для животных',
  request: 'Помочь с новогодней ярмаркой',
  openRequest: 'Собрать подарки для дома престарелых',
  report: 'Отчёт о весенней ярмарке',
};

export interface World {
  fond: Organisation;
  school: Organisation;
  waiting: Organisation;
  events: { pending: number; approved: number; completed: number; open: number };
  requestId: number;
  openRequestId: number;
}

async function expectOk(response: { ok(): boolean; status(): number; text(): Promise<string> }) {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
}

const inTwoWeeks = () => new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** An event with a real picture, so the screens show one next to the generated placeholders. */
async function createEventWithPicture(
  page: Page,
  values: { title: string; totalSlots: number; hours: number },
) {
  const picture = readFileSync(path.join(import.meta.dirname, '../e2e/fixtures/event.jpg'));
  const uploaded = await page.request.post('/api/images', {
    headers: { 'Content-Type': 'image/jpeg' },
    data: picture,
  });
  await expectOk(uploaded);
  const { id: imageId } = (await uploaded.json()) as { id: number };
  const created = await page.request.post('/api/events', { data: { ...eventPayload(values), imageId } });
  await expectOk(created);
  return ((await created.json()) as { id: number }).id;
}

async function applyFor(page: Page, eventId: number) {
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

export async function buildWorld(browser: Browser): Promise<World> {
  const fond = await signUpOrganisation(browser, 'foundation');
  await completeFoundationProfile(fond.page, foundationName);
  await approveOrganisation(fond.page);
  const events = {
    pending: await createEvent(fond.page, { title: titles.pending, totalSlots: 20, hours: 2 }),
    approved: await createEventWithPicture(fond.page, { title: titles.approved, totalSlots: 15, hours: 3 }),
    // Today: it is completed below, which a foundation may do from the event's day on.
    completed: await createEvent(fond.page, {
      title: titles.completed,
      totalSlots: 30,
      hours: 4,
      date: appToday(),
    }),
    open: await createEvent(fond.page, { title: titles.open, totalSlots: 10, hours: 2 }),
  };

  const school = await signUpOrganisation(browser, 'school');
  await completeSchoolProfile(school.page, schoolName);
  await approveOrganisation(school.page);
  for (const id of [events.pending, events.approved, events.completed]) await applyFor(school.page, id);

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

  // The administrator's moderation tab needs someone to decide on, with a profile to read.
  const waiting = await signUpOrganisation(browser, 'foundation');
  await completeFoundationProfile(waiting.page, waitingFoundationName);
  return { fond, school, waiting, events, requestId, openRequestId };
}
