// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type CalendarFeed, calendarFeedPath } from '../../../shared/calendars';
import { setApiTransport } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { restoreApiTransport } from '../../test/fake-api';
import { CalendarFeedCard } from './calendar-feed-card';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/** The toast's view loads its code with the first toast (toast.tsx): on a busy machine that takes seconds. */
const toastWait = { timeout: 10_000 };

const firstUrl = `https://dobro.example.org${calendarFeedPath('A'.repeat(43))}`;
const secondUrl = `https://dobro.example.org${calendarFeedPath('B'.repeat(43))}`;

/**
 * The card of a school that has no feed yet, the API answering as /api/calendar-feed does: GET gives the
 * address (null until made), each POST makes a new one and answers it.
 */
function openCard() {
  const asked: string[] = [];
  const made = [firstUrl, secondUrl];
  let current: CalendarFeed = { url: null };
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    if (path === '/api/calendar-feed' && init.method === 'POST') current = { url: made.shift() ?? null };
    return new Response(JSON.stringify(current), {
      status: path === '/api/calendar-feed' ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CalendarFeedCard owner="school" />
    </AppProviders>,
  );
  return asked;
}

describe('the dashboard’s calendar card', () => {
  it('makes the address, copies it, and after a confirmation replaces it with a new one', async () => {
    const user = userEvent.setup();
    const asked = openCard();
    const card = screen.getByRole('region', { name: 'Календарь' });
    expect(within(card).getByText(/Добавить календарь по ссылке/)).toBeTruthy();

    await user.click(await within(card).findByRole('button', { name: 'Создать ссылку' }));
    const address = (await within(card).findByRole('textbox', {
      name: 'Ссылка на календарь',
    })) as HTMLInputElement;
    expect(address.value).toBe(firstUrl);
    expect(address.value).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
    expect((await screen.findAllByText('Ссылка на календарь готова', {}, toastWait)).length).toBeGreaterThan(
      0,
    );

    // user-event stands in a clipboard of its own for the browser's.
    await user.click(within(card).getByRole('button', { name: 'Скопировать' }));
    expect((await screen.findAllByText('Ссылка скопирована', {}, toastWait)).length).toBeGreaterThan(0);
    expect(await navigator.clipboard.readText()).toBe(firstUrl);

    await user.click(within(card).getByRole('button', { name: 'Заменить ссылку' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Заменить ссылку на календарь?' });
    expect(within(dialog).getByText(/^Старая ссылка перестанет работать/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Заменить' }));
    expect(
      (await screen.findAllByText('Ссылка заменена. Подпишитесь по новой ссылке', {}, toastWait)).length,
    ).toBeGreaterThan(0);
    expect(
      (within(card).getByRole('textbox', { name: 'Ссылка на календарь' }) as HTMLInputElement).value,
    ).toBe(secondUrl);
    expect(asked).toEqual(['GET /api/calendar-feed', 'POST /api/calendar-feed', 'POST /api/calendar-feed']);
  });
});
