import { type ActivityType, activityTypeLabels } from '../../shared/catalog';
import { formatDateRu } from '../../shared/dates';
import { claimTexts, hoursText } from '../../shared/participation-codes';
import { claimPath, formatProofCode, verifyPath } from '../../shared/proof-codes';
import { drawTable, signatureBlock, signatureHeight, type TableColumn, tableDay } from '../documents/layout';
import { createPdf, finishPdf, type PdfDocument, pdfFontSize, pdfPage, qrCodePng } from '../documents/pdf';
import { documentTexts } from '../documents/texts';

/** The event a sheet of slips is for. */
export interface SlipEvent {
  title: string;
  date: string;
  foundationName: string | null;
}

/** Two columns of four slips on each A4 sheet, cut apart along dashed lines. */
const slipGrid = { columns: 2, rows: 4, marginX: 30, marginY: 40, padding: 10 } as const;

/** The address a person types, without the scheme: «example.ru/claim». */
const bareAddress = (origin: string, path: string) => `${origin.replace(/^https?:\/\//, '')}${path}`;

function cutLines(doc: PdfDocument, slipWidth: number, slipHeight: number) {
  const { columns, rows, marginX, marginY } = slipGrid;
  doc.save().lineWidth(0.5).strokeColor('#888888').dash(4, { space: 3 });
  for (let column = 0; column <= columns; column++) {
    const x = marginX + column * slipWidth;
    doc
      .moveTo(x, marginY)
      .lineTo(x, marginY + rows * slipHeight)
      .stroke();
  }
  for (let row = 0; row <= rows; row++) {
    const y = marginY + row * slipHeight;
    doc
      .moveTo(marginX, y)
      .lineTo(marginX + columns * slipWidth, y)
      .stroke();
  }
  doc.undash().restore();
}

/**
 * The printable sheet of slips: for each active code the event, its day, the pupil's hours and the
 * foundation, the code in large type and a QR code of its claim page, with how to use it.
 */
export async function slipsPdf(
  event: SlipEvent,
  codes: readonly { code: string; hours: number }[],
  origin: string,
): Promise<Buffer> {
  const doc = createPdf({ title: claimTexts.slipsFileName(event.title).replace(/\.pdf$/, '') });
  const { columns, rows, marginX, marginY, padding } = slipGrid;
  const slipWidth = (pdfPage.width - 2 * marginX) / columns;
  const slipHeight = (pdfPage.height - 2 * marginY) / rows;
  const perPage = columns * rows;
  const qrSize = 86;
  const claimAddress = bareAddress(origin, '/claim');

  for (const [index, { code, hours }] of codes.entries()) {
    const onPage = index % perPage;
    if (onPage === 0) {
      if (index > 0) doc.addPage();
      // The slips fill the page to its edges; pdfkit would otherwise open a page for text near the foot.
      doc.page.margins.bottom = 0;
      cutLines(doc, slipWidth, slipHeight);
    }
    const x = marginX + (onPage % columns) * slipWidth + padding;
    const y = marginY + Math.floor(onPage / columns) * slipHeight + padding;
    const width = slipWidth - 2 * padding;
    const details = [formatDateRu(event.date), hoursText(hours), event.foundationName]
      .filter(Boolean)
      .join(' · ');

    doc.fillColor('#000000').font('bold').fontSize(pdfFontSize.body);
    doc.text(event.title, x, y, { width, height: 26, ellipsis: true });
    doc.font('regular').fontSize(pdfFontSize.small).fillColor('#333333');
    doc.text(details, x, y + 28, { width, height: 20, ellipsis: true });
    const qrTop = y + 50;
    doc.image(await qrCodePng(`${origin}${claimPath(code)}`, 240), x, qrTop, { width: qrSize });
    const textX = x + qrSize + 8;
    const textWidth = width - qrSize - 8;
    doc.fontSize(7).fillColor('#333333');
    doc.text('Отсканируйте код или откройте', textX, qrTop + 4, { width: textWidth });
    // The address on one line, made smaller rather than broken at a hyphen where nobody would type one.
    doc.font('bold');
    let addressSize = 8;
    while (addressSize > 4 && doc.fontSize(addressSize).widthOfString(claimAddress) > textWidth)
      addressSize -= 0.5;
    doc.text(claimAddress, textX, doc.y + 1, { width: textWidth, lineBreak: false });
    doc.font('regular').fontSize(7);
    doc.text(
      'и введите код. Справку с вашим именем получите сразу; имя нигде не хранится.',
      textX,
      doc.y + 2,
      {
        width: textWidth,
      },
    );
    doc.font('bold').fontSize(15).fillColor('#000000');
    doc.text(formatProofCode(code), x, y + slipHeight - 2 * padding - 20, {
      width,
      align: 'center',
      lineBreak: false,
    });
  }
  return finishPdf(doc);
}

/** One claimed code's event, as the pupil's certificate lists it. */
export interface ClaimedEvent {
  code: string;
  title: string;
  date: string;
  foundationName: string | null;
  schoolName: string | null;
  activityType: ActivityType | null;
  hours: number;
}

/**
 * «Справка о волонтёрских часах»: the name as the pupil typed it, each event with its hours, the total,
 * the day of issue, and for each code a QR of its public verification page with the code printed under it.
 */
export async function claimCertificatePdf(
  name: string,
  events: readonly ClaimedEvent[],
  issuedOn: string,
  origin: string,
): Promise<Buffer> {
  const doc = createPdf({ title: claimTexts.title });
  const contentWidth = pdfPage.width - 2 * pdfPage.margin;
  const total = events.reduce((sum, event) => sum + event.hours, 0);

  doc.font('bold').fontSize(pdfFontSize.title).text(claimTexts.title, { align: 'center' });
  doc.moveDown(1);
  doc.font('regular').fontSize(pdfFontSize.heading).text('Настоящая справка выдана');
  doc.font('bold').fontSize(pdfFontSize.title).text(name);
  doc
    .font('regular')
    .fontSize(pdfFontSize.body)
    .text(
      events.length === 1
        ? 'в том, что он(а) принимал(а) участие в волонтёрском мероприятии:'
        : 'в том, что он(а) принимал(а) участие в волонтёрских мероприятиях:',
    );
  doc.moveDown(0.5);

  const columns: readonly TableColumn[] = [
    { header: '№', width: 20, align: 'right' },
    { header: 'Дата', width: 52 },
    { header: 'Мероприятие', width: 'fill' },
    { header: 'Фонд', width: 80 },
    { header: 'Школа', width: 80 },
    { header: 'Направление', width: 66 },
    { header: 'Часы', width: 30, align: 'right' },
  ];
  drawTable(
    doc,
    columns,
    events.map((event, index) => [
      String(index + 1),
      tableDay(event.date),
      event.title,
      event.foundationName ?? '',
      event.schoolName ?? '',
      event.activityType ? activityTypeLabels[event.activityType] : '',
      String(event.hours),
    ]),
    { fontSize: pdfFontSize.small, padding: { x: 4, y: 4 } },
  );
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(pdfFontSize.heading)
    .text(`Всего: ${hoursText(total)}`, pdfPage.margin, doc.y, { width: contentWidth });
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fontSize(pdfFontSize.body)
    .text(`Дата выдачи: ${formatDateRu(issuedOn)}`);
  // The pupil's school signs and stamps the paper it files in the pupil's portfolio.
  if (doc.y + signatureHeight > pdfPage.height - pdfPage.margin) doc.addPage();
  signatureBlock(doc, documentTexts.director, { stamp: true });
  doc.moveDown(1);
  doc
    .fontSize(pdfFontSize.small)
    .fillColor('#333333')
    .text(
      'Участие подтверждено кодами, которые школа выдала ученику после мероприятия. Имя ученика платформа не хранит. Подлинность справки можно проверить по QR-коду или на странице',
      { width: contentWidth },
    );
  doc.font('bold').text(`${bareAddress(origin, '/verify')}/<код>`, { width: contentWidth, lineBreak: false });
  doc.font('regular');
  doc.moveDown(1);

  const qrSize = 96;
  const cell = { width: contentWidth / 4, height: qrSize + 24 };
  let column = 0;
  let top = doc.y;
  for (const event of events) {
    if (column === 0 && top + cell.height > pdfPage.height - pdfPage.margin) {
      doc.addPage();
      top = pdfPage.margin;
    }
    const x = pdfPage.margin + column * cell.width;
    const address = `${origin}${verifyPath(event.code)}`;
    doc.image(await qrCodePng(address, 240), x + (cell.width - qrSize) / 2, top, { width: qrSize });
    doc.font('bold').fontSize(pdfFontSize.small).fillColor('#000000');
    doc.text(formatProofCode(event.code), x, top + qrSize + 2, { width: cell.width, align: 'center' });
    column = (column + 1) % 4;
    if (column === 0) top += cell.height;
  }
  return finishPdf(doc);
}
