// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../shared/auth';
import { setApiTransport } from '../../api/client';
import { createQueryClient, sessionQueryKey } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { restoreApiTransport } from '../../test/fake-api';
import { SignUpCards } from './sign-up-cards';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/** The cards, GET /api/session answering `session`. */
function renderCards(session: Session) {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    return new Response(JSON.stringify(session), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const client = createQueryClient();
  render(
    <AppProviders queryClient={client}>
      <MemoryRouter>
        <SignUpCards />
      </MemoryRouter>
    </AppProviders>,
  );
  return { asked, client };
}

describe("the home page's sign-up cards", () => {
  it('offer a visitor sign-up as a foundation and as a school, each with its account type chosen', async () => {
    renderCards({ user: null });

    const join = await screen.findByRole('region', { name: 'Присоединяйтесь' });
    expect(within(join).getByRole('heading', { name: 'Я фонд' })).toBeTruthy();
    expect(within(join).getByRole('heading', { name: 'Я школа' })).toBeTruthy();
    expect(within(join).getByRole('link', { name: 'Зарегистрировать фонд' }).getAttribute('href')).toBe(
      '/auth?tab=register&role=foundation',
    );
    expect(within(join).getByRole('link', { name: 'Зарегистрировать школу' }).getAttribute('href')).toBe(
      '/auth?tab=register&role=school',
    );
  });

  it('are not shown to a signed-in school', async () => {
    const { asked, client } = renderCards({
      user: { id: 5, username: 'school_5', role: 'school', memberRole: 'owner', organisationId: 1 },
    });

    // Until the session is known nothing is shown either: wait for the answer before looking.
    await waitFor(() => expect(client.getQueryState(sessionQueryKey)?.status).toBe('success'));
    expect(asked).toEqual(['GET /api/session']);
    expect(screen.queryByRole('region', { name: 'Присоединяйтесь' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Зарегистрировать/ })).toBeNull();
  });
});
