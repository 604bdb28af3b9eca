// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventSummary } from '../../../shared/events';
import { eventSummary } from '../../test/fixtures';
import { EventCard } from './event-card';

afterEach(cleanup);

function showCard(event: EventSummary) {
  render(
    <MemoryRouter>
      <EventCard event={event} />
    </MemoryRouter>,
  );
  return screen.getByRole('article').textContent ?? '';
}

describe('an event card', () => {
  it('shows «Осталось мест» and the way to sign up on an upcoming event', () => {
    const text = showCard(eventSummary(1, { title: 'Посадка деревьев', remainingSlots: 12 }));
    expect(text).toContain('Осталось мест: 12');
    expect(text).not.toContain('Уже прошло');
    expect(text).not.toContain('Мероприятие завершено');
    expect(screen.getByRole('link', { name: 'Записаться: Посадка деревьев' }).getAttribute('href')).toBe(
      '/events/1#application',
    );
  });

  it('shows «Уже прошло» and «Мероприятие завершено» and no place count on a past event with places left', () => {
    const text = showCard(
      eventSummary(2, { title: 'Уборка берега', isPastEvent: true, dayHasCome: true, remainingSlots: 5 }),
    );
    expect(text).toContain('Уже прошло');
    expect(text).toContain('Мероприятие завершено');
    expect(text).not.toContain('Осталось мест');
    expect(screen.queryByRole('link', { name: /^Записаться/ })).toBeNull();
  });

  it('says nothing of unlimited places on a past event without a limit', () => {
    const text = showCard(
      eventSummary(3, { isPastEvent: true, dayHasCome: true, totalSlots: null, remainingSlots: null }),
    );
    expect(text).toContain('Уже прошло');
    expect(text).toContain('Мероприятие завершено');
    expect(text).not.toContain('Без ограничений');
  });
});
