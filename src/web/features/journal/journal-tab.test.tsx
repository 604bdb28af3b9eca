// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../shared/auth';
import { type JournalEntryAnswer, type JournalPage, journalMessages } from '../../../shared/journal';
import { paginationOf } from '../../../shared/pagination';
import type { MemberRole } from '../../../shared/roles';
import { type AskedRequest, fakeApi, jsonAnswer, restoreApiTransport } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { JournalTab } from './journal-tab';

afterEach(() => {
  cleanup();
  restoreApiTransport();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const event = 'Уборка сквера у школы';

/** The school «Гимназия № 1543»'s journal: its own people by name, the foundation by its name and role. */
const entries: JournalEntryAnswer[] = [
  {
    id: 3,
    at: '2026-03-10T09:05:00.000Z',
    kind: 'application.approved',
    actor: { name: null, role: 'coordinator', organisationName: 'Фонд «Добрые руки»' },
    eventId: 7,
    eventTitle: event,
    applicationId: 12,
    before: { status: 'pending' },
    after: { status: 'approved', participantCount: 5 },
  },
  {
    id: 2,
    at: '2026-03-09T15:30:00.000Z',
    kind: 'team.role_changed',
    actor: { name: 'irina', role: 'owner', organisationName: 'Гимназия № 1543' },
    eventId: null,
    eventTitle: null,
    applicationId: null,
    before: { member: 'petr', role: 'coordinator' },
    after: { member: 'petr', role: 'viewer', sharedCalendar: true },
  },
  {
    id: 1,
    at: '2026-03-08T21:30:00.000Z',
    kind: 'event.completed',
    actor: null,
    eventId: 7,
    eventTitle: event,
    applicationId: 12,
    before: null,
    after: { hours: 2.5, date: '2026-03-08' },
  },
];

const pageOf = (shown: JournalEntryAnswer[], page = 1, total = shown.length): JournalPage => ({
  entries: shown,
  pagination: paginationOf(page, 20, total),
});

/**
 * The «Журнал» tab as `memberRole` of the school sees it, the API answering GET /api/organisation/journal
 * with `answer` (every entry, one page, by default).
 */
function openTab(
  memberRole: MemberRole = 'owner',
  answer: (request: AskedRequest) => Response = () => jsonAnswer(pageOf(entries)),
) {
  const session = {
    user: { id: 1, username: 'irina', role: 'school', memberRole, organisationId: 1 },
  } satisfies Session;
  const api = fakeApi({
    'GET /api/session': session,
    'GET /api/organisation/journal': answer,
  });
  renderAt('/dashboard', <JournalTab />);
  return api;
}

/** The session comes first, then the list: on a busy machine that takes a moment. */
const slowWait = { timeout: 10_000 };
const journal = () => within(screen.getByRole('region', { name: 'Журнал' }));
const shownJournal = async () => within(await screen.findByRole('region', { name: 'Журнал' }, slowWait));
const entryOf = async (kind: string) =>
  within(await (await shownJournal()).findByRole('article', { name: kind }, slowWait));
const journalAsks = (asked: string[]) => asked.filter((request) => request.includes('/journal'));

describe('the «Журнал» tab', () => {
  it('shows the owner who did what, its own people by name and the other side by organisation', async () => {
    openTab();

    const approved = await entryOf('Заявка одобрена');
    expect(approved.getByText('Фонд «Добрые руки», координатор')).toBeTruthy();
    expect(approved.getByText(event)).toBeTruthy();
    // Moscow time, as the app reads every moment.
    expect(approved.getByText('10 марта 2026 г. в 12:05')).toBeTruthy();
    expect(approved.getByText('Статус: Ожидает → Одобрена')).toBeTruthy();
    expect(approved.getByText('Учеников: 5')).toBeTruthy();

    const roleChanged = await entryOf('Изменена роль участника');
    expect(roleChanged.getByText('irina (владелец)')).toBeTruthy();
    expect(roleChanged.getByText('Участник: petr')).toBeTruthy();
    expect(roleChanged.getByText('Роль: Координатор → Наблюдатель')).toBeTruthy();
    // A field the app has no word for shows as it is.
    expect(roleChanged.getByText('sharedCalendar: да')).toBeTruthy();
    expect(roleChanged.queryByText(event)).toBeNull();

    const completed = await entryOf('Мероприятие завершено, часы начислены');
    expect(completed.getByText('Платформа')).toBeTruthy();
    expect(completed.getByText('9 марта 2026 г. в 00:30')).toBeTruthy();
    expect(completed.getByText('Часы: 2,5')).toBeTruthy();
    expect(completed.getByText('Дата: 8 марта 2026 г.')).toBeTruthy();

    // Newest first, as the server sends them, in a list of articles headed by what happened.
    const list = journal().getByRole('list', { name: 'Записи журнала' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Заявка одобрена', 'Изменена роль участника', 'Мероприятие завершено, часы начислены']);
    expect(journal().getByText('Показано 3 из 3')).toBeTruthy();
  });

  it('asks for the period and the kind chosen, and for the next page of them', async () => {
    const user = userEvent.setup();
    const { asked } = openTab('viewer', ({ path }) => {
      const page = Number(new URLSearchParams(path.split('?')[1]).get('page') ?? 1);
      return jsonAnswer(pageOf(page === 1 ? entries.slice(1, 2) : entries.slice(2), page, 21));
    });
    await entryOf('Изменена роль участника');
    expect(journalAsks(asked)).toEqual(['GET /api/organisation/journal']);

    fireEvent.change(journal().getByLabelText('С даты'), { target: { value: '2026-03-01' } });
    fireEvent.change(journal().getByLabelText('По дату'), { target: { value: '2026-03-31' } });
    await user.selectOptions(journal().getByRole('combobox', { name: 'Какие записи' }), 'Команда');
    await waitFor(() =>
      expect(journalAsks(asked).at(-1)).toBe(
        'GET /api/organisation/journal?from=2026-03-01&to=2026-03-31&kind=team',
      ),
    );

    await user.click(journal().getByRole('button', { name: 'Следующая страница' }));
    expect(await entryOf('Мероприятие завершено, часы начислены')).toBeTruthy();
    expect(journalAsks(asked).at(-1)).toBe(
      'GET /api/organisation/journal?from=2026-03-01&to=2026-03-31&kind=team&page=2',
    );

    // Another filter starts again from the first page.
    await user.selectOptions(journal().getByRole('combobox', { name: 'Какие записи' }), 'Все записи');
    await waitFor(() =>
      expect(journalAsks(asked).at(-1)).toBe('GET /api/organisation/journal?from=2026-03-01&to=2026-03-31'),
    );
  });

  it('says why a period typed backwards is not asked for, and keeps the list it had', async () => {
    const { asked } = openTab();
    await entryOf('Заявка одобрена');

    fireEvent.change(journal().getByLabelText('С даты'), { target: { value: '2026-03-20' } });
    fireEvent.change(journal().getByLabelText('По дату'), { target: { value: '2026-03-10' } });

    expect(journal().getByRole('alert').textContent).toBe(
      'Дата начала периода не может быть позже даты окончания',
    );
    expect(journal().getByLabelText('По дату').getAttribute('aria-invalid')).toBe('true');
    expect(journalAsks(asked)).toEqual([
      'GET /api/organisation/journal',
      'GET /api/organisation/journal?from=2026-03-20',
    ]);
    expect(journal().getByRole('article', { name: 'Заявка одобрена' })).toBeTruthy();
  });

  it('downloads what the filters show', async () => {
    const downloads: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      downloads.push(url);
      return new Response('id;kind\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:journal');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    openTab();
    await entryOf('Заявка одобрена');

    await user.selectOptions(journal().getByRole('combobox', { name: 'Какие записи' }), 'Заявки и часы');
    const buttons = journal().getByRole('group', { name: 'Скачать журнал' });
    await user.click(within(buttons).getByRole('button', { name: 'Скачать Excel' }));

    await waitFor(() => expect(saved).toEqual(['Журнал.xlsx']));
    expect(downloads).toEqual(['/api/organisation/journal/export.xlsx?kind=application']);
  });

  it('says when there is nothing yet, and when the filters leave nothing', async () => {
    const user = userEvent.setup();
    openTab('owner', () => jsonAnswer(pageOf([])));

    expect(await (await shownJournal()).findByText('Записей пока нет', {}, slowWait)).toBeTruthy();
    expect(journal().queryByRole('list', { name: 'Записи журнала' })).toBeNull();

    await user.selectOptions(journal().getByRole('combobox', { name: 'Какие записи' }), 'Профиль');
    expect(await journal().findByText('По этим условиям записей нет')).toBeTruthy();
    await user.click(journal().getByRole('button', { name: 'Сбросить условия' }));
    expect(await journal().findByText('Записей пока нет')).toBeTruthy();
    expect(
      (journal().getByRole('combobox', { name: 'Какие записи' }) as HTMLSelectElement).selectedOptions[0]
        ?.textContent,
    ).toBe('Все записи');
  });

  it('says when the journal could not be loaded, and loads it again on request', async () => {
    const user = userEvent.setup();
    let failing = true;
    openTab('owner', () => (failing ? jsonAnswer({ message: 'Ошибка' }, 500) : jsonAnswer(pageOf(entries))));

    const alert = await (await shownJournal()).findByRole('alert', {}, slowWait);
    expect(alert.textContent).toContain('Не удалось загрузить журнал');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Попробовать снова' }));
    expect(await entryOf('Заявка одобрена')).toBeTruthy();
  });

  it('tells a coordinator that the journal is not theirs, and asks nothing', async () => {
    const { asked } = openTab('coordinator');

    expect(await screen.findByText(journalMessages.onlyOwnersAndViewers, {}, slowWait)).toBeTruthy();
    expect(journalAsks(asked)).toEqual([]);
  });
});
