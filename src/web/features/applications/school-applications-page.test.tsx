// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageAnswer } from '../../../shared/answers';
import {
  applicationMessages,
  type SchoolApplication,
  type SchoolApplicationCounts,
} from '../../../shared/applications';
import { setApiTransport } from '../../api/client';
import { restoreApiTransport } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { SchoolApplicationsPage } from './school-applications-page';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const pending: SchoolApplication = {
  id: 90,
  status: 'pending',
  participantCount: 2,
  requestedCount: null,
  attendedCount: null,
  parentalConsentAt: '2026-04-01T09:00:00.000Z',
  contactPerson: 'Елена',
  contactPhone: '+7 (499) 245-12-12',
  contactEmail: null,
  contactTelegram: null,
  contactVk: null,
  applicationNote: 'Придут 9 «А»',
  rejectionReason: null,
  hoursEarned: null,
  registeredAt: '2026-04-01T09:00:00.000Z',
  approvedAt: null,
  rejectedAt: null,
  completedAt: null,
  event: {
    id: 21,
    title: 'Весенняя посадка деревьев',
    date: '2099-05-15',
    startTime: '10:00',
    endTime: '13:00',
    location: 'Москва, парк Горького',
    hours: 3,
    status: 'upcoming',
  },
  foundation: { id: 3, name: 'Фонд «Зелёный город»', contactPerson: null, phone: null, email: null },
};

const noApplications: SchoolApplicationCounts = {
  waitlisted: 0,
  pending: 0,
  approved: 0,
  rejected: 0,
  completed: 0,
};

/**
 * /school-applications of a school with one waiting application, the API answering as the server does:
 * DELETE /api/applications/{id} removes it from the list and the counts.
 */
function openPage() {
  const sent: string[] = [];
  let applications = [pending];
  setApiTransport(async (path, init) => {
    const url = new URL(path, 'http://localhost');
    const json = (body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } });
    if (init.method === 'DELETE' && path === `/api/applications/${pending.id}`) {
      sent.push(`${init.method} ${path}`);
      applications = [];
      return json({ message: applicationMessages.cancelled } satisfies MessageAnswer);
    }
    if (url.pathname === '/api/my-applications/counts') {
      return json({ ...noApplications, pending: applications.length } satisfies SchoolApplicationCounts);
    }
    if (url.pathname === '/api/my-applications') {
      const shown = applications.filter(
        (application) => application.status === url.searchParams.get('status'),
      );
      return json(shown, { 'X-Total-Count': String(shown.length) });
    }
    return new Response(JSON.stringify({ message: 'Не найдено' }), { status: 404 });
  });
  renderAt('/school-applications', <SchoolApplicationsPage />);
  return sent;
}

describe("a school's page of its applications", () => {
  it('opens on «Ожидают (1)» and cancels the application through the dialog, which empties the tab', async () => {
    const user = userEvent.setup();
    const sent = openPage();

    const waiting = await screen.findByRole('tab', { name: 'Ожидают (1)' });
    expect(waiting.getAttribute('aria-selected')).toBe('true');
    const card = (await screen.findByText('Примечание: Придут 9 «А»')).closest('li') as HTMLElement;
    expect(within(card).getByText('Ожидает одобрения')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Отменить заявку' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Отменить заявку?' }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Отменить заявку' }));

    const region = await screen.findByRole('region', { name: /Уведомления/ }, { timeout: 10_000 });
    await waitFor(() => expect(within(region).getByRole('listitem').textContent).toBe('Заявка отменена'));
    expect(await screen.findByRole('tab', { name: 'Ожидают (0)' })).toBeTruthy();
    expect(await screen.findByText('Заявок, ожидающих решения, нет')).toBeTruthy();
    expect(screen.queryByText('Примечание: Придут 9 «А»')).toBeNull();
    expect(sent).toEqual([`DELETE /api/applications/${pending.id}`]);
  });
});
