// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '../../api/client';
import { jsonAnswer, restoreApiTransport } from '../../test/fake-api';
import { foundationProfile } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { EventFormPage } from './event-form-page';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/** /dashboard/create-event for an approved foundation; any other call is recorded and refused. */
async function openCreateForm() {
  const asked: string[] = [];
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    if (path === '/api/profile') return jsonAnswer(foundationProfile());
    return jsonAnswer({ message: 'Не найдено' }, 404);
  });
  renderAt('/dashboard/create-event', <EventFormPage />, { route: '/dashboard/create-event' });
  await screen.findByRole('heading', { level: 1 });
  return asked;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** What a screen reader reads after the field's name: the text of its aria-describedby. */
function descriptionOf(element: HTMLElement) {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function replace(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.clear(field(label));
  if (value) await user.type(field(label), value);
}

describe('the event form', () => {
  it('shows every error at once on the first submit', async () => {
    const user = userEvent.setup();
    const asked = await openCreateForm();

    await replace(user, 'Название мероприятия *', 'Суб');
    await replace(user, 'Время начала *', '14:00');
    await replace(user, 'Время окончания *', '12:00');
    await replace(user, 'Минимум участников *', '20');
    await replace(user, 'Максимум участников *', '10');
    await replace(user, 'Email *', '');
    await user.click(screen.getByRole('button', { name: 'Создать мероприятие' }));

    const messages = [
      'Название должно содержать минимум 5 символов',
      'Описание должно содержать минимум 20 символов',
      'Пожалуйста, выберите дату',
      'Время окончания должно быть позже времени начала',
      'Минимум участников не может быть больше максимума',
      'Обязательно укажите и телефон, и email для связи',
    ];
    await waitFor(() => {
      const shown = screen.getAllByRole('alert').map((alert) => alert.textContent);
      for (const message of messages) expect(shown).toContain(message);
    });
    expect(asked).toEqual(['GET /api/profile']);
  });

  it.each([
    ['an empty', ''],
    ['a decimal', '1.5'],
  ])('describes %s maximum as «Некорректное значение»', async (_, value) => {
    const user = userEvent.setup();
    const asked = await openCreateForm();

    await replace(user, 'Максимум участников *', value);
    await user.click(screen.getByRole('button', { name: 'Создать мероприятие' }));

    const maximum = field('Максимум участников *');
    await waitFor(() => expect(descriptionOf(maximum)).toBe('Некорректное значение'));
    expect(maximum.getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual(['GET /api/profile']);
  });
});
