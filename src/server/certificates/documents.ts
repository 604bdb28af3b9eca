import { activityTypeLabels } from '../../shared/catalog';
import {
  certificateMessages,
  certificateTotalsText,
  certificatePaperTexts as texts,
} from '../../shared/certificate-words';
import { periodLabel } from '../../shared/certificates';
import { formatDateRu } from '../../shared/dates';
import { formatProofCode } from '../../shared/proof-codes';
import {
  contentWidth,
  drawTable,
  fieldLines,
  signatureBlock,
  signatureHeight,
  type TableColumn,
  tableDay,
} from '../documents/layout';
import { createPdf, finishPdf, pdfFontSize, pdfPage, qrCodePng } from '../documents/pdf';
import { documentTexts } from '../documents/texts';
import type { IssuedCertificate } from './service';

/**
 * The certificate as a school prints and files it: A4, its events in a table, the totals, the day of
 * issue, the head's signature and the school's stamp, and a QR code with the verification address. The
 * first page takes up to 20 events; more go on further pages, each with the table's head again, and the
 * closing block stays whole on the last page.
 */

const eventsOnFirstPage = 20;

const { columns: heads } = texts;
const columns: readonly TableColumn[] = [
  { header: heads.number, width: 20, align: 'right' },
  { header: heads.date, width: 52 },
  { header: heads.title, width: 'fill' },
  { header: heads.foundation, width: 90 },
  { header: heads.activityType, width: 68 },
  { header: heads.pupils, width: 46, align: 'right' },
  { header: heads.hours, width: 34, align: 'right' },
];
const tableStyle = {
  fontSize: pdfFontSize.small,
  padding: { x: 3, y: 2.5 },
  firstPageRows: eventsOnFirstPage,
};

const qrSize = 92;
/** The QR code and its printed code under it. */
const qrHeight = qrSize + 12;

/** The certificate's PDF; `verifyUrl` is the absolute address its QR code and its text lead to. */
export async function certificatePdf(certificate: IssuedCertificate, verifyUrl: string): Promise<Buffer> {
  const { facts } = certificate;
  const doc = createPdf({ title: certificateMessages.title, subject: facts.schoolName });
  const left = pdfPage.margin;

  doc.font('bold').fontSize(pdfFontSize.title).text(certificateMessages.title, { align: 'center' });
  doc.moveDown(0.8);
  fieldLines(
    doc,
    [
      [texts.school, facts.schoolName],
      [texts.period, periodLabel(facts.period)],
    ],
    { label: 'regular', value: 'bold' },
  );
  doc.font('regular').text(texts.statement, left, doc.y, { width: contentWidth });
  doc.moveDown(0.6);

  drawTable(
    doc,
    columns,
    facts.events.map((event, index) => [
      String(index + 1),
      tableDay(event.date),
      event.title,
      event.foundationName ?? '—',
      event.activityType ? activityTypeLabels[event.activityType] : '—',
      String(event.pupils),
      String(event.hours),
    ]),
    tableStyle,
  );

  // The closing block: the totals, the day of issue, the signature and how to check on the left, the QR
  // code on the right; it moves to a new page whole rather than leave the signature apart from the totals.
  const textWidth = contentWidth - qrSize - 12;
  const code = formatProofCode(certificate.code);
  const lineHeight = doc.font('regular').fontSize(pdfFontSize.body).currentLineHeight(true);
  const closingHeight = 8 + Math.max(qrHeight, 2 * lineHeight + signatureHeight + 58);
  if (doc.y + 8 + closingHeight > pdfPage.height - pdfPage.margin) doc.addPage();
  else doc.y += 8;
  const top = doc.y;
  const qrLeft = left + contentWidth - qrSize;
  doc.image(await qrCodePng(verifyUrl), qrLeft, top, { width: qrSize, height: qrSize });
  doc
    .font('regular')
    .fontSize(pdfFontSize.small)
    .text(code, qrLeft - 10, top + qrSize + 2, { width: qrSize + 20, align: 'center', lineBreak: false });
  doc
    .font('regular')
    .fontSize(pdfFontSize.body)
    .text(`${texts.totals}: `, left, top, { width: textWidth, continued: true })
    .font('bold')
    .text(`${certificateTotalsText(facts.totals)}.`);
  doc.font('regular').text(texts.issued(formatDateRu(certificate.issuedOn)), { width: textWidth });
  signatureBlock(doc, documentTexts.director, { stamp: true });
  doc.moveDown(0.6);
  doc.font('bold').fontSize(pdfFontSize.heading).text(texts.code(code), left, doc.y, { width: textWidth });
  doc
    .font('regular')
    .fontSize(pdfFontSize.body)
    .text(texts.check(verifyUrl), { width: textWidth, link: verifyUrl });
  doc
    .fontSize(pdfFontSize.small)
    .fillColor('#555555')
    .text(texts.checkHint, { width: textWidth, link: null });
  doc.fillColor('black');
  return finishPdf(doc);
}
