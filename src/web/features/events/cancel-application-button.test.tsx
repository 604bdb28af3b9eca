// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationState } from '../../../shared/applications';
import type { Session, SessionUser } from '../../../shared/auth';
import { commonErrors } from '../../../shared/errors';
import type { NotificationCheck } from '../../../shared/notifications';
import { setApiTransport } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { SiteLayout } from '../../components/layout/site-layout';
import { restoreApiTransport } from '../../test/fake-api';
import { eventDetail, schoolProfile } from '../../test/fixtures';
import { ApplicationCard } from './application-card';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const school: SessionUser = {
  id: 12,
  username: 'Лицей № 3',
  role: 'school',
  memberRole: 'owner',
  organisationId: 1,
};

const event = eventDetail(7, {
  title: 'Весенняя посадка деревьев',
  description: 'Сажаем липы вдоль набережной',
  date: '2099-04-18',
  remainingSlots: 15,
  participantsCount: 5,
  foundationId: 2,
  foundation: { id: 2, name: 'Фонд «Зелёный город»' },
  contactPersonName: null,
  contactPersonPhone: null,
});

const profile = schoolProfile({
  id: school.id,
  username: school.username,
  organisationId: 3,
  fullName: 'Лицей № 3',
  description: 'Школа в центре Москвы',
  email: 'licey3@example.ru',
  phone: '+7 (495) 123-45-67',
  address: 'Москва, ул. Пушкина, 1',
  location: 'Москва',
  contactPerson: 'Елена',
  registeredEvents: 1,
});

const pending: ApplicationState = {
  isRegistered: true,
  status: 'pending',
  applicationId: 30,
  participantCount: 5,
  waitlistPosition: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The event page's application card inside the site's header and footer, for a school with a pending
 * application. `session.ended` signs it out on the server's side (another tab, or the session expired):
 * from then on the API answers as it does for a visitor, 401 to a school's actions.
 */
function openEventPage() {
  const session = { ended: false };
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    if (path === '/api/session') return json({ user: session.ended ? null : school } satisfies Session);
    if (session.ended) return json({ message: commonErrors.unauthorized }, 401);
    if (path === '/api/notifications/check')
      return json({ hasNewNotifications: false } satisfies NotificationCheck);
    if (path === '/api/profile') return json(profile);
    if (path === `/api/events/${event.id}/application-status`) return json(pending);
    return json({ message: 'Не найдено' }, 404);
  });
  const router = createMemoryRouter(
    [
      {
        element: <SiteLayout />,
        children: [{ path: '/events/:id', element: <ApplicationCard event={event} /> }],
      },
    ],
    { initialEntries: [`/events/${event.id}`] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { session, asked };
}

describe('cancelling an application after the session ended', () => {
  it('asks to sign in, and the header and the card offer «Войти» instead of the account', async () => {
    const user = userEvent.setup();
    const { session, asked } = openEventPage();
    const card = screen.getByRole('region', { name: 'Регистрация' });
    const header = screen.getByRole('banner');
    // The button's code arrives on first use (application-card.tsx loads it lazily); until then a
    // disabled stand-in holds its place.
    const cancel = await waitFor(
      () => {
        const button = within(card).getByRole('button', { name: 'Отменить заявку' }) as HTMLButtonElement;
        expect(button.disabled).toBe(false);
        return button;
      },
      { timeout: 10_000 },
    );
    expect(within(header).getByRole('link', { name: 'Личный кабинет' })).toBeTruthy();

    session.ended = true;
    await user.click(cancel);
    const dialog = await screen.findByRole('alertdialog', { name: 'Отменить заявку?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отменить заявку' }));

    expect(await screen.findByText('Необходима авторизация')).toBeTruthy();
    expect(screen.getByText('Войдите в систему')).toBeTruthy();
    expect(asked).toContain(`POST /api/events/${event.id}/cancel-application`);
    await waitFor(() => expect(within(header).queryByRole('link', { name: 'Личный кабинет' })).toBeNull());
    expect(within(header).getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe(
      `/auth?next=${encodeURIComponent(`/events/${event.id}`)}`,
    );
    expect(within(card).getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe(
      `/auth?next=${encodeURIComponent(`/events/${event.id}#application`)}`,
    );
    expect(within(card).queryByRole('button', { name: 'Отменить заявку' })).toBeNull();
  });
});
