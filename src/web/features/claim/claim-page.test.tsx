// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClaimInput, participationCodeMessages } from '../../../shared/participation-codes';
import { renderAt } from '../../test/render';
import { ClaimPage } from './claim-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const title = 'Помощь приюту';
const kept = 'ABCD-EFGH-JKMN-PQRS';
const lost = 'WXYZ-2345-6789-ABCD';

describe('the page where a pupil claims a certificate', () => {
  it("puts the server's refusal of a second code of the same event under «Код 2», and saves nothing", async () => {
    const user = userEvent.setup();
    // POST /api/claim answers as the server does for two codes of one event (its own test,
    // src/server/participation-codes/participation-codes.test.ts, holds it to this message).
    const sent: ClaimInput[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)) as ClaimInput);
      return Response.json(
        { message: participationCodeMessages.ofCode(lost, participationCodeMessages.sameEvent(kept, title)) },
        { status: 400 },
      );
    });
    const saved = vi.spyOn(URL, 'createObjectURL');
    renderAt(`/claim/${kept}`, <ClaimPage />, { route: '/claim/:code' });

    expect((screen.getByRole('textbox', { name: 'Код участия' }) as HTMLInputElement).value).toBe(kept);
    await user.click(screen.getByRole('button', { name: 'Добавить ещё код' }));
    await user.type(screen.getByRole('textbox', { name: 'Код 2' }), lost.toLowerCase());
    await user.type(screen.getByRole('textbox', { name: 'Имя и фамилия' }), 'Вера Соколова');
    await user.click(screen.getByRole('button', { name: 'Получить справку (PDF)' }));

    const second = screen.getByRole('textbox', { name: 'Код 2' });
    await vi.waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    // Its accessible description: the element its aria-describedby names.
    const description = document.getElementById(second.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description).toBe(
      `Этот код — за то же мероприятие «${title}», что и код ${kept}. У каждого ученика один код за мероприятие: оставьте в справке только свой`,
    );
    expect(screen.getByRole('textbox', { name: 'Код 1' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/^Справка сохранена/)).toBeNull();
    expect(saved).not.toHaveBeenCalled();
    expect(sent).toEqual([{ codes: ['ABCDEFGHJKMNPQRS', 'WXYZ23456789ABCD'], name: 'Вера Соколова' }]);
  });
});
