// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventCities, EventSummary } from '../../../shared/events';
import { setApiTransport } from '../../api/client';
import { jsonAnswer, restoreApiTransport } from '../../test/fake-api';
import { eventSummary } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { EventsSection } from './events-section';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const catalogue = Array.from({ length: 25 }, (_, index) => eventSummary(index + 1));
const olderPupilsTeaching = Array.from({ length: 8 }, (_, index) =>
  eventSummary(101 + index, { activityType: index % 2 ? 'social' : 'education', ageRestriction: '16+' }),
);

/**
 * The home page's events section, the API answering GET /api/events as the server does: a page of the
 * events the filters keep, with the count of them all in X-Total-Count. Age 16+ with education and social
 * keeps 8 events; culture keeps none.
 */
function openHome(address = '/') {
  const asked: URLSearchParams[] = [];
  setApiTransport(async (path) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/api/events/cities') {
      return jsonAnswer({ cities: ['Москва'] } satisfies EventCities);
    }
    asked.push(url.searchParams);
    const query = url.searchParams;
    let kept: EventSummary[] = catalogue;
    if (query.getAll('activityType').includes('culture')) kept = [];
    else if (query.get('ageRange') === '16+') kept = olderPupilsTeaching;
    const limit = Number(query.get('limit'));
    const from = (Number(query.get('page')) - 1) * limit;
    return jsonAnswer(kept.slice(from, from + limit), 200, { 'X-Total-Count': String(kept.length) });
  });
  renderAt(address, <EventsSection />, { route: '/' });
  return asked;
}

const card = (title: string) => screen.queryByRole('link', { name: title });

describe("the home page's events section", () => {
  it('shows 1-6 of 25, and pages through by number and by arrow, asking for 6 events at a time', async () => {
    const user = userEvent.setup();
    const asked = openHome();

    expect(await screen.findByText('Показано 1-6 из 25 мероприятий')).toBeTruthy();
    expect(card('Мероприятие № 6')).toBeTruthy();
    expect(card('Мероприятие № 7')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Страница 2' }));
    expect(await screen.findByText('Показано 7-12 из 25 мероприятий')).toBeTruthy();
    expect(card('Мероприятие № 7')).toBeTruthy();
    expect(card('Мероприятие № 6')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(await screen.findByText('Показано 13-18 из 25 мероприятий')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Страница 3' }).getAttribute('aria-current')).toBe('page');

    expect(asked.map((query) => `${query.get('page')}/${query.get('limit')}`)).toEqual(['1/6', '2/6', '3/6']);
  });

  it('sends the age and both types it is given and goes back to page 1', async () => {
    const user = userEvent.setup();
    const asked = openHome('/?eventPage=3');
    expect(await screen.findByText('Показано 13-18 из 25 мероприятий')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '16+' }));
    await user.click(screen.getByRole('checkbox', { name: 'Образование' }));
    await user.click(screen.getByRole('checkbox', { name: 'Социальная помощь' }));

    expect(await screen.findByText('Показано 1-6 из 8 мероприятий')).toBeTruthy();
    expect(card('Мероприятие № 101')).toBeTruthy();
    expect(screen.getByRole('button', { name: '16+' }).getAttribute('aria-pressed')).toBe('true');
    expect(asked.at(-1)?.toString()).toBe(
      'ageRange=16%2B&activityType=education&activityType=social&page=1&limit=6',
    );
    // Each change of the filters went back to page 1.
    expect(asked.slice(1).map((query) => query.get('page'))).toEqual(['1', '1', '1']);
  });

  it('says no event was found, and how to find some, when the filters keep none', async () => {
    const user = userEvent.setup();
    openHome();
    expect(await screen.findByText('Показано 1-6 из 25 мероприятий')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Культура' }));

    expect(await screen.findByText('Мероприятий не найдено')).toBeTruthy();
    expect(screen.getByText('Попробуйте изменить фильтры поиска')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/^Показано/)).toBeNull());
    expect(screen.queryByRole('navigation', { name: 'Страницы мероприятий' })).toBeNull();
  });
});
