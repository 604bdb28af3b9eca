// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginInput, Session, SessionUser } from '../../../shared/auth';
import { setApiTransport } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { restoreApiTransport } from '../../test/fake-api';
import { AuthPage } from './auth-page';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const school: SessionUser = {
  id: 41,
  username: 'school_41',
  role: 'school',
  memberRole: 'owner',
  organisationId: 1,
};
const password = 'secret123';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * /auth opened at `address` by a visitor who is not signed in. The API answers as the server does:
 * GET /api/session with no user, POST /api/login with the account when the password is right.
 */
function openAuth(address: string) {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    if (path === '/api/session') return json({ user: null } satisfies Session);
    if (path === '/api/login' && init.method === 'POST') {
      const input = JSON.parse(String(init.body)) as LoginInput;
      return input.username === school.username && input.password === password
        ? json(school)
        : json({ message: 'Неверное имя пользователя или пароль' }, 401);
    }
    return json({ message: 'Не найдено' }, 404);
  });
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '*', element: <p>Другая страница</p> },
    ],
    { initialEntries: [address] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const address_ = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { asked, address: address_ };
}

const radio = (label: 'Школа' | 'Фонд') =>
  screen.getByRole('radio', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Имя пользователя'), school.username);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

describe('the sign-in and sign-up page', () => {
  it('opens sign-up with «Школа» chosen for role=school', async () => {
    openAuth('/auth?tab=register&role=school');

    expect((await screen.findByRole('tab', { name: 'Регистрация' })).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(radio('Школа').checked).toBe(true);
    expect(radio('Фонд').checked).toBe(false);
  });

  it('opens sign-up with «Фонд» chosen for role=foundation, and for a role nobody may sign up as', async () => {
    openAuth('/auth?tab=register&role=foundation');
    await screen.findByRole('tab', { name: 'Регистрация' });
    expect(radio('Фонд').checked).toBe(true);
    expect(radio('Школа').checked).toBe(false);
    cleanup();

    openAuth('/auth?tab=register&role=admin');
    await screen.findByRole('tab', { name: 'Регистрация' });
    expect(radio('Фонд').checked).toBe(true);
    expect(radio('Школа').checked).toBe(false);
  });

  it('keeps the chosen account type when the visitor switches from sign-in to sign-up', async () => {
    const user = userEvent.setup();
    const { address } = openAuth('/auth?tab=login&role=school');

    await user.click(await screen.findByRole('tab', { name: 'Регистрация' }));
    expect(screen.getByRole('tab', { name: 'Регистрация' }).getAttribute('aria-selected')).toBe('true');
    expect(address()).toBe('/auth?tab=register&role=school');
    expect(radio('Школа').checked).toBe(true);
  });

  it('returns to the protected page that asked for the sign-in, with its query', async () => {
    const user = userEvent.setup();
    const { asked, address } = openAuth(
      `/auth?next=${encodeURIComponent('/dashboard/edit-profile?from=mail')}`,
    );

    await signIn(user);
    await waitFor(() => expect(address()).toBe('/dashboard/edit-profile?from=mail'));
    expect(await screen.findByText('Добро пожаловать, school_41!')).toBeTruthy();
    expect(asked).toContain('POST /api/login');
  });

  it('sends the visitor to the home page when next names another site', async () => {
    const user = userEvent.setup();
    const { address } = openAuth(`/auth?next=${encodeURIComponent('//evil.example/steal')}`);

    await signIn(user);
    await waitFor(() => expect(address()).toBe('/'));
    expect(screen.getByText('Другая страница')).toBeTruthy();
  });
});
