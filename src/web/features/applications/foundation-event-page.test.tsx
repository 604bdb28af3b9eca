// @vitest-environment happy-dom
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { FoundationApplication, FoundationEventApplications } from '../../../shared/applications';
import { adoptServerState, createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { foundationEventApplicationsQuery } from './api/foundation-event-applications';
import { FoundationEventPage } from './foundation-event-page';

afterEach(cleanup);

const event = {
  id: 7,
  title: 'Субботник в парке Горького',
  date: '2026-04-18',
  startTime: '10:00',
  endTime: '13:00',
  location: 'Парк Горького, главный вход',
  status: 'upcoming',
  hours: 3,
} as const;

function application(
  id: number,
  values: Partial<FoundationApplication> & Pick<FoundationApplication, 'status' | 'participantCount'>,
): FoundationApplication {
  return {
    id,
    requestedCount: null,
    attendedCount: null,
    parentalConsentAt: null,
    contactPerson: 'Елена Викторовна',
    contactPhone: '+7 (499) 245-12-12',
    contactEmail: null,
    contactTelegram: null,
    contactVk: null,
    applicationNote: null,
    rejectionReason: null,
    hoursEarned: null,
    registeredAt: '2026-03-10T08:00:00.000Z',
    approvedAt: null,
    rejectedAt: null,
    completedAt: null,
    event: { ...event },
    school: {
      id: 100 + id,
      username: `school_${id}`,
      fullName: `Лицей № ${id}`,
      schoolType: 'state',
      address: null,
      email: null,
      phone: null,
      contactPerson: null,
    },
    ...values,
  };
}

const page: FoundationEventApplications = {
  ...event,
  totalSlots: 20,
  reservedSlots: 0,
  contactPersonName: 'Ольга Смирнова',
  contactPersonPhone: null,
  contactPersonEmail: null,
  confirmedCount: 8,
  attendanceCorrectableUntil: null,
  attendanceCorrectable: false,
  pending: [
    application(1, { status: 'pending', participantCount: 5, parentalConsentAt: '2026-03-12T09:30:00.000Z' }),
  ],
  participants: [
    application(2, {
      status: 'approved',
      participantCount: 8,
      requestedCount: 10,
      parentalConsentAt: '2026-03-11T09:30:00.000Z',
      approvedAt: '2026-03-13T09:30:00.000Z',
    }),
  ],
  waitlist: [
    application(3, {
      status: 'waitlisted',
      participantCount: 4,
      parentalConsentAt: '2026-03-14T09:30:00.000Z',
    }),
  ],
};

/** The page as the browser adopts it from the server's drawing: its data arrives with it, nothing is asked. */
function renderPage(shown: FoundationEventApplications = page) {
  const drawn = new QueryClient();
  drawn.setQueryData(foundationEventApplicationsQuery(event.id).queryKey, shown);
  const client = createQueryClient();
  adoptServerState(client, dehydrate(drawn));
  render(
    <AppProviders queryClient={client}>
      <MemoryRouter initialEntries={[`/foundation/event/${event.id}`]}>
        <Routes>
          <Route path="/foundation/event/:eventId" element={<FoundationEventPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

const item = (school: string) => screen.getByText(school).closest('li') as HTMLElement;

describe("the foundation's page of its event", () => {
  it('asks how many pupils to approve, as the applications page does, and checks the number', async () => {
    const user = userEvent.setup();
    renderPage();
    const pending = item('Лицей № 1');

    await user.click(within(pending).getByRole('button', { name: 'Одобрить' }));
    // The dialog's code is fetched on the first click (issue 27): on a busy machine that takes seconds.
    const dialog = await screen.findByRole('dialog', { name: 'Одобрить заявку' }, { timeout: 10_000 });
    const count = within(dialog).getByLabelText('Сколько учеников принять');
    expect((count as HTMLInputElement).value).toBe('5');
    expect(within(dialog).getByText(/^Школа просит 5 учеников\./)).toBeTruthy();

    await user.clear(count);
    await user.type(count, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Одобрить' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Не больше, чем просит школа: 5');

    // Cancelling decides nothing: the application still waits, with its buttons.
    await user.click(within(dialog).getByRole('button', { name: 'Отменить' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(item('Лицей № 1')).getByRole('button', { name: 'Одобрить' })).toBeTruthy();
  });

  it("shows the parents' consent and a partial approval on every application, as the applications page does", () => {
    renderPage();
    expect(
      within(item('Лицей № 1')).getByText('Согласия родителей подтверждены школой 12 марта 2026 г.'),
    ).toBeTruthy();
    const participant = item('Лицей № 2');
    expect(
      within(participant).getByText('Согласия родителей подтверждены школой 11 марта 2026 г.'),
    ).toBeTruthy();
    expect(within(participant).getByText('Одобрено 8 из 10')).toBeTruthy();
    expect(
      within(item('Лицей № 3')).getByText('Согласия родителей подтверждены школой 14 марта 2026 г.'),
    ).toBeTruthy();
  });

  it('offers «Редактировать» on an open event and not on a completed one, which still lists its participants', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Редактировать' }).getAttribute('href')).toBe(
      `/dashboard/edit-event/${event.id}`,
    );
    cleanup();

    renderPage({ ...page, status: 'completed', pending: [], waitlist: [] });
    expect(screen.getByRole('heading', { name: 'Субботник в парке Горького' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Подтверждённые участники' })).toBeTruthy();
    expect(within(item('Лицей № 2')).getByText('Одобрено 8 из 10')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Редактировать' })).toBeNull();
  });
});
