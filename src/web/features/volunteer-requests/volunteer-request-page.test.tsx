// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageAnswer } from '../../../shared/answers';
import type { Session } from '../../../shared/auth';
import {
  type SchoolResponse,
  type SchoolResponseInput,
  type SchoolResponseUpdated,
  type VolunteerRequestDetail,
  volunteerRequestMessages,
} from '../../../shared/volunteer-requests';
import { setApiTransport } from '../../api/client';
import { restoreApiTransport } from '../../test/fake-api';
import { schoolProfile } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { VolunteerRequestPage } from './volunteer-request-page';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const session: Session = {
  user: { id: 57, username: 'school_57', role: 'school', memberRole: 'owner', organisationId: 1 },
};

const profile = schoolProfile({
  id: 57,
  username: 'school_57',
  organisationId: 12,
  moderatedAt: '2026-11-01T09:00:00.000Z',
  fullName: 'Школа № 57',
  description: null,
  email: 'school57@example.org',
  phone: '+7 (495) 111-22-33',
  address: 'Москва, ул. Школьная, д. 1',
});

const sent: SchoolResponse = {
  id: 9,
  volunteersOffered: 6,
  message: 'Придут шестеро из 9 «Б»',
  contactPerson: 'Елена Викторовна',
  contactPhone: '+7 (495) 111-22-33',
  contactEmail: 'school57@example.org',
  status: 'pending',
  processingNote: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  processedAt: null,
};

const detailWith = (response: SchoolResponse | undefined): VolunteerRequestDetail => ({
  request: {
    id: 5,
    title: 'Разобрать книги для сельских библиотек',
    description: 'Нужно рассортировать и упаковать около тысячи книг, собранных фондом за осень.',
    eventDate: '2026-12-16',
    eventTime: '12:00',
    location: 'Москва, ул. Лесная, д. 12',
    address: null,
    requirements: null,
    volunteersNeeded: 10,
    status: 'open',
    createdAt: '2026-11-19T09:00:00.000Z',
  },
  foundation: { id: 3, name: 'Фонд «Тёплые руки»', userId: 30 },
  responsesCount: response ? 1 : 0,
  responses: response
    ? [
        {
          response,
          school: { id: 12, username: 'school_57' },
          profile: { avatar: null, fullName: 'Школа № 57' },
        },
      ]
    : [],
});

const json = (body: unknown) => Response.json(body, { status: 200 });

/**
 * The request's page as the school with a pending response sees it, the API answering as the server
 * does: PATCH /api/school-responses/{id} changes the response, DELETE withdraws it (the server's own
 * test, src/server/volunteer-requests/volunteer-requests.test.ts, holds it to these answers). Answers
 * the writes the page sent.
 */
function openRequestPage() {
  let mine: SchoolResponse | undefined = sent;
  const writes: { method: string; path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && path === '/api/session') return json(session);
    if (method === 'GET' && path === '/api/profile') return json(profile);
    if (method === 'GET' && path === '/api/volunteer-requests/5') return json(detailWith(mine));
    writes.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'PATCH' && path === '/api/school-responses/9' && mine) {
      const input = JSON.parse(String(init.body)) as SchoolResponseInput;
      mine = { ...mine, ...input, volunteersOffered: Number(input.volunteersOffered) };
      const answer: SchoolResponseUpdated = {
        response: mine,
        message: volunteerRequestMessages.responseUpdated,
      };
      return json(answer);
    }
    if (method === 'DELETE' && path === '/api/school-responses/9') {
      mine = undefined;
      const answer: MessageAnswer = { message: volunteerRequestMessages.responseWithdrawn };
      return json(answer);
    }
    return Response.json({ message: 'Не найдено' }, { status: 404 });
  });
  renderAt('/volunteer-requests/5', <VolunteerRequestPage />, { route: '/volunteer-requests/:id' });
  return writes;
}

const countField = () => screen.getByLabelText('Сколько волонтёров придёт *') as HTMLInputElement;
const messageField = () => screen.getByLabelText('Сообщение фонду') as HTMLTextAreaElement;

describe("a school's pending response on the request's page", () => {
  it('opens prefilled for a change, sends the whole response and shows the new number', async () => {
    const user = userEvent.setup();
    const writes = openRequestPage();
    expect(await screen.findByText('Готовы прийти: 6')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Изменить отклик' }));
    expect(screen.getByRole('heading', { name: 'Изменить отклик' })).toBeTruthy();
    expect(countField().value).toBe('6');
    expect(messageField().value).toBe('Придут шестеро из 9 «Б»');

    await user.clear(countField());
    await user.type(countField(), '4');
    await user.clear(messageField());
    await user.type(messageField(), 'Придут четверо: у остальных олимпиада');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

    expect(await screen.findByText('Отклик изменён', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Готовы прийти: 4')).toBeTruthy();
    expect(screen.getByText('Придут четверо: у остальных олимпиада')).toBeTruthy();
    expect(screen.getByText('Ожидает', { exact: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).toBeNull();
    expect(writes).toEqual([
      {
        method: 'PATCH',
        path: '/api/school-responses/9',
        body: {
          volunteersOffered: 4,
          message: 'Придут четверо: у остальных олимпиада',
          contactPerson: 'Елена Викторовна',
          contactPhone: '+7 (495) 111-22-33',
          contactEmail: 'school57@example.org',
        },
      },
    ]);
  });

  it('withdraws it only once confirmed, then offers the empty form again', async () => {
    const user = userEvent.setup();
    const writes = openRequestPage();
    expect(await screen.findByText('Готовы прийти: 6')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Отозвать отклик' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Отозвать отклик?' });
    expect(
      within(confirm).getByText(
        'Фонд получит уведомление. Пока заявка открыта, вы сможете откликнуться снова.',
      ),
    ).toBeTruthy();
    expect(writes).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Отозвать' }));

    expect(await screen.findByText('Отклик отозван', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Отправить отклик' })).toBeTruthy();
    expect(countField().value).toBe('10');
    expect(screen.queryByText('Готовы прийти: 6')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отозвать отклик' })).toBeNull();
    expect(writes).toEqual([{ method: 'DELETE', path: '/api/school-responses/9', body: undefined }]);
  });
});
