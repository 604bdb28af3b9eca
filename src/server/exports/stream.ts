import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '../../shared/exports';
import { asDownload, contentTypes } from '../http/downloads';

/**
 * The one streaming layer of every export (issue 25): a title, columns and rows read from SQL a page at
 * a time, written as CSV or XLSX straight into the reply. At most one page of rows and the writers'
 * buffers are in memory whatever the size of the list; a client that goes away stops the reading.
 */

/** How a column's values are written: days and moments become dates a spreadsheet can sort. */
export type ColumnKind = 'text' | 'number' | 'day' | 'moment';

export interface Column<Row> {
  header: string;
  kind: ColumnKind;
  /** `day`: yyyy-MM-dd; `moment`: a Date; `number`: a number; `text`: a string. null is an empty cell. */
  value: (row: Row) => string | number | Date | null;
  /** Characters, for the XLSX column; the header's length or 12 by default. */
  width?: number;
}

export interface ExportSpec<Row> {
  /** The file's name before its date («Заявки») and the sheet's name. */
  title: string;
  columns: readonly Column<Row>[];
  rows: AsyncIterable<Row>;
  /** The app's time zone: moments are written as its clock shows them. */
  timeZone: string;
}

/** Rows a query reads at once: small enough to keep memory flat, large enough that paging costs nothing. */
export const exportPageSize = 1000;

/**
 * Every row of a keyset-paged query: `page(after, limit)` answers up to `limit` rows that come after the
 * key `after` (undefined: from the start) in the query's order, `keyOf` gives a row's key. A page shorter
 * than asked for is the last one. Keyset rather than OFFSET: each page costs the same, however deep.
 */
export async function* pagedRows<Row, Key>(
  page: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  pageSize = exportPageSize,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const rows = await page(after, pageSize);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < pageSize || last === undefined) return;
    after = keyOf(last);
  }
}

/**
 * A phone number as people write it: «+7 (912) 000-00-00». Without letters, a cell reference or a function
 * it computes nothing, so it is not a formula to neutralise.
 */
const phoneNumber = /^\+[\d ()-]*\d[\d ()-]*$/;

/**
 * A CSV cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return before one)
 * gets a leading apostrophe, as OWASP's advice on CSV injection says: the text is shown, nothing is
 * computed. Only CSV needs it: an XLSX text cell is never computed, and there the apostrophe would show.
 */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !phoneNumber.test(text) ? `'${text}` : text;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The moment as the clock in `timeZone` shows it, as a Date whose UTC fields hold that clock. */
export function wallClock(moment: Date, timeZone: string): Date {
  let formatter = wallClocks.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(moment).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return new Date(
    Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    ),
  );
}

const two = (value: number) => String(value).padStart(2, '0');
/** 26.11.2026: the form Russian Excel reads as a date. */
const russianDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
/** 26.11.2026 14:30 on the app's clock. */
const russianMoment = (moment: Date, timeZone: string) => {
  const clock = wallClock(moment, timeZone);
  return `${russianDay(clock.toISOString().slice(0, 10))} ${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}`;
};

function csvCell<Row>(column: Column<Row>, row: Row, timeZone: string): string | number {
  const value = column.value(row);
  if (value === null) return '';
  if (value instanceof Date) return russianMoment(value, timeZone);
  if (typeof value === 'number') return value;
  return column.kind === 'day' ? russianDay(value) : neutralised(value);
}

function xlsxCell<Row>(column: Column<Row>, row: Row, timeZone: string): string | number | Date | null {
  const value = column.value(row);
  if (value === null || typeof value === 'number') return value;
  if (value instanceof Date) return wallClock(value, timeZone);
  // A day is midnight UTC: exceljs writes a Date's UTC fields, so the cell shows that very day.
  return column.kind === 'day' ? new Date(`${value}T00:00:00Z`) : value;
}

/** CSV bytes: BOM, a header row, `;` between cells, CRLF after every row. */
export function csvStream<Row>(spec: ExportSpec<Row>): Readable {
  const records = async function* () {
    for await (const row of spec.rows) {
      yield spec.columns.map((column) => csvCell(column, row, spec.timeZone));
    }
  };
  const out = new PassThrough();
  pipeline(
    Readable.from(records()),
    stringify({
      bom: true,
      delimiter: ';',
      record_delimiter: '\r\n',
      header: true,
      columns: spec.columns.map((column) => neutralised(column.header)),
    }),
    out,
  ).catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** Resolves when the stream can take more, or is gone (the client left: the loop then stops). */
const drainedOrClosed = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });

/**
 * A name Excel takes for a sheet: at most 31 characters, none of * ? : \\ / [ ], no apostrophe at either
 * end. An event's title may hold any of them.
 */
export function sheetName(title: string): string {
  const name = title
    .replace(/[*?:/\\[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 31)
    .replace(/^[\s']+|[\s']+$/g, '');
  return name || 'Лист1';
}

/** Rows between two turns of the event loop while an XLSX is written: a few dozen kilobytes of XML. */
const xlsxRowsPerTurn = 200;

const numberFormats: Partial<Record<ColumnKind, string>> = { day: 'dd.mm.yyyy', moment: 'dd.mm.yyyy hh:mm' };

/**
 * XLSX bytes from exceljs's streaming writer: each row is committed, and so leaves memory, as soon as it
 * is written; after each row the writer waits while the reply's buffer is full, so a slow client slows
 * the reading down instead of piling rows up.
 */
export function xlsxStream<Row>(spec: ExportSpec<Row>): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName(spec.title), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = spec.columns.map((column, index) => ({
      header: column.header,
      key: String(index),
      width: column.width ?? Math.max(12, column.header.length + 2),
      style: numberFormats[column.kind] ? { numFmt: numberFormats[column.kind] } : {},
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    let written = 0;
    for await (const row of spec.rows) {
      sheet.addRow(spec.columns.map((column) => xlsxCell(column, row, spec.timeZone))).commit();
      written++;
      // exceljs hands its sheet to the zip without back-pressure of its own, and a page read from PGlite
      // may resolve without a turn of the event loop: every so often the zip is given that turn, to
      // compress what it holds into the reply, and the loop waits while the reply's buffer is full.
      if (written % xlsxRowsPerTurn === 0) {
        await setImmediate();
        while (out.writableNeedDrain && !out.destroyed) await drainedOrClosed(out);
      }
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** 26.11.2026 as a file name part: «Заявки 2026-11-26.csv». */
export function exportFileName(title: string, today: string, format: ExportFormat): string {
  // Characters no file system takes in a name, and control characters, become spaces.
  const safe = [...title]
    .map((char) => (char < ' ' || char === '\u007f' || '/\\:*?"<>|'.includes(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe.slice(0, 100)} ${today}.${format}`;
}

/**
 * Sends the export as a download in the format asked for. The first page is read before the answer
 * starts, so that a query the database refuses (a NUL in a search) is an ordinary JSON failure rather
 * than a file cut short.
 */
export async function sendExport<Row>(
  reply: FastifyReply,
  format: ExportFormat,
  spec: ExportSpec<Row>,
  today: string,
): Promise<FastifyReply> {
  const iterator = spec.rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const rest: AsyncIterable<Row> = { [Symbol.asyncIterator]: () => iterator };
  const rows = (async function* () {
    if (first.done) return;
    yield first.value;
    yield* rest;
  })();
  const streamed = { ...spec, rows };
  asDownload(reply, exportFileName(spec.title, today, format), contentTypes[format]);
  return reply.send(format === 'csv' ? csvStream(streamed) : xlsxStream(streamed));
}
