// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Direction } from '../../../shared/catalog';
import { restoreApiTransport } from '../../test/fake-api';
import { foundationCard } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { FoundationsSection } from './foundations-section';
import { fakeFoundationsApi } from './test-foundations';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const foundation = (id: number, name: string, directions: Direction[]) =>
  foundationCard(id, {
    name,
    directions,
    shortDescription: `Фонд номер ${id}`,
    location: 'Москва',
    eventsCount: 2,
  });

/** Eight approved foundations, two of them working in art. */
const catalogue = [
  foundation(1, 'Фонд «Зелёный город»', ['ecology']),
  foundation(2, 'Фонд «Краски детства»', ['art']),
  foundation(3, 'Фонд «Опора»', ['social']),
  foundation(4, 'Фонд «Старт»', ['sport']),
  foundation(5, 'Фонд «Театр для всех»', ['art', 'culture']),
  foundation(6, 'Фонд «Знание»', ['education']),
  foundation(7, 'Фонд «Здоровье»', ['health']),
  foundation(8, 'Фонд «Чистый берег»', ['ecology']),
];

function renderSection() {
  const asked = fakeFoundationsApi(catalogue);
  renderAt('/', <FoundationsSection />);
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
