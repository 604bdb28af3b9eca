// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session, SessionUser } from '../../../shared/auth';
import { type InvitationLink, invitationLinkCheckPath, teamMessages } from '../../../shared/team';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { SiteLayout } from '../../components/layout/site-layout';
import { type FakeRoutes, fakeApi, jsonAnswer, restoreApiTransport } from '../../test/fake-api';
import { InvitePage } from './invite-page';

const token = 'Q'.repeat(43);

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/** The toast's view loads its code with the first toast (toast.tsx): on a busy machine that takes seconds. */
const toastWait = { timeout: 10_000 };

const open: InvitationLink = {
  organisationName: 'Гимназия № 1543',
  organisationKind: 'school',
  role: 'coordinator',
  email: 'teacher@school1543.ru',
};

/**
 * The page opened from the letter, in the site's layout (so with its header), the API answering the check
 * as GET /api/invitation-links/{token} does (src/server/team/team.test.ts holds the server to it) and the
 * rest as `routes` say; the dashboard stands for itself with its heading.
 */
function openLink(check: () => Response, routes: FakeRoutes = {}) {
  const api = fakeApi({
    'GET /api/session': () => jsonAnswer({ user: null } satisfies Session),
    [`GET ${invitationLinkCheckPath(token)}`]: check,
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[`/invite#${token}`]}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route path="/invite" element={<InvitePage />} />
            <Route path="/dashboard" element={<h1>Панель управления школы</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return api;
}

describe('the page of an invitation link', () => {
  it.each([
    ['used', 410, teamMessages.linkUsed],
    ['expired', 410, teamMessages.linkExpired],
    ['revoked', 410, teamMessages.linkRevoked],
    ['unknown', 404, teamMessages.linkInvalid],
  ])(
    'says a %s link cannot be accepted, offers signing in and shows no form',
    async (_kind, status, message) => {
      const { asked } = openLink(() => jsonAnswer({ message }, status));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(message);
      const main = within(screen.getByRole('main'));
      expect(main.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/auth');
      expect(main.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
      expect(screen.queryByLabelText('Имя пользователя')).toBeNull();
      expect(screen.queryByLabelText('Пароль')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Принять приглашение' })).toBeNull();
      expect(asked.filter((request) => request.includes('invitation'))).toEqual([
        `GET ${invitationLinkCheckPath(token)}`,
      ]);
    },
  );

  it('says who invites as what, and accepting signs the new account in and opens the dashboard', async () => {
    const user = userEvent.setup();
    const created: SessionUser = {
      id: 42,
      username: 'maria.teacher',
      role: 'school',
      memberRole: 'coordinator',
      organisationId: 1,
    };
    const { requests } = openLink(() => jsonAnswer(open), {
      'POST /api/invitations/accept': () => jsonAnswer(created, 201),
    });

    expect(
      await screen.findByText('Вас приглашают в команду «Гимназия № 1543» как координатора.'),
    ).toBeTruthy();
    expect(screen.getByText('Приглашение отправлено на teacher@school1543.ru.')).toBeTruthy();
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Войти' })).toBeTruthy();

    await user.type(screen.getByLabelText('Имя пользователя'), 'maria.teacher');
    await user.type(screen.getByLabelText('Пароль'), 'secret-42');
    await user.type(screen.getByLabelText('Повторите пароль'), 'secret-4');
    await user.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(await screen.findByText('Пароли не совпадают')).toBeTruthy();
    expect(requests.filter(({ method }) => method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Повторите пароль'), '2');
    await user.click(screen.getByRole('button', { name: 'Принять приглашение' }));

    expect(await screen.findByRole('heading', { name: 'Панель управления школы' })).toBeTruthy();
    expect(requests.filter(({ method }) => method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/invitations/accept',
        body: { token, username: 'maria.teacher', password: 'secret-42', confirmPassword: 'secret-42' },
      },
    ]);
    expect(header.getByRole('link', { name: 'Личный кабинет' })).toBeTruthy();
    expect(header.queryByRole('link', { name: 'Войти' })).toBeNull();
    expect(
      (await screen.findAllByText('Добро пожаловать в команду «Гимназия № 1543»!', {}, toastWait)).length,
    ).toBeGreaterThan(0);
  });

  it('says at the name field when the name is taken, and keeps the form', async () => {
    const user = userEvent.setup();
    openLink(() => jsonAnswer({ ...open, role: 'viewer' }), {
      'POST /api/invitations/accept': () =>
        jsonAnswer({ message: 'Пользователь с таким именем уже существует' }, 409),
    });

    expect(
      await screen.findByText('Вас приглашают в команду «Гимназия № 1543» как наблюдателя.'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Имя пользователя'), 'irina');
    await user.type(screen.getByLabelText('Пароль'), 'secret-42');
    await user.type(screen.getByLabelText('Повторите пароль'), 'secret-42');
    await user.click(screen.getByRole('button', { name: 'Принять приглашение' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Пользователь с таким именем уже существует');
    expect(screen.getByLabelText('Имя пользователя').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Принять приглашение' })).toBeTruthy();
  });
});
