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
import { applyWithNote, decideAndPublish, expectOk } from '../e2e/support/working-areas';

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
  for (const id of [events.pending, events.approved, events.completed]) await applyWithNote(school.page, id);

  const { requestId, openRequestId } = await decideAndPublish(fond, school, events, titles);

  // The administrator's moderation tab needs someone to decide on, with a profile to read.
  const waiting = await signUpOrganisation(browser, 'foundation');
  await completeFoundationProfile(waiting.page, waitingFoundationName);
  return { fond, school, waiting, events, requestId, openRequestId };
}
