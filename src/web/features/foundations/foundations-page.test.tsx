// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Direction } from '../../../shared/catalog';
import type { FoundationCard, FoundationList } from '../../../shared/foundations';
import { paginationOf } from '../../../shared/pagination';
import { setApiTransport } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { FoundationsPage } from './foundations-page';

afterEach(() => {
  cleanup();
  setApiTransport((path, init) => fetch(path, init));
});

function foundation(id: number, name: string, directions: Direction[]): FoundationCard {
  return {
    id,
    name,
    shortDescription: null,
    description: 'Помогаем городу',
    directions,
    location: null,
    logo: null,
    eventsCount: 0,
    moderationStatus: 'approved',
    verified: true,
  };
}

const catalogue: FoundationCard[] = [
  foundation(1, 'Фонд «Зелёный город»', ['ecology', 'education']),
  foundation(2, 'Фонд «Опора»', ['social']),
  foundation(3, 'Фонд «Старт»', ['sport']),
];

/**
 * GET /api/foundations as the server answers it: totalCount counts what matches, overallCount every
 * approved foundation (src/server/foundations/foundations.test.ts holds the server to that).
 */
function answerFoundations(path: string): FoundationList {
  const query = new URL(path, 'http://localhost').searchParams;
  const search = (query.get('search') ?? '').toLowerCase();
  const wanted = (query.get('directions') ?? '').split(',').filter(Boolean);
  const page = Number(query.get('page'));
  const limit = Number(query.get('limit'));
  const found = catalogue.filter(
    (item) =>
      item.name.toLowerCase().includes(search) &&
      (wanted.length === 0 || item.directions.some((direction) => wanted.includes(direction))),
  );
  return {
    foundations: found.slice((page - 1) * limit, page * limit),
    pagination: { ...paginationOf(page, limit, found.length), overallCount: catalogue.length },
  };
}

function renderPage() {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    return new Response(JSON.stringify(answerFoundations(path)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/foundations']}>
        <FoundationsPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return asked;
}

describe('the list of foundations', () => {
  it('counts what it found and what there is, for a direction chip too', async () => {
    const user = userEvent.setup();
    const asked = renderPage();
    expect(await screen.findByText('Найдено: 3')).toBeTruthy();
    expect(screen.getByText('Всего фондов: 3')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(asked).toEqual(['GET /api/foundations?page=1&limit=100']);

    const chips = screen.getByRole('group', { name: 'Направление' });
    await user.click(within(chips).getByRole('button', { name: 'Экология' }));
    expect(within(chips).getByRole('button', { name: 'Экология' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(chips).getByRole('button', { name: 'Все' }).getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('Найдено: 1')).toBeTruthy();
    expect(screen.getByText('Всего фондов: 3')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(asked.at(-1)).toBe('GET /api/foundations?directions=ecology&page=1&limit=100');
  });

  it('says «Найдено: 0» and «Фонды не найдены» for a search with no match, still counting them all', async () => {
    const user = userEvent.setup();
    const asked = renderPage();
    await screen.findByText('Найдено: 3');

    await user.type(screen.getByRole('searchbox', { name: 'Поиск фондов' }), 'zzq-нет-такого-фонда{Enter}');
    expect(await screen.findByText('Найдено: 0')).toBeTruthy();
    expect(screen.getByText('Всего фондов: 3')).toBeTruthy();
    expect(screen.getByText('Фонды не найдены')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(0));
    expect(asked.at(-1)).toBe(
      `GET /api/foundations?search=${encodeURIComponent('zzq-нет-такого-фонда')}&page=1&limit=100`,
    );
  });
});
