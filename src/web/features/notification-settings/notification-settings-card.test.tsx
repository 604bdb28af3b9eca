// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  mailKindsFor,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '../../../shared/notification-settings';
import { setApiTransport } from '../../api/client';
import { restoreApiTransport } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { NotificationSettingsCard } from './notification-settings-card';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/** The toast's view loads its code with the first toast (toast.tsx): on a busy machine that takes seconds. */
const toastWait = { timeout: 10_000 };

const address = 'coordinator@school.example';

/**
 * A school's card, the API answering as /api/notification-settings does: GET gives the school's kinds
 * (all on), PUT keeps what it is sent and answers the settings as they now are.
 */
function openCard() {
  const asked: string[] = [];
  const sent: NotificationSettingsInput[] = [];
  let settings: NotificationSettings = {
    email: address,
    kinds: mailKindsFor('school').map((kind) => ({ kind, enabled: true })),
  };
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    if (init.method === 'PUT') {
      const input = JSON.parse(String(init.body)) as NotificationSettingsInput;
      sent.push(input);
      settings = { ...settings, kinds: input.kinds };
    }
    return new Response(JSON.stringify(settings), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  renderAt('/', <NotificationSettingsCard />);
  return { asked, sent };
}

const box = (card: HTMLElement, name: RegExp) =>
  within(card).getByRole('checkbox', { name }) as HTMLInputElement;

describe('the e-mail settings card of a school', () => {
  it('says where the letters go and offers the school’s kinds, all on, and none of a foundation’s', async () => {
    openCard();
    const card = screen.getByRole('region', { name: 'Уведомления по почте' });

    expect((await within(card).findByText(/^Письма приходят на/)).textContent).toBe(
      `Письма приходят на ${address}`,
    );
    expect(box(card, /Напоминания накануне/).checked).toBe(true);
    expect(box(card, /Решения по заявкам/).checked).toBe(true);
    expect(within(card).queryByRole('checkbox', { name: /Новые заявки школ/ })).toBeNull();
  });

  it('turns reminders off and saves: the PUT names each kind, and the box stays off after the answer', async () => {
    const user = userEvent.setup();
    const { asked, sent } = openCard();
    const card = screen.getByRole('region', { name: 'Уведомления по почте' });
    await within(card).findByText(/^Письма приходят на/);

    await user.click(box(card, /Напоминания накануне/));
    await user.click(within(card).getByRole('button', { name: 'Сохранить' }));

    expect((await screen.findAllByText('Настройки писем сохранены', {}, toastWait)).length).toBeGreaterThan(
      0,
    );
    expect(asked).toEqual(['GET /api/notification-settings', 'PUT /api/notification-settings']);
    expect(sent).toEqual([
      {
        kinds: mailKindsFor('school').map((kind) => ({ kind, enabled: kind !== 'reminders' })),
      },
    ]);
    expect(box(card, /Напоминания накануне/).checked).toBe(false);
    expect(box(card, /Решения по заявкам/).checked).toBe(true);
  });
});
