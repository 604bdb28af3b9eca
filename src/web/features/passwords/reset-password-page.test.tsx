// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordMessages, resetLinkCheckPath } from '../../../shared/passwords';
import { setApiTransport } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { ResetPasswordPage } from './reset-password-page';

const token = 'Q'.repeat(43);

afterEach(() => {
  cleanup();
  setApiTransport((path, init) => fetch(path, init));
});

/**
 * The page opened from the letter, the API answering the check as GET /api/password-reset-links/{token}
 * does (its own test, src/server/passwords/passwords.test.ts, holds the server to these answers).
 */
function openLink(status: number, message: string) {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    return new Response(JSON.stringify({ message }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[`/reset-password#${token}`]}>
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return asked;
}

describe('the page of a reset link', () => {
  it('says a used or expired link is no longer valid, offers a new one and shows no password field', async () => {
    const asked = openLink(404, passwordMessages.invalidLink);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Ссылка устарела или уже использована. Запросите новую.');
    expect(screen.getByRole('link', { name: 'Запросить новую ссылку' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('Новый пароль')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сохранить пароль' })).toBeNull();
    expect(asked).toEqual([`GET ${resetLinkCheckPath(token)}`]);
  });

  it('shows the form for an open link', async () => {
    openLink(200, passwordMessages.linkOpen);

    expect(await screen.findByLabelText('Новый пароль')).toBeTruthy();
    expect(screen.getByLabelText('Повторите новый пароль')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Сохранить пароль' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
