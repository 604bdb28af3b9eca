import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/**
 * Reading back the exports (issue 25) with real parsers: CSV as Russian Excel reads it (a BOM, `;`,
 * CRLF) through csv-parse, XLSX through exceljs's reader.
 */

const bom = Buffer.from([0xef, 0xbb, 0xbf]);

/** The rows of an exported CSV, header first; fails when the BOM or the CRLF line ends are missing. */
export function csvRows(file: Buffer): string[][] {
  if (!file.subarray(0, 3).equals(bom)) throw new Error('CSV без BOM');
  const text = file.subarray(3).toString('utf8');
  if (text.length > 0 && !text.endsWith('\r\n')) throw new Error('CSV без CRLF в конце строки');
  if (/[^\r]\n/.test(text)) throw new Error('CSV со строкой без CR');
  return parse(text, { delimiter: ';', record_delimiter: '\r\n', relax_column_count: false });
}

export type XlsxCell = string | number | Date | null;

export interface XlsxSheet {
  name: string;
  rows: XlsxCell[][];
  /** Each cell's kind as exceljs reads it: 'string', 'number', 'date', 'formula', 'null'… */
  types: string[][];
  headerBold: boolean;
  /** Each column's number format ('dd.mm.yyyy'…), by the second row's cells. */
  formats: (string | undefined)[];
  widths: (number | undefined)[];
}

/** The first sheet of an XLSX file, its cells as values (strings, numbers, dates, null). */
export async function xlsxSheet(file: Buffer): Promise<XlsxSheet> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type, narrower than Node's.
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('XLSX без листов');
  // exceljs counts the columns over every row each time it is asked.
  const columnCount = sheet.columnCount;
  const rows: XlsxCell[][] = [];
  const types: string[][] = [];
  const typeNames = new Map(
    Object.entries(ExcelJS.ValueType).map(([name, type]) => [type, name.toLowerCase()]),
  );
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: XlsxCell[] = [];
    const cellTypes: string[] = [];
    for (let index = 1; index <= columnCount; index++) {
      const cell = row.getCell(index);
      cells.push(cell.value === undefined ? null : (cell.value as XlsxCell));
      cellTypes.push(typeNames.get(cell.type) ?? String(cell.type));
    }
    rows.push(cells);
    types.push(cellTypes);
  });
  const second = sheet.getRow(2);
  return {
    name: sheet.name,
    rows,
    types,
    headerBold: sheet.getRow(1).getCell(1).font?.bold === true,
    formats: Array.from({ length: columnCount }, (_, index) => second.getCell(index + 1).numFmt),
    widths: Array.from({ length: columnCount }, (_, index) => sheet.getColumn(index + 1).width),
  };
}
