// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageAnswer } from '../../../shared/answers';
import { type FoundationReport, type ReportInput, reportMessages } from '../../../shared/reports';
import { setApiTransport } from '../../api/client';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app-providers';
import { restoreApiTransport } from '../../test/fake-api';
import { ReportsTab } from './foundation-tabs';

afterEach(() => {
  cleanup();
  restoreApiTransport();
});

/**
 * The foundation's «Отчеты» tab, the API answering as GET/POST /api/foundation/reports and DELETE
 * /api/foundation/reports/{id} do (the server's own test, src/server/reports/reports.test.ts, holds it
 * to these answers). Answers the writes the tab sent.
 */
function openReportsTab() {
  let reports: FoundationReport[] = [];
  const writes: { method: string; path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && path === '/api/foundation/reports?page=1&limit=20') {
      return Response.json(reports, { headers: { 'X-Total-Count': String(reports.length) } });
    }
    writes.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST' && path === '/api/foundation/reports') {
      const input = JSON.parse(String(init.body)) as ReportInput;
      const report: FoundationReport = {
        id: 21,
        eventTitle: input.eventTitle,
        eventDate: input.eventDate,
        volunteersCount: input.volunteersCount,
        additionalInfo: input.additionalInfo ?? null,
        createdAt: '2026-12-02T09:00:00.000Z',
      };
      reports = [report, ...reports];
      return Response.json(report, { status: 201 });
    }
    if (method === 'DELETE' && path === '/api/foundation/reports/21') {
      reports = reports.filter((report) => report.id !== 21);
      const answer: MessageAnswer = { message: reportMessages.deleted };
      return Response.json(answer);
    }
    return Response.json({ message: reportMessages.notFound }, { status: 404 });
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ReportsTab />
    </AppProviders>,
  );
  return writes;
}

describe("the foundation's reports tab", () => {
  it('says what is wrong with a report, creates a valid one and deletes it once confirmed', async () => {
    const user = userEvent.setup();
    const writes = openReportsTab();
    expect(await screen.findByText('Отчетов пока нет')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Создать отчет' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый отчет' }, { timeout: 10_000 });
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('Название мероприятия *'), 'Ёл');
    await user.type(field('Количество волонтеров *'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Создать отчет' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([
      'Название мероприятия должно содержать минимум 3 символа',
      'Укажите дату мероприятия',
      'Количество волонтеров должно быть больше 0',
    ]);
    expect(writes).toEqual([]);

    await user.type(field('Название мероприятия *'), 'ка в детском доме');
    await user.type(field('Дата мероприятия *'), '2026-11-01');
    await user.clear(field('Количество волонтеров *'));
    await user.type(field('Количество волонтеров *'), '14');
    await user.type(field('Дополнительная информация'), 'Подарили 40 подарков');
    await user.click(within(dialog).getByRole('button', { name: 'Создать отчет' }));

    expect(await screen.findByText('Отчет создан', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const report = (await screen.findByText('Ёлка в детском доме')).closest('li') as HTMLElement;
    expect(within(report).getByText('1 ноября 2026 г. · Волонтёров: 14')).toBeTruthy();
    expect(within(report).getByText('Подарили 40 подарков')).toBeTruthy();
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/api/foundation/reports',
        body: {
          eventTitle: 'Ёлка в детском доме',
          eventDate: '2026-11-01',
          volunteersCount: 14,
          additionalInfo: 'Подарили 40 подарков',
        },
      },
    ]);

    await user.click(within(report).getByRole('button', { name: 'Удалить отчет: Ёлка в детском доме' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Удалить отчет?' });
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));

    expect(await screen.findByText('Отчет удален')).toBeTruthy();
    expect(await screen.findByText('Отчетов пока нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Удалить отчет: Ёлка в детском доме' })).toBeNull();
    expect(writes.at(-1)).toEqual({ method: 'DELETE', path: '/api/foundation/reports/21', body: undefined });
  });
});
