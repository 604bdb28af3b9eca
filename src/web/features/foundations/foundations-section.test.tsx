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
import { FoundationsSection } from './foundations-section';

afterEach(() => {
  cleanup();
  setApiTransport((path, init) => fetch(path, init));
});

function foundation(id: number, name: string, directions: Direction[]): FoundationCard {
  return {
    id,
    name,
    shortDescription: `Фонд номер ${id}`,
    description: null,
    directions,
    location: 'Москва',
    logo: null,
    eventsCount: 2,
    moderationStatus: 'approved',
    verified: true,
  };
}

/** Eight approved foundations, two of them working in art. */
const catalogue: FoundationCard[] = [
  foundation(1, 'Фонд «Зелёный город»', ['ecology']),
  foundation(2, 'Фонд «Краски детства»', ['art']),
  foundation(3, 'Фонд «Опора»', ['social']),
  foundation(4, 'Фонд «Старт»', ['sport']),
  foundation(5, 'Фонд «Театр для всех»', ['art', 'culture']),
  foundation(6, 'Фонд «Знание»', ['education']),
  foundation(7, 'Фонд «Здоровье»', ['health']),
  foundation(8, 'Фонд «Чистый берег»', ['ecology']),
];

/** GET /api/foundations as the server answers it: filtered by search and directions, one page of them. */
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

function renderSection() {
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
      <MemoryRouter initialEntries={['/']}>
        <FoundationsSection />
      </MemoryRouter>
    </AppProviders>,
  );
  return { asked, section: screen.getByRole('region', { name: 'Фонды' }) };
}

describe("the home page's foundations section", () => {
  it('changes nothing until «Применить», then shows the foundations in art only', async () => {
    const user = userEvent.setup();
    const { asked, section } = renderSection();
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(6));
    expect(asked).toEqual(['GET /api/foundations?page=1&limit=6']);

    await user.click(within(section).getByRole('checkbox', { name: 'Искусство' }));
    await user.click(within(section).getByRole('button', { name: '18+' }));
    expect(within(section).getByRole('button', { name: '18+' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(section).getByRole('button', { name: 'Все' }).getAttribute('aria-pressed')).toBe('false');
    // Ticked, but not applied: the same six cards, and nothing asked.
    expect(within(section).getAllByRole('article')).toHaveLength(6);
    expect(asked).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Все' }));
    await user.click(within(section).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(2));
    expect(asked.at(-1)).toBe('GET /api/foundations?directions=art&page=1&limit=6');
    expect(within(section).getByRole('heading', { name: 'Фонд «Краски детства»' })).toBeTruthy();
    expect(within(section).getByRole('heading', { name: 'Фонд «Театр для всех»' })).toBeTruthy();
  });

  it('says «Фонды не найдены» for a search with no match, and «Сбросить фильтры» clears it all', async () => {
    const user = userEvent.setup();
    const { asked, section } = renderSection();
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(6));

    await user.click(within(section).getByRole('checkbox', { name: 'Искусство' }));
    await user.type(within(section).getByRole('searchbox', { name: 'Поиск фондов' }), 'zzq-нет-такого-фонда');
    await user.click(within(section).getByRole('button', { name: 'Найти' }));
    expect(await within(section).findByText('Фонды не найдены')).toBeTruthy();
    expect(within(section).queryAllByRole('article')).toHaveLength(0);
    expect(asked.at(-1)).toBe(
      `GET /api/foundations?search=${encodeURIComponent('zzq-нет-такого-фонда')}&directions=art&page=1&limit=6`,
    );

    await user.click(within(section).getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(6));
    expect((within(section).getByRole('checkbox', { name: 'Искусство' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((within(section).getByRole('searchbox', { name: 'Поиск фондов' }) as HTMLInputElement).value).toBe(
      '',
    );
    expect(within(section).queryByText('Фонды не найдены')).toBeNull();
    expect(asked.at(-1)).toBe('GET /api/foundations?page=1&limit=6');
  });
});
