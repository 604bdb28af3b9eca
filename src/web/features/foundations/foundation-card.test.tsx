// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { FoundationCard as FoundationCardData } from '../../../shared/foundations';
import { FoundationCard } from './foundation-card';

afterEach(cleanup);

const name = 'Благотворительный фонд «Добрые руки»';

const goodHands: FoundationCardData = {
  id: 3,
  name,
  shortDescription: 'Помогаем пожилым людям',
  description: null,
  directions: ['social'],
  location: 'Москва',
  logo: null,
  eventsCount: 4,
  moderationStatus: 'approved',
  verified: true,
};

function renderCard(foundation: FoundationCardData) {
  render(
    <MemoryRouter>
      <FoundationCard foundation={foundation} />
    </MemoryRouter>,
  );
  return screen.getByRole('article');
}

describe('a foundation card', () => {
  it('shows a foundation without a logo by its initials «ДР», in a picture named by the foundation', () => {
    const card = renderCard(goodHands);

    const picture = within(card).getByRole('img', { name });
    expect(picture.textContent).toBe('ДР');
    // The initials stand in for the name, never a cut-off copy of it.
    expect(picture.textContent).not.toContain('Добрые');
    expect(within(card).getByRole('heading', { name }).textContent).toBe(name);
  });
});
