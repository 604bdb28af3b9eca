// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Direction } from '../../../shared/catalog';
import { restoreApiTransport } from '../../test/fake-api';
import { foundationCard } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { FoundationsPage } from './foundations-page';
import { fakeFoundationsApi } from './test-foundations';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const foundation = (id: number, name: string, directions: Direction[]) =>
  foundationCard(id, { name, directions, description: 'Помогаем городу' });

const catalogue = [
  foundation(1, 'Фонд «Зелёный город»', ['ecology', 'education']),
  foundation(2, 'Фонд «Опора»', ['social']),
  foundation(3, 'Фонд «Старт»', ['sport']),
];

function renderPage() {
  const asked = fakeFoundationsApi(catalogue);
  renderAt('/foundations', <FoundationsPage />);
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
