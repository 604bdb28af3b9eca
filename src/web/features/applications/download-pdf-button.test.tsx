// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printoutTexts } from '../../../shared/printouts';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { downloadTripSheet } from './api/printouts';
import { DownloadPdfButton } from './download-pdf-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the button that saves a printout', () => {
  it("says in Russian why a cancelled event's trip sheet cannot be had, and saves nothing", async () => {
    const user = userEvent.setup();
    // The server's answer for the trip sheet of an application whose event was cancelled (its own test,
    // src/server/printouts/printouts.test.ts, holds the server to it).
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ message: printoutTexts.tripSheetCancelled }), {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const saved = vi.spyOn(URL, 'createObjectURL');
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DownloadPdfButton
          label={printoutTexts.tripSheet.button}
          failed={printoutTexts.tripSheet.failed}
          download={() => downloadTripSheet(12)}
        />
      </AppProviders>,
    );

    await user.click(screen.getByRole('button', { name: 'Лист поездки (PDF)' }));

    // The toast's view is fetched with the first toast: on a busy machine that takes a moment.
    expect(await screen.findByText('Не удалось скачать лист поездки', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Мероприятие отменено: лист поездки не нужен')).toBeTruthy();
    expect(asked).toEqual(['/api/applications/12/trip-sheet.pdf']);
    expect(saved).not.toHaveBeenCalled();
    // The button is usable again for another try.
    expect(screen.getByRole('button', { name: 'Лист поездки (PDF)' }).hasAttribute('disabled')).toBe(false);
  });
});
