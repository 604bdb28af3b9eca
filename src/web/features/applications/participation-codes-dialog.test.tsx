// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ParticipationCode,
  participationCodeMessages,
  type ReissuedCode,
} from '../../../shared/participation-codes';
import { setApiTransport } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { restoreApiTransport } from '../../test/fake-api';
import { ParticipationCodesDialog } from './participation-codes-dialog';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

const used = 'ABCD-EFGH-JKMN-PQRS';
const lost = 'WXYZ-2345-6789-ABCD';
const kept = 'MNPQ-RSTV-WXYZ-0123';
const fresh = 'FRSH-0000-1111-2222';

const code = (values: Partial<ParticipationCode> & Pick<ParticipationCode, 'code'>): ParticipationCode => ({
  status: 'active',
  hours: 3,
  claimedAt: null,
  revokedAt: null,
  replacedBy: null,
  replaces: null,
  ...values,
});

/**
 * The codes of a completed application with three pupils, one code already used, the API answering
 * as GET /api/applications/{id}/codes and POST …/codes/{code}/reissue do (the server's own test,
 * src/server/participation-codes/participation-codes.test.ts, holds it to these answers). Answers the
 * writes the dialog sent.
 */
function openCodes() {
  let codes: ParticipationCode[] = [
    code({ code: used, status: 'claimed', claimedAt: '2026-11-30T09:00:00.000Z' }),
    code({ code: lost }),
    code({ code: kept }),
  ];
  const writes: string[] = [];
  setApiTransport(async (path, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && path === '/api/applications/44/codes') return Response.json(codes);
    writes.push(`${method} ${path}`);
    if (method === 'POST' && path === `/api/applications/44/codes/${lost}/reissue`) {
      const replacement = code({ code: fresh, replaces: lost });
      codes = [
        ...codes.map((item) =>
          item.code === lost
            ? {
                ...item,
                status: 'revoked' as const,
                revokedAt: '2026-12-02T09:00:00.000Z',
                replacedBy: fresh,
              }
            : item,
        ),
        replacement,
      ];
      const answer: ReissuedCode = { message: participationCodeMessages.reissued(fresh), code: replacement };
      return Response.json(answer, { status: 201 });
    }
    return Response.json({ message: 'Код не найден' }, { status: 404 });
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ParticipationCodesDialog applicationId={44} pupils={3} />
    </AppProviders>,
  );
  return writes;
}

describe("the pupils' codes of a completed application", () => {
  it('offers no replacement for a used code, and replacing a lost one names the new code', async () => {
    const user = userEvent.setup();
    const writes = openCodes();

    await user.click(screen.getByRole('button', { name: 'Коды учеников (3)' }));
    // The dialog's code is fetched on the first click (issue 27): on a busy machine that takes seconds.
    const dialog = await screen.findByRole('dialog', { name: 'Коды учеников' }, { timeout: 10_000 });
    const list = await within(dialog).findByRole('list', { name: 'Коды учеников' });
    const row = (text: string) => within(list).getByText(text).closest('li') as HTMLElement;
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(dialog).getByText('Действуют 2 из 3 кодов')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Скачать листок с кодами (PDF)' }).getAttribute('href'),
    ).toBe('/api/applications/44/codes.pdf');

    expect(within(row(used)).getByText('Использован · использован 30 ноября 2026 г.')).toBeTruthy();
    expect(within(row(used)).queryByRole('button')).toBeNull();
    expect(within(row(kept)).getByRole('button', { name: `Заменить ${kept}` })).toBeTruthy();

    await user.click(within(row(lost)).getByRole('button', { name: `Заменить ${lost}` }));
    const confirm = screen.getByRole('alertdialog', { name: `Заменить код ${lost}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Заменить код' }));

    expect(await screen.findByText(`Код заменён. Новый код: ${fresh}`, {}, { timeout: 10_000 })).toBeTruthy();
    await within(list).findByText(fresh);
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(row(lost)).getByText(`Отозван · заменён кодом ${fresh}`)).toBeTruthy();
    expect(within(row(fresh)).getByText(`Не использован · вместо ${lost}`)).toBeTruthy();
    expect(within(row(lost)).queryByRole('button')).toBeNull();
    expect(writes).toEqual([`POST /api/applications/44/codes/${lost}/reissue`]);
  });
});
