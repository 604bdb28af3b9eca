// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventCities } from '../../../shared/events';
import { setApiTransport } from '../../api/client';
import { jsonAnswer, restoreApiTransport } from '../../test/fake-api';
import { eventSummary } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { EventsPage } from './events-page';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const catalogue = Array.from({ length: 30 }, (_, index) => eventSummary(index + 1));

describe('the /events page', () => {
  it('while the next page loads, keeps the cards on screen and the line that counts them', async () => {
    const user = userEvent.setup();
    const askedPages: string[] = [];
    let answerSecondPage = () => {};
    const secondPageHeld = new Promise<void>((resolve) => {
      answerSecondPage = resolve;
    });
    setApiTransport(async (path) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/events/cities') return jsonAnswer({ cities: [] } satisfies EventCities);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      askedPages.push(`${page}/${limit}`);
      if (page === 2) await secondPageHeld;
      return jsonAnswer(catalogue.slice((page - 1) * limit, page * limit), 200, {
        'X-Total-Count': String(catalogue.length),
      });
    });
    renderAt('/events', <EventsPage />, { route: '/events' });

    expect(await screen.findByText('Показано 1-12 из 30 мероприятий')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Следующая страница' }));
    await waitFor(() => expect(askedPages).toEqual(['1/12', '2/12']));

    // The first page's cards stay until the second page arrives, and so does the line that counts them.
    expect(screen.getByText('Показано 1-12 из 30 мероприятий')).toBeTruthy();
    expect(screen.queryByText(/Показано 13-/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Мероприятие № 1' })).toBeTruthy();

    answerSecondPage();
    expect(await screen.findByText('Показано 13-24 из 30 мероприятий')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Мероприятие № 13' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Мероприятие № 1' })).toBeNull();
  });
});
