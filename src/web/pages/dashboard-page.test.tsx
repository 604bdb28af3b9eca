// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageAnswer } from '../../shared/answers';
import type { Session } from '../../shared/auth';
import type { CalendarFeed } from '../../shared/calendars';
import type { JournalPage } from '../../shared/journal';
import type { NotificationSettings } from '../../shared/notification-settings';
import type { NotificationCheck, NotificationItem } from '../../shared/notifications';
import { paginationOf } from '../../shared/pagination';
import type { MemberRole } from '../../shared/roles';
import { setApiTransport } from '../api/client';
import { SiteLayout } from '../components/layout/site-layout';
import { restoreApiTransport } from '../test/fake-api';
import { gymnasium1543, schoolProfile } from '../test/fixtures';
import { renderAt } from '../test/render';
import { DashboardPage } from './dashboard-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  restoreApiTransport();
});

/**
 * The page asks for the session, the profile and the check in turn, and the toast's view loads its code with
 * the first toast (toast.tsx): on a busy machine either takes seconds.
 */
const slowWait = { timeout: 10_000 };

/** An approved school with a complete profile. */
const school = schoolProfile({
  ...gymnasium1543,
  moderatedAt: '2026-03-02T09:00:00.000Z',
  notificationsReadAt: '2026-03-02T09:05:00.000Z',
  fullName: 'Гимназия № 1543',
  description: 'Школа с волонтёрским отрядом из 120 учеников.',
  email: 'school@example.org',
  phone: '+7 (495) 433-16-44',
  address: 'Москва, ул. 26 Бакинских Комиссаров, д. 3',
  contactPerson: null,
  registeredEvents: 1,
});

const approval: NotificationItem = {
  id: 5,
  kind: 'application_approved',
  text: 'Заявка на «Уборка сквера у школы» одобрена',
  link: null,
  createdAt: '2026-03-10T09:00:00.000Z',
  isNew: true,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The school's dashboard in the site's layout (so with its header), the API answering as the server does.
 * `news.arrived` is what /api/notifications/check answers; a successful mark-read turns it off, as the
 * server's does; `markRead` is the status mark-read answers; `memberRole` is the signed-in person's place in
 * the school's team.
 */
function openDashboard(news: { arrived: boolean }, markRead = 200, memberRole: MemberRole = 'owner') {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    switch (`${init.method} ${path}`) {
      case 'GET /api/session':
        return json({
          user: {
            id: school.id,
            username: school.username,
            role: 'school',
            memberRole,
            organisationId: 1,
          },
        } satisfies Session);
      case 'GET /api/profile':
        return json(school);
      case 'GET /api/notifications/check':
        return json({ hasNewNotifications: news.arrived } satisfies NotificationCheck);
      case 'GET /api/notifications':
        return json([{ ...approval, isNew: news.arrived }] satisfies NotificationItem[]);
      case 'POST /api/notifications/mark-read':
        if (markRead !== 200) return json({}, markRead);
        news.arrived = false;
        return json({ message: 'Уведомления прочитаны' } satisfies MessageAnswer);
      case 'GET /api/calendar-feed':
        return json({ url: null } satisfies CalendarFeed);
      case 'GET /api/notification-settings':
        return json({
          email: school.email,
          kinds: [{ kind: 'reminders', enabled: true }],
        } satisfies NotificationSettings);
      case 'GET /api/organisation/journal':
        return json({
          entries: [
            {
              id: 1,
              at: '2026-03-10T09:00:00.000Z',
              kind: 'team.member_joined',
              actor: { name: 'petr', role: 'coordinator', organisationName: 'Гимназия № 1543' },
              eventId: null,
              eventTitle: null,
              applicationId: null,
              before: null,
              after: { member: 'petr', role: 'coordinator' },
            },
          ],
          pagination: paginationOf(1, 20, 1),
        } satisfies JournalPage);
      default:
        return json({ message: 'Не найдено' }, 404);
    }
  });
  renderAt('/dashboard', <DashboardPage />, { route: '/dashboard', layout: <SiteLayout /> });
  return asked;
}

const profileTab = () => screen.getByRole('tab', { name: /^Профиль/ });
const withDot = /^Профиль\s*, есть новые уведомления$/;
const headerDot = () => within(screen.getByRole('banner')).queryByText('Есть новые уведомления');
const markReads = (asked: string[]) =>
  asked.filter((request) => request === 'POST /api/notifications/mark-read');

describe("the school's dashboard and the site's header", () => {
  it('light the Профиль tab and the header when a notification arrives, and opening the tab marks it read', async () => {
    // The check is polled every 30 s: the clock jumps there instead of the test waiting.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const news = { arrived: false };
    const asked = openDashboard(news);

    expect(await screen.findByRole('heading', { name: 'Панель управления школы' }, slowWait)).toBeTruthy();
    await waitFor(() => expect(asked).toContain('GET /api/notifications/check'), slowWait);
    expect(profileTab().textContent).toBe('Профиль');
    expect(headerDot()).toBeNull();

    news.arrived = true;
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    await waitFor(() => expect(screen.getByRole('tab', { name: withDot })).toBeTruthy(), slowWait);
    expect(headerDot()).not.toBeNull();
    expect(markReads(asked)).toEqual([]);

    await user.click(profileTab());
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Профиль' })).toBeTruthy(), slowWait);
    expect(headerDot()).toBeNull();
    expect(markReads(asked)).toHaveLength(1);
    expect(await within(screen.getByRole('tabpanel')).findByText(approval.text, {}, slowWait)).toBeTruthy();
  });

  it('says so in Russian when marking read fails, and keeps both dots', async () => {
    const user = userEvent.setup();
    const asked = openDashboard({ arrived: true }, 500);

    expect(await screen.findByRole('tab', { name: withDot }, slowWait)).toBeTruthy();
    expect(headerDot()).not.toBeNull();
    await user.click(profileTab());

    expect(
      (await screen.findAllByText('Не удалось отметить уведомления как прочитанные', {}, slowWait)).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: withDot })).toBeTruthy();
    expect(headerDot()).not.toBeNull();
    // Tried once: the failure does not send the page round asking again.
    expect(markReads(asked)).toHaveLength(1);
  });
});

describe("the «Журнал» tab of the school's dashboard", () => {
  const tabNames = () =>
    within(screen.getByRole('tablist', { name: 'Разделы личного кабинета' }))
      .getAllByRole('tab')
      .map((tab) => tab.textContent);

  it('is there for an owner after «Команда», and shows who did what', async () => {
    const user = userEvent.setup();
    openDashboard({ arrived: false });

    await screen.findByRole('heading', { name: 'Панель управления школы' }, slowWait);
    await waitFor(
      () =>
        expect(tabNames()).toEqual([
          'Мероприятия',
          'Мои заявки',
          'Архив',
          'Часы',
          'Команда',
          'Журнал',
          'Профиль',
        ]),
      slowWait,
    );
    await user.click(screen.getByRole('tab', { name: 'Журнал' }));
    const panel = within(screen.getByRole('tabpanel'));
    const joined = await panel.findByRole('article', { name: 'Новый участник команды' }, slowWait);
    expect(within(joined).getByText('petr (координатор)')).toBeTruthy();
  });

  it('is not there for a coordinator, who keeps six tabs', async () => {
    const asked = openDashboard({ arrived: false }, 200, 'coordinator');

    await screen.findByRole('heading', { name: 'Панель управления школы' }, slowWait);
    // The check is asked for once the session has come: the tabs are drawn with the person's role by then.
    await waitFor(() => expect(asked).toContain('GET /api/notifications/check'), slowWait);
    expect(tabNames()).toEqual(['Мероприятия', 'Мои заявки', 'Архив', 'Часы', 'Команда', 'Профиль']);
    expect(screen.queryByRole('tab', { name: 'Журнал' })).toBeNull();
    expect(asked.filter((request) => request.includes('/journal'))).toEqual([]);
  });
});
