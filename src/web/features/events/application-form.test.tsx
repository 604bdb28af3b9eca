// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageAnswer } from '../../../shared/answers';
import {
  type ApplicationCreated,
  type ApplicationState,
  applicationMessages,
} from '../../../shared/applications';
import type { Session } from '../../../shared/auth';
import { setApiTransport } from '../../api/client';
import { jsonAnswer, restoreApiTransport } from '../../test/fake-api';
import { eventDetail, schoolProfile } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { ApplicationCard } from './application-card';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/** An upcoming event with two places left that admits pupils of any age, so it asks for the consent. */
const event = eventDetail(21, {
  title: 'Весенняя посадка деревьев',
  remainingSlots: 2,
  ageRestriction: null,
});
const profile = schoolProfile();

const stateOf = (status: ApplicationState['status']): ApplicationState => ({
  isRegistered: status === 'pending',
  status,
  applicationId: status === null ? null : 90,
  participantCount: status === null ? null : 2,
  waitlistPosition: null,
});

/**
 * The application card of the event page for an approved school, the API answering as the server does:
 * applying makes the application pending, cancelling removes it.
 */
function openCard(applied: ApplicationState['status'] = null) {
  const sent: { call: string; body: unknown }[] = [];
  let state = stateOf(applied);
  setApiTransport(async (path, init) => {
    const call = `${init.method} ${path}`;
    if (init.method === 'POST')
      sent.push({ call, body: init.body ? JSON.parse(String(init.body)) : undefined });
    switch (call) {
      case 'GET /api/session':
        return jsonAnswer({
          user: {
            id: profile.id,
            username: profile.username,
            role: 'school',
            memberRole: 'owner',
            organisationId: 1,
          },
        } satisfies Session);
      case 'GET /api/profile':
        return jsonAnswer(profile);
      case `GET /api/events/${event.id}/application-status`:
        return jsonAnswer(state);
      case `POST /api/events/${event.id}/register`:
        state = stateOf('pending');
        return jsonAnswer(
          {
            id: 90,
            status: 'pending',
            message: applicationMessages.submitted,
          } satisfies ApplicationCreated,
          201,
        );
      case `POST /api/events/${event.id}/cancel-application`:
        state = stateOf(null);
        return jsonAnswer({ message: applicationMessages.cancelled } satisfies MessageAnswer);
      default:
        return jsonAnswer({ message: 'Не найдено' }, 404);
    }
  });
  renderAt(`/events/${event.id}`, <ApplicationCard event={event} />);
  return sent;
}

/** Opens the form: its code is fetched on the first click, which on a busy machine takes seconds. */
async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Записаться' }));
  return (await screen.findByLabelText(
    'Количество участников *',
    {},
    { timeout: 10_000 },
  )) as HTMLInputElement;
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Подать заявку' }));

const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

/**
 * The toast on screen once it is the one titled `title`. The toast view's code is fetched with the first
 * toast, and the toast of an earlier test may still be in the store, so it waits for this one.
 */
async function toastTitled(title: string) {
  const region = await screen.findByRole('region', { name: /Уведомления/ }, { timeout: 10_000 });
  return waitFor(() => {
    const shown = within(region).getByRole('listitem');
    expect(shown.textContent).toContain(title);
    return shown;
  });
}

describe("the event page's application form", () => {
  it('refuses no pupils, more pupils than places, no way to reach the school and no consent, each in words', async () => {
    const user = userEvent.setup();
    const sent = openCard();
    const count = await openForm(user);
    // It starts with the school's contacts from its profile.
    expect((screen.getByLabelText('Контактное лицо *') as HTMLInputElement).value).toBe('Елена Викторовна');
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7 (499) 245-12-12');

    await user.clear(count);
    await user.type(count, '0');
    await submit(user);
    expect(await screen.findByText('Минимум 1 участник')).toBeTruthy();

    await user.clear(count);
    await user.type(count, '3');
    await submit(user);
    expect(await screen.findByText('Максимум 2 участника (доступно мест)')).toBeTruthy();

    await user.clear(count);
    await user.type(count, '2');
    await user.clear(screen.getByLabelText('Телефон'));
    await user.clear(screen.getByLabelText('E-mail'));
    await submit(user);
    expect(await screen.findByText('Заполните контактное лицо и хотя бы один способ связи')).toBeTruthy();

    await user.type(screen.getByLabelText('Телефон'), '+7 (499) 245-12-12');
    await submit(user);
    await waitFor(() => expect(alerts()).toEqual([applicationMessages.parentalConsent]));
    expect(
      screen.getByText(
        'Подтвердите, что у школы есть письменные согласия родителей на участие каждого ученика младше 14 лет',
      ),
    ).toBeTruthy();

    expect(sent).toEqual([]);
  });

  it('applies, says «Заявка подана!» and «Ожидайте одобрения от фонда» once, then shows the application waiting', async () => {
    const user = userEvent.setup();
    const sent = openCard();
    const count = await openForm(user);
    await user.clear(count);
    await user.type(count, '2');
    await user.click(screen.getByRole('checkbox', { name: /письменные согласия родителей/ }));
    await submit(user);

    const toast = await toastTitled('Заявка подана!');
    expect(within(toast).getAllByText('Заявка подана!')).toHaveLength(1);
    expect(within(toast).getAllByText('Ожидайте одобрения от фонда')).toHaveLength(1);
    expect(await screen.findByText('Ожидает одобрения')).toBeTruthy();
    expect(screen.queryByLabelText('Количество участников *')).toBeNull();
    expect(sent).toEqual([
      {
        call: `POST /api/events/${event.id}/register`,
        body: expect.objectContaining({
          participantCount: 2,
          contactPerson: 'Елена Викторовна',
          contactPhone: '+7 (499) 245-12-12',
          parentalConsent: true,
        }),
      },
    ]);
  });

  it('cancels a waiting application through the dialog, says «Успешно!» and offers «Записаться» again', async () => {
    const user = userEvent.setup();
    const sent = openCard('pending');

    expect(await screen.findByText('Ожидает одобрения')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Отменить заявку' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Отменить заявку?' }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Отменить заявку' }));

    const toast = await toastTitled('Успешно!');
    expect(within(toast).getByText('Регистрация отменена')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Записаться' })).toBeTruthy();
    expect(screen.queryByText('Ожидает одобрения')).toBeNull();
    expect(sent.map(({ call }) => call)).toEqual([`POST /api/events/${event.id}/cancel-application`]);
  });
});
