// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SchoolProfileInput } from '../../../shared/profile';
import { setApiTransport } from '../../api/client';
import { restoreApiTransport } from '../../test/fake-api';
import { gymnasium1543, schoolProfile } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { EditProfilePage } from './edit-profile-page';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/** The toast's view loads its code with the first toast (toast.tsx): on a busy machine that takes seconds. */
const toastWait = { timeout: 10_000 };

/** A school that has just signed up: its profile is empty but for the account's name. */
const newSchool = schoolProfile({
  ...gymnasium1543,
  moderationStatus: 'pending',
  moderatedAt: null,
  isProfileComplete: false,
  fullName: null,
  description: null,
  email: null,
  phone: null,
  address: null,
  contactPerson: null,
  schoolType: null,
});

/** The page, the API answering as /api/profile does: GET the profile, PATCH keeps what it is sent. */
function openPage() {
  const asked: string[] = [];
  const sent: SchoolProfileInput[] = [];
  let profile = newSchool;
  setApiTransport(async (path, init) => {
    asked.push(`${init.method} ${path}`);
    if (path === '/api/profile' && init.method === 'PATCH') {
      const input = JSON.parse(String(init.body)) as SchoolProfileInput;
      sent.push(input);
      profile = { ...profile, ...input, isProfileComplete: true };
    }
    return new Response(JSON.stringify(path === '/api/profile' ? profile : null), {
      status: path === '/api/profile' ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  renderAt('/dashboard/edit-profile', <EditProfilePage />);
  return { asked, sent };
}

describe("a school's profile form", () => {
  it('lists every problem above the form, then saves a good profile with «Профиль обновлен»', async () => {
    const user = userEvent.setup();
    const { asked, sent } = openPage();
    expect(await screen.findByRole('heading', { name: 'Редактирование профиля школы' })).toBeTruthy();
    const fill = async (label: string, value: string) => {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.type(field, value);
    };
    const save = () => user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

    await fill('Название школы *', 'Шк');
    await fill('Описание школы *', 'Коротко');
    await fill('Адрес *', 'Москва');
    await fill('Телефон *', '123');
    await fill('E-mail *', 'not-an-email');
    await save();

    const summary = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.startsWith('Пожалуйста, исправьте следующие ошибки:'));
    expect(summary).toBeDefined();
    // Listed in the order the schema checks them, which is not the form's: compared as a set.
    const listed = within(summary as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed.sort()).toEqual(
      [
        'Название школы должно содержать минимум 5 символов',
        'Выберите тип школы',
        'Описание должно содержать минимум 20 символов',
        'Укажите полный адрес',
        'Укажите корректный телефон',
        'Укажите корректный email',
      ].sort(),
    );
    expect(asked).toEqual(['GET /api/profile']);

    await fill('Название школы *', 'Гимназия № 1543');
    await user.selectOptions(screen.getByLabelText('Тип школы *'), 'state');
    await fill('Описание школы *', 'Школа с волонтёрским отрядом из 120 учеников.');
    await fill('Адрес *', 'Москва, ул. 26 Бакинских Комиссаров, д. 3');
    await fill('Телефон *', '+7 (495) 433-16-44');
    await fill('E-mail *', 'School@Example.org');
    await save();

    expect((await screen.findAllByText('Профиль обновлен', {}, toastWait)).length).toBeGreaterThan(0);
    expect(screen.queryByText('Пожалуйста, исправьте следующие ошибки:')).toBeNull();
    expect(asked).toEqual(['GET /api/profile', 'PATCH /api/profile']);
    expect(sent).toEqual([
      expect.objectContaining({
        username: 'gymnasium_1543',
        fullName: 'Гимназия № 1543',
        schoolType: 'state',
        description: 'Школа с волонтёрским отрядом из 120 учеников.',
        address: 'Москва, ул. 26 Бакинских Комиссаров, д. 3',
        phone: '+7 (495) 433-16-44',
        email: 'school@example.org',
      }),
    ]);
  });
});
