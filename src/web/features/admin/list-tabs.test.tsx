// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../shared/admin';
import { setApiTransport } from '../../api/client';
import { restoreApiTransport } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { AdminUsersTab } from './list-tabs';

afterEach(() => {
  cleanup();
  restoreApiTransport();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fundName = 'Фонд «Админ»';

const fund: AdminUser = {
  id: 31,
  username: 'fund_31',
  fullName: fundName,
  role: 'foundation',
  email: 'fund@example.org',
  phone: null,
  address: null,
  description: null,
  isProfileComplete: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  moderationStatus: 'approved',
  moderationComment: null,
  moderatedAt: '2026-11-20T10:00:00.000Z',
};

/**
 * The administrator's users tab, the API answering its list as GET /api/admin/users does; the download
 * itself is the browser's fetch, answered by `download`. Answers what was downloaded and what saved.
 */
function openUsersTab(download: (url: string) => Response) {
  setApiTransport(async () => Response.json([fund], { status: 200, headers: { 'X-Total-Count': '1' } }));
  const downloads: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    downloads.push(url);
    return download(url);
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  renderAt('/', <AdminUsersTab />);
  return { downloads, saved };
}

describe("the users tab's download buttons (ExportButtons)", () => {
  it("download the list with the search and role the administrator chose, under the server's name", async () => {
    const user = userEvent.setup();
    const { downloads, saved } = openUsersTab(
      () =>
        new Response('id;name\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="users.csv"; filename*=UTF-8''${encodeURIComponent('Пользователи 2026-12-02.csv')}`,
          },
        }),
    );
    await user.type(await screen.findByLabelText('Поиск'), `${fundName}{Enter}`);
    await user.selectOptions(screen.getByLabelText('Роль'), 'Фонд');
    expect(await screen.findByText('Показано 1 из 1')).toBeTruthy();

    const buttons = screen.getByRole('group', { name: 'Пользователи' });
    await user.click(within(buttons).getByRole('button', { name: 'Скачать CSV' }));

    await vi.waitFor(() => expect(saved).toEqual(['Пользователи 2026-12-02.csv']));
    expect(downloads).toEqual([
      `/api/admin/users/export.csv?${new URLSearchParams({ search: fundName, role: 'foundation' })}`,
    ]);
  });

  it("says in Russian why a download was refused, with the server's message, and saves nothing", async () => {
    const user = userEvent.setup();
    const { downloads, saved } = openUsersTab(() =>
      Response.json({ message: 'Это действие доступно только для роли: администратор' }, { status: 403 }),
    );
    await screen.findByText('Показано 1 из 1');

    await user.click(screen.getByRole('button', { name: 'Скачать Excel' }));

    // The toast's view is fetched with the first toast: on a busy machine that takes a moment.
    expect(await screen.findByText('Не удалось скачать файл', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Это действие доступно только для роли: администратор')).toBeTruthy();
    expect(downloads).toEqual(['/api/admin/users/export.xlsx']);
    expect(saved).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Скачать Excel' }).hasAttribute('disabled')).toBe(false);
  });
});
