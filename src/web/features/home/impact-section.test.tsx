// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformImpact } from '../../../shared/impact';
import { setApiTransport } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { restoreApiTransport } from '../../test/fake-api';
import { ImpactSection } from './impact-section';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/** The home page's figures, GET /api/stats/impact answering `impact`. */
async function renderFigures(impact: PlatformImpact) {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    return new Response(JSON.stringify(impact), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const { container } = render(
    <AppProviders queryClient={createQueryClient()}>
      <ImpactSection />
    </AppProviders>,
  );
  await screen.findByRole('region', { name: 'Платформа в цифрах' });
  expect(asked).toEqual(['GET /api/stats/impact']);
  // Each figure as a person reads it: the number (grouped with a narrow space) and its word.
  const figure = (key: keyof PlatformImpact) =>
    (container.querySelector(`[data-impact="${key}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return figure;
}

describe("the home page's impact figures", () => {
  it('shows the four figures with their words agreeing and thousands grouped', async () => {
    const figure = await renderFigures({ schools: 1, foundations: 3, eventsHeld: 5, hoursCredited: 1234 });

    expect(figure('schools')).toBe('1 школа');
    expect(figure('foundations')).toBe('3 фонда');
    expect(figure('eventsHeld')).toBe('5 мероприятий проведено');
    expect(figure('hoursCredited')).toBe('1 234 волонтёрских часа засчитано');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('picks the word by the last digits: 21 школа, 11 фондов, 22 мероприятия, 101 час', async () => {
    const figure = await renderFigures({ schools: 21, foundations: 11, eventsHeld: 22, hoursCredited: 101 });

    expect(figure('schools')).toBe('21 школа');
    expect(figure('foundations')).toBe('11 фондов');
    expect(figure('eventsHeld')).toBe('22 мероприятия проведено');
    expect(figure('hoursCredited')).toBe('101 волонтёрский час засчитан');
  });

  it('shows no figures, not zeros, while they are on their way', () => {
    setApiTransport(() => new Promise<Response>(() => {}));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ImpactSection />
      </AppProviders>,
    );
    expect(screen.queryByRole('region', { name: 'Платформа в цифрах' })).toBeNull();
    expect(screen.queryByText('0')).toBeNull();
  });
});
