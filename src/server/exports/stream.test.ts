import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { csvRows, xlsxSheet } from '../test/spreadsheets';
import {
  type Column,
  csvStream,
  exportFileName,
  neutralised,
  pagedRows,
  sheetName,
  wallClock,
  xlsxStream,
} from './stream';

interface Row {
  id: number;
  name: string;
}

/** A table of `size` rows read the way the exports read SQL: after a key, up to a limit, in id order. */
function table(size: number) {
  const asked: (number | undefined)[] = [];
  const page = async (after: number | undefined, limit: number) => {
    asked.push(after);
    const from = after ?? 0;
    return Array.from({ length: Math.max(0, Math.min(limit, size - from)) }, (_, index) => ({
      id: from + index + 1,
      name: `Строка ${from + index + 1}`,
    }));
  };
  return { asked, rows: (pageSize: number) => pagedRows(page, (row: Row) => row.id, pageSize) };
}

const columns: Column<Row>[] = [
  { header: 'Номер', kind: 'number', value: (row) => row.id },
  { header: 'Название', kind: 'text', value: (row) => row.name },
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('pagedRows', () => {
  it('reads page after page by the last key until a short page, every row once and in order', async () => {
    const { asked, rows } = table(2_500);
    const ids: number[] = [];
    for await (const row of rows(1_000)) ids.push(row.id);
    expect(ids).toEqual(Array.from({ length: 2_500 }, (_, index) => index + 1));
    expect(asked).toEqual([undefined, 1_000, 2_000]);
  });

  it('asks once more after a full last page, and stops at the empty one', async () => {
    const { asked, rows } = table(2_000);
    let count = 0;
    for await (const _row of rows(1_000)) count++;
    expect(count).toBe(2_000);
    expect(asked).toEqual([undefined, 1_000, 2_000]);
  });
});

describe('the writers', () => {
  it('neutralise in CSV what a spreadsheet would compute, and nothing else', () => {
    for (const text of ['=1+1', '+A1', '+7+SUM(A1)', '-2', '@SUM(A1)', '\t=1', '\r=1', '+']) {
      expect(neutralised(text)).toBe(`'${text}`);
    }
    for (const text of ['Анна', "'=уже", ' =1', '1=1', '', '+7 (912) 000-00-00', '+79120000000']) {
      expect(neutralised(text)).toBe(text);
    }
  });

  it('write a formula-like text as it is: a text cell in XLSX, an apostrophe before it in CSV', async () => {
    const texts = ['=HYPERLINK("http://evil.example","Нажми")', '+7 (912) 000-00-00', '@SUM(A1)'];
    const spec = { title: 'Проверка', columns, timeZone: 'Europe/Moscow' };
    const rows = async function* () {
      for (const [index, name] of texts.entries()) yield { id: index + 1, name };
    };
    const csv = csvRows(await bytesOf(csvStream({ ...spec, rows: rows() })));
    expect(csv.slice(1).map((row) => row[1])).toEqual([
      `'=HYPERLINK("http://evil.example","Нажми")`,
      '+7 (912) 000-00-00',
      "'@SUM(A1)",
    ]);
    const sheet = await xlsxSheet(await bytesOf(xlsxStream({ ...spec, rows: rows() })));
    expect(sheet.rows.slice(1).map((row) => row[1])).toEqual(texts);
    expect(sheet.types.slice(1).map((row) => row[1])).toEqual(['string', 'string', 'string']);
  });

  it('write days and moments as the app’s clock shows them', () => {
    // 21:30 UTC is half past midnight the next day in Moscow.
    expect(wallClock(new Date('2026-11-25T21:30:00Z'), 'Europe/Moscow').toISOString()).toBe(
      '2026-11-26T00:30:00.000Z',
    );
  });

  it('name sheets as Excel allows, whatever the event is called', () => {
    expect(sheetName("'Сбор: вещей/зима [2026]?'")).toBe('Сбор вещей зима 2026');
    expect(sheetName('Участники Весенний субботник в парке')).toBe('Участники Весенний субботник в');
    expect(sheetName('***')).toBe('Лист1');
  });

  it('name files in Russian with the day, without characters a file system refuses', () => {
    expect(exportFileName('Участники «Сбор/вещей»: 1?', '2026-11-26', 'xlsx')).toBe(
      'Участники «Сбор вещей» 1 2026-11-26.xlsx',
    );
  });

  it('write every row of a source larger than a page, as CSV and as XLSX', async () => {
    const spec = { title: 'Проверка', columns, timeZone: 'Europe/Moscow' };
    const csv = csvRows(await bytesOf(csvStream({ ...spec, rows: table(2_345).rows(500) })));
    expect(csv).toHaveLength(2_346);
    expect(csv[0]).toEqual(['Номер', 'Название']);
    expect(csv.at(-1)).toEqual(['2345', 'Строка 2345']);
    const sheet = await xlsxSheet(await bytesOf(xlsxStream({ ...spec, rows: table(2_345).rows(500) })));
    expect(sheet.rows).toHaveLength(2_346);
    expect(sheet.rows.at(-1)).toEqual([2_345, 'Строка 2345']);
  });

  it.each([
    ['CSV', csvStream],
    ['XLSX', xlsxStream],
  ] as const)('%s: a reader that goes away stops the reading of pages', async (_name, write) => {
    const { asked, rows } = table(1_000_000);
    const stream = write({ title: 'Проверка', columns, timeZone: 'Europe/Moscow', rows: rows(1_000) });
    // Nobody reads: back-pressure holds the writer after a few pages.
    await sleep(300);
    const pagesWhileStalled = asked.length;
    expect(pagesWhileStalled).toBeLessThan(100);
    for await (const _chunk of stream) break;
    stream.destroy();
    await sleep(300);
    const pagesAfterLeaving = asked.length;
    await sleep(300);
    expect(asked.length).toBe(pagesAfterLeaving);
    expect(pagesAfterLeaving).toBeLessThan(1_000);
  });
});
