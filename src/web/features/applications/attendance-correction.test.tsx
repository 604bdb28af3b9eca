// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { FoundationApplication, FoundationEventApplications } from '../../../shared/applications';
import { AttendanceCorrection } from './attendance-correction';

afterEach(cleanup);

const application: FoundationApplication = {
  id: 41,
  status: 'completed',
  participantCount: 5,
  requestedCount: null,
  attendedCount: 5,
  parentalConsentAt: null,
  contactPerson: 'Елена Викторовна',
  contactPhone: null,
  contactEmail: null,
  contactTelegram: null,
  contactVk: null,
  applicationNote: null,
  rejectionReason: null,
  hoursEarned: 15,
  registeredAt: '2026-11-20T09:00:00.000Z',
  approvedAt: '2026-11-21T09:00:00.000Z',
  rejectedAt: null,
  completedAt: '2026-12-02T09:00:00.000Z',
  event: {
    id: 7,
    title: 'Субботник',
    date: '2026-12-01',
    startTime: '10:00',
    endTime: '13:00',
    location: 'Парк',
    hours: 3,
    status: 'completed',
  },
  school: {
    id: 3,
    username: 'school_5',
    fullName: 'Школа № 5',
    schoolType: null,
    address: null,
    email: null,
    phone: null,
    contactPerson: null,
  },
};

const event = (values: Partial<FoundationEventApplications>): FoundationEventApplications => ({
  id: 7,
  title: 'Субботник',
  date: '2026-12-01',
  startTime: '10:00',
  endTime: '13:00',
  location: 'Парк',
  status: 'completed',
  hours: 3,
  totalSlots: null,
  reservedSlots: 0,
  contactPersonName: null,
  contactPersonPhone: null,
  contactPersonEmail: null,
  confirmedCount: 5,
  attendanceCorrectableUntil: '2026-12-16',
  attendanceCorrectable: true,
  pending: [],
  participants: [application],
  waitlist: [],
  ...values,
});

const shown = (values: Partial<FoundationEventApplications>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AttendanceCorrection event={event(values)} />
    </QueryClientProvider>,
  );

describe('correcting attendance on the foundation’s event page', () => {
  it('says until when, and the dialog says in words who is marked as present', async () => {
    const user = userEvent.setup();
    shown({});
    expect(screen.getByText('Исправить посещаемость можно до 16 декабря 2026 г. включительно.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Исправить посещаемость' }));
    const field = screen.getByRole('spinbutton', { name: 'Сколько учеников пришло: Школа № 5' });
    expect((field as HTMLInputElement).value).toBe('5');
    expect(
      screen.getByText('Отмечены все: 5 из 5 учеников. Уменьшите число у школ, где пришли не все.'),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, '3');
    expect(screen.getByText('Отмечено пришедших: 3 из 5 учеников.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '6');
    expect(screen.getByText('Целое число от 0 до 5')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the days have passed once they have, with no way to correct', () => {
    shown({ attendanceCorrectable: false });
    expect(
      screen.getByText(
        'Посещаемость больше нельзя исправить: это можно было сделать до 16 декабря 2026 г. включительно, в течение 14 дней после завершения.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Исправить посещаемость' })).toBeNull();
  });

  it('is not shown before the event is completed', () => {
    shown({ status: 'upcoming', attendanceCorrectableUntil: null, attendanceCorrectable: false });
    expect(screen.queryByText(/посещаемость/i)).toBeNull();
  });
});
