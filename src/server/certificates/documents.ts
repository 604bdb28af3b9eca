import { activityTypeLabels } from '../../shared/catalog';
import { certificateMessages, certificateTotalsText } from '../../shared/certificate-words';
import { type CertificateEvent, periodLabel } from '../../shared/certificates';
import { formatDateRu } from '../../shared/dates';
import { formatProofCode } from '../../shared/proof-codes';
import { createPdf, finishPdf, type PdfDocument, pdfFontSize, pdfPage, qrCodePng } from '../documents/pdf';
import type { IssuedCertificate } from './service';

/**
 * The certificate as a school prints it: A4, its events in a table, the totals, the day of issue and a
 * QR code with the verification address. The first page takes up to 20 events; more go on further
 * pages, each with the table's head again, and the QR block stays with the totals on the last page.
 */

const eventsOnFirstPage = 20;

const contentWidth = pdfPage.width - 2 * pdfPage.margin;
const columns = [
  { head: '№', width: 20 },
  { head: 'Дата', width: 52 },
  { head: 'Мероприятие', width: '*' },
  { head: 'Фонд', width: 90 },
  { head: 'Вид деятельности', width: 68 },
  { head: 'Пришли учеников', width: 46 },
  { head: 'Часов', width: 34 },
] as const;
const qrSize = 92;
/** Height the closing block (totals, day of issue, code, the QR beside them, its code under it) needs. */
const closingHeight = qrSize + 28;

const numericDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

const padding = { x: 3, y: 2.5 };
const border = '#888888';

/** The columns' widths in points, the title's taking what the others leave. */
const widths = (() => {
  const fixed = columns.reduce((sum, column) => sum + (column.width === '*' ? 0 : column.width), 0);
  return columns.map((column) => (column.width === '*' ? contentWidth - fixed : column.width));
})();

/** Columns whose text may wrap: the title, the foundation and the activity type (and every head). */
const wrapping = new Set([2, 3, 4]);

/** The height of a row: its tallest cell. Short cells (numbers, dates) are one line and not measured. */
function rowHeight(doc: PdfDocument, cells: readonly string[], head: boolean): number {
  doc.font(head ? 'bold' : 'regular').fontSize(pdfFontSize.small);
  let tallest = doc.currentLineHeight(true);
  cells.forEach((text, index) => {
    if (!head && !wrapping.has(index)) return;
    tallest = Math.max(tallest, doc.heightOfString(text, { width: (widths[index] ?? 0) - 2 * padding.x }));
  });
  return tallest + 2 * padding.y;
}

/**
 * One row of the table at `y`, cells wrapped to their width. Drawn by hand rather than with pdfkit's
 * `doc.table`, which cloned every cell's style and reopened the font file after every cell: seconds for
 * 200 events, where the bench asks for under one.
 */
function drawRow(doc: PdfDocument, cells: readonly string[], y: number, height: number, head: boolean) {
  doc.font(head ? 'bold' : 'regular').fontSize(pdfFontSize.small);
  let x = pdfPage.margin;
  cells.forEach((text, index) => {
    const width = widths[index] ?? 0;
    if (head) doc.rect(x, y, width, height).fill('#eeeeee').fillColor('black');
    doc.rect(x, y, width, height).lineWidth(0.5).stroke(border);
    const numeric = !head && index >= 5;
    doc.text(text, x + padding.x, y + padding.y, {
      width: width - 2 * padding.x,
      align: numeric ? 'right' : 'left',
      lineBreak: head || wrapping.has(index),
    });
    x += width;
  });
}

const bottom = pdfPage.height - pdfPage.margin;

/** The table's rows from `doc.y`, the head again on each new page; 20 events at most on the first page. */
function drawTable(doc: PdfDocument, events: readonly CertificateEvent[]) {
  const head = columns.map((column) => column.head);
  const headHeight = rowHeight(doc, head, true);
  let y = doc.y;
  drawRow(doc, head, y, headHeight, true);
  y += headHeight;
  events.forEach((event, index) => {
    const cells = [
      String(index + 1),
      numericDate(event.date),
      event.title,
      event.foundationName ?? '—',
      event.activityType ? activityTypeLabels[event.activityType] : '—',
      String(event.pupils),
      String(event.hours),
    ];
    const height = rowHeight(doc, cells, false);
    const firstPageFull = index === eventsOnFirstPage && doc.bufferedPageRange().count === 1;
    if (firstPageFull || y + height > bottom) {
      doc.addPage();
      y = pdfPage.margin;
      drawRow(doc, head, y, headHeight, true);
      y += headHeight;
    }
    drawRow(doc, cells, y, height, false);
    y += height;
  });
  doc.x = pdfPage.margin;
  doc.y = y;
}

/** The certificate's PDF; `verifyUrl` is the absolute address its QR code and its text lead to. */
export async function certificatePdf(certificate: IssuedCertificate, verifyUrl: string): Promise<Buffer> {
  const { facts } = certificate;
  const doc = createPdf({ title: certificateMessages.title, subject: facts.schoolName });
  const left = pdfPage.margin;

  doc.font('bold').fontSize(pdfFontSize.title).text(certificateMessages.title, { align: 'center' });
  doc.moveDown(0.8);
  doc.font('regular').fontSize(pdfFontSize.body);
  doc.text('Образовательная организация: ', { continued: true }).font('bold').text(facts.schoolName);
  doc.font('regular').text('Период: ', { continued: true }).font('bold').text(periodLabel(facts.period));
  doc
    .font('regular')
    .text(
      'Учащиеся школы участвовали в волонтёрских мероприятиях фондов; засчитаны часы пришедших учеников.',
    );
  doc.moveDown(0.6);

  drawTable(doc, facts.events);

  doc.x = left;
  doc.moveDown(0.8);
  if (doc.y + closingHeight > pdfPage.height - pdfPage.margin) doc.addPage();
  // The QR code on the right, the totals and how to check on the left, so the block stays short.
  const top = doc.y;
  const qrLeft = left + contentWidth - qrSize;
  doc.image(await qrCodePng(verifyUrl), qrLeft, top, { width: qrSize, height: qrSize });
  doc
    .font('regular')
    .fontSize(pdfFontSize.small)
    .text(formatProofCode(certificate.code), qrLeft - 10, top + qrSize + 2, {
      width: qrSize + 20,
      align: 'center',
      lineBreak: false,
    });
  const textWidth = contentWidth - qrSize - 12;
  doc
    .font('regular')
    .fontSize(pdfFontSize.body)
    .text('Итого: ', left, top, { width: textWidth, continued: true })
    .font('bold')
    .text(`${certificateTotalsText(facts.totals)}.`);
  doc.font('regular').text(`Выдана ${formatDateRu(certificate.issuedOn)}`, { width: textWidth });
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(pdfFontSize.heading)
    .text(`Код проверки: ${formatProofCode(certificate.code)}`, { width: textWidth });
  doc
    .font('regular')
    .fontSize(pdfFontSize.body)
    .text(`Проверить: ${verifyUrl}`, { width: textWidth, link: verifyUrl });
  doc
    .fontSize(pdfFontSize.small)
    .fillColor('#555555')
    .text('По QR-коду или адресу видно, совпадают ли сведения справки с записями платформы сейчас.', {
      width: textWidth,
    });
  doc.fillColor('black');
  return finishPdf(doc);
}
