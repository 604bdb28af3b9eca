// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JournalEntryAnswer, JournalPage } from '../../../shared/journal';
import { paginationOf } from '../../../shared/pagination';
import { fakeApi, jsonAnswer, restoreApiTransport } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { AdminJournalTab } from './journal-tab';

afterEach(() => {
  cleanup();
  restoreApiTransport();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Entries of two organisations and of the administrator, every person named, as GET /api/admin/journal answers. */
const entries: JournalEntryAnswer[] = [
  {
    id: 9,
    at: '2026-04-02T07:00:00.000Z',
    kind: 'event.changed',
    actor: { name: 'anna', role: 'coordinator', organisationName: 'Фонд «Добрые руки»' },
    eventId: 7,
    eventTitle: 'Уборка сквера у школы',
    applicationId: null,
    before: { date: '2026-04-10', startTime: '10:00', location: 'Сквер' },
    after: { date: '2026-04-11', startTime: '11:00', location: 'Сквер' },
  },
  {
    id: 8,
    at: '2026-04-01T10:00:00.000Z',
    kind: 'team.member_invited',
    actor: { name: 'irina', role: 'owner', organisationName: 'Гимназия № 1543' },
    eventId: null,
    eventTitle: null,
    applicationId: null,
    before: null,
    after: { email: 'teacher@school1543.ru', role: 'viewer' },
  },
  {
    id: 7,
    at: '2026-03-31T10:00:00.000Z',
    kind: 'event.deleted',
    actor: { name: 'admin', role: 'admin', organisationName: null },
    eventId: 5,
    eventTitle: 'Субботник',
    applicationId: null,
    before: { status: 'upcoming' },
    after: null,
  },
];

const pageOf = (shown: JournalEntryAnswer[]): JournalPage => ({
  entries: shown,
  pagination: paginationOf(1, 20, shown.length),
});

function openTab() {
  const api = fakeApi({
    'GET /api/admin/journal': ({ path }: { path: string }) =>
      jsonAnswer(pageOf(path.includes('kind=profile') ? [] : entries)),
  });
  renderAt('/admin', <AdminJournalTab />);
  return api;
}

const slowWait = { timeout: 10_000 };
const journal = () => within(screen.getByRole('region', { name: 'Журнал' }));
const entryOf = async (kind: string) =>
  within(
    await within(await screen.findByRole('region', { name: 'Журнал' }, slowWait)).findByRole(
      'article',
      { name: kind },
      slowWait,
    ),
  );

describe("the administrator's «Журнал»", () => {
  it("lists every organisation's entries with each person's name, role and organisation", async () => {
    const { asked } = openTab();

    const changed = await entryOf('Изменены дата или место мероприятия');
    expect(changed.getByText('anna (координатор, Фонд «Добрые руки»)')).toBeTruthy();
    expect(changed.getByText('Уборка сквера у школы')).toBeTruthy();
    expect(changed.getByText('Дата: 10 апреля 2026 г. → 11 апреля 2026 г.')).toBeTruthy();
    expect(changed.getByText('Начало: 10:00 → 11:00')).toBeTruthy();
    expect(changed.getByText('Место: Сквер')).toBeTruthy();
    expect(changed.getByText('2 апреля 2026 г. в 10:00')).toBeTruthy();

    const invited = await entryOf('Отправлено приглашение в команду');
    expect(invited.getByText('irina (владелец, Гимназия № 1543)')).toBeTruthy();
    expect(invited.getByText('E-mail: teacher@school1543.ru')).toBeTruthy();
    expect(invited.getByText('Роль: Наблюдатель')).toBeTruthy();

    const deleted = await entryOf('Мероприятие удалено');
    expect(deleted.getByText('admin (администратор)')).toBeTruthy();
    expect(deleted.getByText('Статус: Запланировано')).toBeTruthy();

    expect(asked).toEqual(['GET /api/admin/journal']);
  });

  it('narrows the list by kind, and says when nothing is left', async () => {
    const user = userEvent.setup();
    const { asked } = openTab();
    await entryOf('Мероприятие удалено');

    await user.selectOptions(journal().getByRole('combobox', { name: 'Какие записи' }), 'Профиль');

    expect(await journal().findByText('По этим условиям записей нет')).toBeTruthy();
    await waitFor(() => expect(asked.at(-1)).toBe('GET /api/admin/journal?kind=profile'));
    expect(journal().queryByRole('article')).toBeNull();
  });
});
