// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../shared/auth';
import type { MemberRole } from '../../../shared/roles';
import {
  type Invitation,
  type InvitationInput,
  type Member,
  type MembersAnswer,
  teamMessages,
} from '../../../shared/team';
import { fakeApi, jsonAnswer, restoreApiTransport } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { TeamTab } from './team-tab';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  restoreApiTransport();
});

/** The toast's view loads its code with the first toast (toast.tsx): on a busy machine that takes seconds. */
const toastWait = { timeout: 10_000 };

const member = (id: number, username: string, role: MemberRole, values: Partial<Member> = {}): Member => ({
  id,
  userId: 100 + id,
  username,
  email: `${username.toLowerCase()}@school1543.ru`,
  role,
  joinedAt: '2026-02-01T09:00:00.000Z',
  isYou: false,
  ...values,
});

const pending: Invitation = {
  id: 7,
  email: 'teacher@school1543.ru',
  role: 'coordinator',
  invitedBy: 'irina',
  sentAt: '2026-03-09T09:00:00.000Z',
  expiresAt: '2026-03-16T09:00:00.000Z',
  expired: false,
};
const expired: Invitation = {
  ...pending,
  id: 8,
  email: 'parent@mail.ru',
  role: 'viewer',
  sentAt: '2026-02-01T09:00:00.000Z',
  expiresAt: '2026-02-08T09:00:00.000Z',
  expired: true,
};

/**
 * The tab of the school «Гимназия № 1543» as `me` (one of its three people) sees it, the API answering as
 * src/server/team/routes.ts does: an invitation joins the list, handing ownership over makes the caller a
 * coordinator, the last owner cannot leave.
 */
function openTab(me: 'irina' | 'petr' | 'anna') {
  const people = [
    member(1, 'irina', 'owner'),
    member(2, 'petr', 'coordinator'),
    member(3, 'anna', 'viewer', { email: null }),
  ].map((person) => ({ ...person, isYou: person.username === me }));
  const invitations = [pending, expired];
  const session = () => {
    const self = people.find((person) => person.isYou);
    return {
      user: { id: 1, username: me, role: 'school', memberRole: self?.role ?? null, organisationId: 1 },
    } satisfies Session;
  };
  const api = fakeApi({
    'GET /api/session': () => jsonAnswer(session()),
    'GET /api/organisation/members': () =>
      jsonAnswer({ organisationName: 'Гимназия № 1543', members: people } satisfies MembersAnswer),
    'GET /api/organisation/invitations': () => jsonAnswer({ invitations }),
    'POST /api/organisation/invitations': ({ body }: { body: unknown }) => {
      const { email, role } = body as InvitationInput;
      const invitation = { ...pending, id: 9, email, role };
      invitations.push(invitation);
      return jsonAnswer({ message: teamMessages.invitationSent(email), invitation }, 201);
    },
    'PATCH /api/organisation/members/2': ({ body }: { body: unknown }) => {
      const target = people[1] as Member;
      target.role = (body as { role: MemberRole }).role;
      return jsonAnswer({ message: teamMessages.roleChanged });
    },
    'POST /api/organisation/transfer-ownership': ({ body }: { body: unknown }) => {
      const target = people.find((person) => person.id === (body as { memberId: number }).memberId);
      if (target) target.role = 'owner';
      (people[0] as Member).role = 'coordinator';
      return jsonAnswer({ message: teamMessages.ownershipTransferred });
    },
    'DELETE /api/organisation/members/1': () => jsonAnswer({ message: teamMessages.lastOwner }, 409),
  });
  renderAt('/dashboard', <TeamTab />);
  return api;
}

const membersList = async () =>
  within(await screen.findByRole('region', { name: 'Команда «Гимназия № 1543»' }));
const rowOf = async (username: string) => {
  const list = await membersList();
  return within((await list.findByText(username)).closest('li') as HTMLElement);
};
const invitationRow = async (email: string) =>
  within(
    (await within(screen.getByRole('region', { name: 'Приглашения' })).findByText(email)).closest(
      'li',
    ) as HTMLElement,
  );

describe('the «Команда» tab', () => {
  it('gives the owner the controls, and an invitation sent from its form joins the list', async () => {
    const user = userEvent.setup();
    const { requests } = openTab('irina');

    const list = await membersList();
    expect(list.getByText('3 участника')).toBeTruthy();
    const petr = await rowOf('petr');
    expect((petr.getByRole('combobox', { name: 'Роль: petr' }) as HTMLSelectElement).value).toBe(
      'coordinator',
    );
    expect(petr.getByRole('button', { name: 'Сделать владельцем' })).toBeTruthy();
    expect(petr.getByRole('button', { name: 'Удалить из команды' })).toBeTruthy();
    expect(petr.queryByRole('button', { name: 'Выйти из команды' })).toBeNull();
    const irina = await rowOf('irina');
    expect(irina.getByText('вы')).toBeTruthy();
    expect(irina.getByText('Владелец')).toBeTruthy();
    expect(irina.getByRole('button', { name: 'Выйти из команды' })).toBeTruthy();
    expect((await rowOf('anna')).getByText('e-mail не указан')).toBeTruthy();
    // What each role may do.
    const roles = within(screen.getByRole('region', { name: 'Роли в команде' }));
    expect(roles.getByText('Только просмотр: ничего не меняет')).toBeTruthy();

    const stale = await invitationRow('parent@mail.ru');
    expect(stale.getByText('Срок истёк')).toBeTruthy();
    expect(stale.getByRole('button', { name: 'Отправить ещё раз' })).toBeTruthy();
    expect(stale.getByRole('button', { name: 'Отозвать' })).toBeTruthy();
    expect((await invitationRow('teacher@school1543.ru')).queryByText('Срок истёк')).toBeNull();

    const form = within(screen.getByRole('region', { name: 'Пригласить в команду' }));
    await user.click(form.getByRole('button', { name: 'Отправить приглашение' }));
    expect(await form.findByText('Укажите e-mail')).toBeTruthy();
    await user.type(form.getByRole('textbox', { name: 'E-mail' }), '  New.Teacher@School1543.RU ');
    await user.selectOptions(form.getByRole('combobox', { name: 'Роль' }), 'Наблюдатель');
    await user.click(form.getByRole('button', { name: 'Отправить приглашение' }));

    const message = 'Приглашение отправлено на new.teacher@school1543.ru. Ссылка действует 7 дней.';
    expect((await screen.findAllByText(message, {}, toastWait)).length).toBeGreaterThan(0);
    expect(
      requests.filter(({ method }) => method === 'POST').map(({ path, body }) => ({ path, body })),
    ).toEqual([
      { path: '/api/organisation/invitations', body: { email: 'new.teacher@school1543.ru', role: 'viewer' } },
    ]);
    expect(await invitationRow('new.teacher@school1543.ru')).toBeTruthy();
    expect((form.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('');
  });

  it('lets the owner change a role, and hand ownership over after saying they become a coordinator', async () => {
    const user = userEvent.setup();
    const { requests } = openTab('irina');

    const petr = await rowOf('petr');
    await user.selectOptions(petr.getByRole('combobox', { name: 'Роль: petr' }), 'Наблюдатель');
    expect((await screen.findAllByText('Роль изменена', {}, toastWait)).length).toBeGreaterThan(0);
    expect(requests.find(({ method }) => method === 'PATCH')).toMatchObject({
      path: '/api/organisation/members/2',
      body: { role: 'viewer' },
    });

    await user.click(petr.getByRole('button', { name: 'Сделать владельцем' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Сделать petr владельцем?' }));
    expect(dialog.getByText(/Вы останетесь в команде с ролью «Координатор»/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Передать права' }));

    expect((await screen.findAllByText('Права владельца переданы', {}, toastWait)).length).toBeGreaterThan(0);
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      path: '/api/organisation/transfer-ownership',
      body: { memberId: 2 },
    });
    // Now a coordinator: the owner's controls are gone, the way out stays.
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Пригласить в команду' })).toBeNull();
    expect((await rowOf('irina')).getByText('Координатор')).toBeTruthy();
    expect((await rowOf('petr')).getByText('Владелец')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Выйти из команды' })).toBeTruthy();
  });

  it('tells the last owner who tries to leave why they cannot, and keeps them on the page', async () => {
    const user = userEvent.setup();
    const leaving = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    openTab('irina');

    await user.click((await rowOf('irina')).getByRole('button', { name: 'Выйти из команды' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Выйти из команды?' }));
    await user.click(dialog.getByRole('button', { name: 'Выйти' }));

    expect((await screen.findAllByText(teamMessages.lastOwner, {}, toastWait)).length).toBeGreaterThan(0);
    expect(leaving).not.toHaveBeenCalled();
  });

  it('shows a viewer the lists without controls, except leaving', async () => {
    const { asked } = openTab('anna');

    expect(await (await rowOf('petr')).findByText('Координатор')).toBeTruthy();
    expect(
      screen.getByText('Роль «Наблюдатель» позволяет только просматривать', { exact: false }),
    ).toBeTruthy();
    expect(
      await within(screen.getByRole('region', { name: 'Приглашения' })).findByText('Срок истёк'),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    for (const name of ['Сделать владельцем', 'Удалить из команды', 'Отправить ещё раз', 'Отозвать']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
    expect(screen.queryByRole('region', { name: 'Пригласить в команду' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Выйти из команды' })).toHaveLength(1);
    expect((await rowOf('anna')).getByRole('button', { name: 'Выйти из команды' })).toBeTruthy();
    expect(asked.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });

  it('shows a coordinator no invitation form and no controls over others', async () => {
    openTab('petr');

    expect(await (await rowOf('anna')).findByText('Наблюдатель')).toBeTruthy();
    expect(
      await within(screen.getByRole('region', { name: 'Приглашения' })).findByText('parent@mail.ru'),
    ).toBeTruthy();
    expect(screen.getByText(/может только владелец организации/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Пригласить в команду' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отправить приглашение' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Удалить из команды' })).toBeNull();
    expect((await rowOf('petr')).getByRole('button', { name: 'Выйти из команды' })).toBeTruthy();
  });
});
