import { type PdfDocument, pdfFontSize, pdfPage } from './pdf';
import { documentTexts } from './texts';

/**
 * What every paper lays out the same way (issue 51): lines of «label: value» that flow, tables whose
 * columns are never narrower than their longest word, and the block where a head signs and stamps. Each
 * paper's own module decides what goes where; these only draw.
 */

export const contentWidth = pdfPage.width - 2 * pdfPage.margin;

export type PdfFont = 'regular' | 'bold';

/** 20.09.2025: a day in a table's narrow column, on one line («20 / сентября / 2025 г.» took three). */
export const tableDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** A label and its value: «Период: 2025/26 учебный год». */
export type Field = readonly [label: string, value: string | null | undefined];

/**
 * Fields one under another from the current line, each «label: value» wrapping onto further lines when
 * long. A field without a value prints nothing and takes no space, so the next one moves up into its line
 * (pdfkit leaves a line whose continued text is empty open, and the next field was drawn over it).
 */
export function fieldLines(
  doc: PdfDocument,
  fields: readonly Field[],
  fonts: { label: PdfFont; value: PdfFont },
  fontSize: number = pdfFontSize.body,
): void {
  for (const [label, value] of fields) {
    const text = value?.trim();
    if (!text) continue;
    doc
      .fontSize(fontSize)
      .font(fonts.label)
      .text(`${label}: `, pdfPage.margin, doc.y, { width: contentWidth, continued: true })
      .font(fonts.value)
      .text(text);
  }
}

export interface TableColumn {
  header: string;
  /**
   * Points, or 'fill' for the column that takes what the others leave. A column widens to hold its
   * header's longest word, and its cells' longest word up to half as wide again as asked.
   */
  width: number | 'fill';
  align?: 'left' | 'center' | 'right';
}

export interface TableStyle {
  fontSize: number;
  padding: { x: number; y: number };
  /** Rows at least this tall: room for what is written in by hand. */
  minRowHeight?: number;
  /** At most this many rows on the document's first page (the certificate's 20 events). */
  firstPageRows?: number;
  lineWidth?: number;
  borderColor?: string;
}

/**
 * pdfkit breaks a word that is even a hair wider than its line, and carries the space after a word that
 * only just fits over to the next line, indenting it: a word is measured with its space and this to spare.
 */
const wordSlack = 1;

function widestWord(doc: PdfDocument, texts: Iterable<string>, font: PdfFont): number {
  doc.font(font);
  const measured = new Set<string>();
  let widest = 0;
  for (const text of texts) {
    for (const word of text.split(/\s+/)) {
      if (!word || measured.has(word)) continue;
      measured.add(word);
      widest = Math.max(widest, doc.widthOfString(`${word} `));
    }
  }
  return widest;
}

/**
 * Each column's width in points. A header never breaks inside a word («Вид деятель/ности»): its column
 * is at least as wide as the header's longest word in bold. A cell's long word («Благотворительный»)
 * widens its column too, but only so far, so that one odd word cannot squeeze the title column away.
 */
function columnWidths(
  doc: PdfDocument,
  columns: readonly TableColumn[],
  rows: readonly (readonly string[])[],
  style: TableStyle,
): number[] {
  doc.fontSize(style.fontSize);
  const padded = (width: number) => width + 2 * style.padding.x + wordSlack;
  const widths = columns.map((column, index) => {
    if (column.width === 'fill') return 0;
    const header = padded(widestWord(doc, [column.header], 'bold'));
    const cells = padded(widestWord(doc, rowsColumn(rows, index), 'regular'));
    return Math.max(column.width, header, Math.min(cells, column.width * 1.5));
  });
  const fill = columns.findIndex((column) => column.width === 'fill');
  if (fill >= 0) widths[fill] = contentWidth - widths.reduce((sum, width) => sum + width, 0);
  return widths;
}

function* rowsColumn(rows: readonly (readonly string[])[], index: number): Generator<string> {
  for (const row of rows) yield row[index] ?? '';
}

/** A row's height: its tallest cell. A cell that fits on one line is not measured line by line. */
function rowHeight(
  doc: PdfDocument,
  cells: readonly string[],
  widths: readonly number[],
  font: PdfFont,
  style: TableStyle,
): number {
  doc.font(font).fontSize(style.fontSize);
  let tallest = doc.currentLineHeight(true);
  cells.forEach((text, index) => {
    const width = (widths[index] ?? 0) - 2 * style.padding.x;
    if (!text.includes('\n') && doc.widthOfString(text) <= width) return;
    tallest = Math.max(tallest, doc.heightOfString(text, { width }));
  });
  return Math.max(style.minRowHeight ?? 0, tallest + 2 * style.padding.y);
}

/** «Гимназия №» at a line's end and «1543» on the next is read as two things: the sign keeps its number. */
const keepNumberSign = (text: string) => text.replace(/№ (?=\d)/g, '№\u00a0');

function drawRow(
  doc: PdfDocument,
  columns: readonly TableColumn[],
  widths: readonly number[],
  cells: readonly string[],
  y: number,
  height: number,
  header: boolean,
  style: TableStyle,
): void {
  doc
    .font(header ? 'bold' : 'regular')
    .fontSize(style.fontSize)
    .lineWidth(style.lineWidth ?? 0.5);
  let x = pdfPage.margin;
  columns.forEach((column, index) => {
    const width = widths[index] ?? 0;
    if (header) doc.rect(x, y, width, height).fill('#eeeeee');
    doc
      .rect(x, y, width, height)
      .stroke(style.borderColor ?? '#888888')
      .fillColor('#000000');
    doc.text(cells[index] ?? '', x + style.padding.x, y + style.padding.y, {
      width: width - 2 * style.padding.x,
      align: header ? 'left' : (column.align ?? 'left'),
    });
    x += width;
  });
}

/**
 * A table from the current line: the header, then the rows, each page it runs onto starting with the
 * header again. Drawn by hand rather than with pdfkit's `doc.table`, which cloned every cell's style and
 * reopened the font file after every cell (seconds for the certificate's 200 events), and which sized
 * columns by the widths given, breaking headers inside words.
 */
export function drawTable(
  doc: PdfDocument,
  columns: readonly TableColumn[],
  cells: readonly (readonly string[])[],
  style: TableStyle,
): void {
  const rows = cells.map((row) => row.map(keepNumberSign));
  const widths = columnWidths(doc, columns, rows, style);
  const headers = columns.map((column) => column.header);
  const headerHeight = rowHeight(doc, headers, widths, 'bold', style);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const startsOnFirstPage = doc.bufferedPageRange().count === 1;
  let y = doc.y;
  let rowsOnPage = 0;
  let firstPage = startsOnFirstPage;
  const newPage = () => {
    doc.addPage();
    firstPage = false;
    rowsOnPage = 0;
    y = doc.page.margins.top;
  };
  // The header and the first row stay together.
  const firstRow = rows[0] ? rowHeight(doc, rows[0], widths, 'regular', style) : 0;
  if (y + headerHeight + firstRow > bottom()) newPage();
  drawRow(doc, columns, widths, headers, y, headerHeight, true, style);
  y += headerHeight;
  for (const cells of rows) {
    const height = rowHeight(doc, cells, widths, 'regular', style);
    const firstPageFull = firstPage && rowsOnPage === style.firstPageRows;
    if (firstPageFull || y + height > bottom()) {
      newPage();
      drawRow(doc, columns, widths, headers, y, headerHeight, true, style);
      y += headerHeight;
    }
    drawRow(doc, columns, widths, cells, y, height, false, style);
    y += height;
    rowsOnPage++;
  }
  doc.x = pdfPage.margin;
  doc.y = y;
}

/** Room above the signature line to sign in. */
const signingRoom = 16;
/** Height `signatureBlock` takes: room to sign, its line and the hints under the blanks. */
export const signatureHeight = 38;

/**
 * «Директор ______________ / ______________ /   М.П.» with «подпись» and «расшифровка подписи» under the
 * blanks: where the head signs, writes out their name and, with `stamp`, sets the organisation's stamp.
 * Drawn at `x` (the left margin by default) below the current line, leaving room to sign above it.
 */
export function signatureBlock(
  doc: PdfDocument,
  role: string,
  options: { stamp: boolean; x?: number } = { stamp: true },
): void {
  const { blank, stamp, signatureHint, nameHint } = documentTexts;
  const x = options.x ?? pdfPage.margin;
  const y = doc.y + signingRoom;
  doc.font('regular').fontSize(pdfFontSize.body).fillColor('#000000');
  const line = `${role} ${blank} / ${blank} /`;
  doc.text(line, x, y, { lineBreak: false });
  if (options.stamp) doc.text(stamp, x + doc.widthOfString(line) + 30, y, { lineBreak: false });
  const blankWidth = doc.widthOfString(blank);
  const hintsAt = [x + doc.widthOfString(`${role} `), x + doc.widthOfString(`${role} ${blank} / `)];
  const hintY = y + doc.currentLineHeight(true);
  doc.fontSize(pdfFontSize.small - 2).fillColor('#555555');
  // Centred by hand: pdfkit wraps a text given a width even when told not to break lines.
  [signatureHint, nameHint].forEach((hint, index) => {
    const hintX = (hintsAt[index] ?? x) + (blankWidth - doc.widthOfString(hint)) / 2;
    doc.text(hint, hintX, hintY, { lineBreak: false });
  });
  doc.fillColor('#000000').font('regular').fontSize(pdfFontSize.body);
  doc.x = pdfPage.margin;
  doc.y = y + signatureHeight - signingRoom;
}
