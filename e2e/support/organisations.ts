import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request,
} from '@playwright/test';

/** The server playwright.config.ts starts; every extra browser context needs it as its base. */
export const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3199}`;

let counter = 0;
/** Usernames unique across runs on the same database and across calls within a millisecond. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface Organisation {
  context: BrowserContext;
  page: Page;
  userId: number;
}

/** Signs the page's browser context up as a school or foundation through the API; answers the user id. */
export async function registerAccount(page: Page, role: 'school' | 'foundation'): Promise<number> {
  const response = await page.request.post('/api/register', {
    data: { username: uniqueName(role), password: 'secret123', role },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A browser context of its own, signed up as a school or foundation (the UI has its own tests). */
export async function signUpOrganisation(
  browser: Browser,
  role: 'school' | 'foundation',
): Promise<Organisation> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page, userId: await registerAccount(page, role) };
}

/**
 * The administrator's API session, signed in once per worker: seventy journeys approve an organisation,
 * and a session of its own for each approval was a context and a sign-in each.
 */
let adminSession: Promise<APIRequestContext> | undefined;

async function signInAdmin(): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL });
  const login = await admin.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(login.ok()).toBe(true);
  return admin;
}

/**
 * The moderator's decision on the account signed in on `page`, made through the API as the administrator
 * would make it. Only a complete profile can be approved: an incomplete one is completed first, and a
 * journey that then saves a profile of its own keeps the approval.
 */
export async function approveOrganisation(page: Page) {
  const profile = await page.request.get('/api/profile');
  expect(profile.ok()).toBe(true);
  const { id, role, isProfileComplete } = (await profile.json()) as {
    id: number;
    role: string;
    isProfileComplete: boolean;
  };
  if (!isProfileComplete) {
    if (role === 'school') await completeSchoolProfile(page);
    else await completeFoundationProfile(page);
  }
  const decide = async () => {
    adminSession ??= signInAdmin();
    return (await adminSession).patch(`/api/admin/organizations/${id}/moderate`, {
      data: { status: 'approved' },
    });
  };
  let decision = await decide();
  // The administrator's journey changes the password, which ends every other session of the account.
  if (decision.status() === 401) {
    adminSession = undefined;
    decision = await decide();
  }
  expect(decision.ok()).toBe(true);
}

/** A complete school profile, so the profile gate lets the school into its working area. */
export async function completeSchoolProfile(page: Page, fullName = 'Лицей № 1535') {
  const response = await page.request.patch('/api/profile', {
    data: {
      username: uniqueName('school'),
      fullName,
      schoolType: 'state',
      description: 'Лицей с сильной волонтёрской командой старшеклассников.',
      address: 'Москва, ул. Усачёва, д. 50',
      phone: '+7 (499) 245-12-12',
      email: 'lyceum@example.org',
    },
  });
  expect(response.ok()).toBe(true);
}

export const foundationContacts = { phone: '+7 (495) 123-45-67', email: 'fond@example.org' };

export async function completeFoundationProfile(page: Page, fullName = 'Фонд «Проверка заявок»') {
  const response = await page.request.patch('/api/profile', {
    data: {
      username: uniqueName('fond'),
      fullName,
      description: 'Фонд для проверки рассмотрения заявок школ.',
      address: 'Москва, ул. Лесная, д. 12, офис 4',
      directions: ['social'],
      ...foundationContacts,
    },
  });
  expect(response.ok()).toBe(true);
}

/** A school of its own, approved by the moderator, whose profile names it `fullName`. */
export async function approvedSchool(browser: Browser, fullName: string): Promise<Organisation> {
  const school = await signUpOrganisation(browser, 'school');
  await approveOrganisation(school.page);
  await completeSchoolProfile(school.page, fullName);
  return school;
}

/** A foundation of its own, approved by the moderator, whose profile names it `fullName`. */
export async function approvedFoundation(browser: Browser, fullName: string): Promise<Organisation> {
  const foundation = await signUpOrganisation(browser, 'foundation');
  await approveOrganisation(foundation.page);
  await completeFoundationProfile(foundation.page, fullName);
  return foundation;
}

/** The application form's confirmation of the parents' written consent for pupils under 14. */
export const parentalConsentLabel = /письменные согласия родителей/;

/**
 * Today in the server's time zone (APP_TIMEZONE, Europe/Moscow by default): an event on this day may be
 * completed, one later may not yet.
 */
export const appToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: process.env.APP_TIMEZONE || 'Europe/Moscow' }).format(
    new Date(),
  );

interface EventValues {
  title: string;
  totalSlots: number;
  hours: number;
  /** yyyy-MM-dd; ten days ahead unless told (appToday() for an event that may be completed). */
  date?: string;
}

/** The body of an event ten days ahead (or on `date`), as the event form sends it. */
export function eventPayload(values: EventValues) {
  const inTenDays = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return {
    description: 'Мероприятие, на которое школы подают заявки.',
    date: inTenDays,
    startTime: '10:00',
    // From 10:00 for two hours, or as many as it credits: an event credits at most its length.
    endTime: `${10 + Math.max(2, values.hours)}:00`,
    location: 'Москва, парк Горького',
    activityType: 'social',
    minParticipants: 1,
    contactPersonName: 'Наталья',
    contactPersonPhone: '+7 (495) 987-65-43',
    contactPersonEmail: 'natalia@example.org',
    ...values,
  };
}

/** An event ten days ahead (or on `date`), created by the signed-in foundation; answers its id. */
export async function createEvent(page: Page, values: EventValues) {
  const response = await page.request.post('/api/events', { data: eventPayload(values) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
