// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModerationItem } from '../../../shared/admin';
import { setApiTransport } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { restoreApiTransport } from '../../test/fake-api';
import { AdminModerationTab } from './moderation-tab';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/** A foundation awaiting its decision, as GET /api/admin/organizations/moderation lists it. */
const foundation: ModerationItem = {
  id: 41,
  organisationId: 12,
  username: 'fond_produkty',
  type: 'foundation',
  name: 'Фонд «Продукты пожилым»',
  email: 'help@example.org',
  phone: '+7 (495) 111-22-33',
  address: 'Москва, ул. Садовая, д. 7',
  description: 'Возим продукты пожилым людям в Подмосковье.',
  website: 'https://produkty.example.org',
  directions: ['social', 'health'],
  isProfileComplete: true,
  moderationStatus: 'pending',
  moderationComment: null,
  moderatedAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
};

/** The tab, the API answering its list as the server does: the page's items, the total in X-Total-Count. */
function openTab(items: ModerationItem[]) {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    return new Response(JSON.stringify(items), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(items.length) },
    });
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminModerationTab />
    </AppProviders>,
  );
  return asked;
}

describe("the administrator's moderation tab", () => {
  it("shows on a foundation's card what a decision needs: description, website, directions and address", async () => {
    const asked = openTab([foundation]);

    const card = (await screen.findByText('Фонд «Продукты пожилым»')).closest('li') as HTMLElement;
    expect(within(card).getByText('Возим продукты пожилым людям в Подмосковье.')).toBeTruthy();
    const website = within(card).getByRole('link', {
      name: 'https://produkty.example.org (откроется в новой вкладке)',
    });
    expect(website.getAttribute('href')).toBe('https://produkty.example.org/');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(within(card).getByText('Социальная помощь, Здравоохранение')).toBeTruthy();
    expect(within(card).getByText('Москва, ул. Садовая, д. 7')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Решение: Фонд «Продукты пожилым»' })).toBeTruthy();
    expect(screen.getByText('Показано 1 из 1')).toBeTruthy();
    expect(asked).toEqual(['GET /api/admin/organizations/moderation?status=all&type=all&page=1&limit=20']);
  });
});
