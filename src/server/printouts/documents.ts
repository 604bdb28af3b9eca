import { activityTypeLabels } from '../../shared/catalog';
import { formatDateRu } from '../../shared/dates';
import { printoutTexts } from '../../shared/printouts';
import { createPdf, finishPdf, type PdfDocument, pdfFontSize, pdfPage } from '../documents/pdf';
import type { ParticipantList, TripSheet } from './service';

/**
 * The two papers people print for the day of an event (issue 25): the foundation's participant list, to
 * tick off who came at the entrance, and the school's trip sheet, which the accompanying teacher takes
 * along with the pupils' names written in by hand.
 */

const contentWidth = pdfPage.width - 2 * pdfPage.margin;
const fields = printoutTexts.fields;

const bottomOf = (doc: PdfDocument) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more points fit on this one. */
function keepRoom(doc: PdfDocument, height: number): void {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

function title(doc: PdfDocument, text: string, subtitle: string): void {
  doc.font('bold').fontSize(pdfFontSize.title).text(text, { width: contentWidth });
  doc.moveDown(0.3);
  doc.font('bold').fontSize(pdfFontSize.heading).text(subtitle, { width: contentWidth });
  doc.moveDown(0.5);
}

/** «Метка: значение»; an empty value reads 'не указано' rather than leaving the reader to guess. */
function field(doc: PdfDocument, label: string, value: string | null | undefined): void {
  doc
    .fontSize(pdfFontSize.body)
    .font('bold')
    .text(`${label}: `, { continued: true, width: contentWidth })
    .font('regular')
    .text(value?.trim() || printoutTexts.notSpecified);
}

function section(doc: PdfDocument, text: string): void {
  keepRoom(doc, 40);
  doc.moveDown(0.8);
  doc.font('bold').fontSize(pdfFontSize.heading).text(text, pdfPage.margin, doc.y, { width: contentWidth });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(pdfFontSize.body);
}

const timeOf = (event: { startTime: string; endTime: string }) => `${event.startTime}–${event.endTime}`;

function eventFields(doc: PdfDocument, event: ParticipantList['event']): void {
  field(doc, fields.date, formatDateRu(event.date));
  field(doc, fields.time, timeOf(event));
  field(doc, fields.location, event.location);
  if (event.address) field(doc, fields.address, event.address);
  field(doc, fields.activityType, activityTypeLabels[event.activityType]);
}

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'center' | 'right';
}

const cellPadding = 4;
/** Tall enough for a number written by hand in the empty «Пришли» column. */
const minRowHeight = 24;

function rowHeight(doc: PdfDocument, columns: readonly Column[], cells: readonly string[], header: boolean) {
  doc.font(header ? 'bold' : 'regular').fontSize(pdfFontSize.body);
  const heights = columns.map(
    (column, index) =>
      doc.heightOfString(cells[index] ?? '', { width: column.width - 2 * cellPadding }) + 2 * cellPadding,
  );
  return Math.max(minRowHeight, ...heights);
}

/** One row of cells with their borders, from the current position down. */
function tableRow(doc: PdfDocument, columns: readonly Column[], cells: readonly string[], header = false) {
  const height = rowHeight(doc, columns, cells, header);
  const y = doc.y;
  let x = pdfPage.margin;
  columns.forEach((column, index) => {
    if (header) doc.rect(x, y, column.width, height).fillAndStroke('#eeeeee', '#000000').fillColor('#000000');
    else doc.rect(x, y, column.width, height).stroke('#000000');
    doc.text(cells[index] ?? '', x + cellPadding, y + cellPadding, {
      width: column.width - 2 * cellPadding,
      align: column.align ?? 'left',
    });
    x += column.width;
  });
  doc.x = pdfPage.margin;
  doc.y = y + height;
}

/** A table whose rows continue on further pages, each page starting with the column names. */
function table(doc: PdfDocument, columns: readonly Column[], rows: readonly (readonly string[])[]): void {
  const headers = columns.map((column) => column.header);
  doc.lineWidth(0.7);
  keepRoom(doc, rowHeight(doc, columns, headers, true) + minRowHeight);
  tableRow(doc, columns, headers, true);
  for (const row of rows) {
    if (doc.y + rowHeight(doc, columns, row, false) > bottomOf(doc)) {
      doc.addPage();
      tableRow(doc, columns, headers, true);
    }
    tableRow(doc, columns, row);
  }
}

const columnNames = printoutTexts.participantList.columns;
const participantColumns: readonly Column[] = [
  { header: columnNames.number, width: 24, align: 'right' },
  // The school takes what the others leave: its name is the longest text of a row.
  { header: columnNames.school, width: contentWidth - (24 + 66 + 56 + 100 + 110) },
  { header: columnNames.approved, width: 66, align: 'center' },
  { header: columnNames.came, width: 56 },
  { header: columnNames.contactPerson, width: 100 },
  // A phone written as +7 (999) 123-45-67 fits on one line.
  { header: columnNames.phone, width: 110 },
];

export function participantListPdf(list: ParticipantList, issuedOn: string): Promise<Buffer> {
  const texts = printoutTexts.participantList;
  const doc = createPdf({ title: `${texts.title}: ${list.event.title}` });
  title(doc, texts.title, list.event.title);
  eventFields(doc, list.event);
  field(doc, fields.foundation, list.foundationName);
  field(doc, fields.issued, formatDateRu(issuedOn));
  doc.moveDown(0.8);

  if (list.schools.length === 0) {
    doc.font('regular').text(texts.empty, pdfPage.margin, doc.y, { width: contentWidth });
  } else {
    table(
      doc,
      participantColumns,
      list.schools.map((school, index) => [
        String(index + 1),
        school.schoolName,
        String(school.participantCount),
        '',
        school.contactPerson,
        school.phone,
      ]),
    );
  }

  const pupils = list.schools.reduce((sum, school) => sum + school.participantCount, 0);
  // The totals, what still waits and the signature stay together, under the table's last row.
  keepRoom(doc, 140);
  doc.moveDown(0.8);
  doc.x = pdfPage.margin;
  doc.font('bold').fontSize(pdfFontSize.body).text(texts.totals(list.schools.length, pupils), {
    width: contentWidth,
  });
  doc.font('regular');
  if (list.pendingCount > 0) doc.text(texts.stillPending(list.pendingCount), { width: contentWidth });
  if (list.waitlistedCount > 0) doc.text(texts.waitlisted(list.waitlistedCount), { width: contentWidth });
  doc.fontSize(pdfFontSize.small).fillColor('#555555').text(texts.cameHint, { width: contentWidth });
  doc.fillColor('#000000').fontSize(pdfFontSize.body).moveDown(2);
  doc.text(texts.signature, { width: contentWidth });
  doc.moveDown(1.2);
  doc.text(texts.date, { width: contentWidth });
  return finishPdf(doc);
}

/** Space for one name written by hand. */
const nameLineHeight = 24;

export function tripSheetPdf(sheet: TripSheet, issuedOn: string): Promise<Buffer> {
  const texts = printoutTexts.tripSheet;
  const doc = createPdf({ title: `${texts.title}: ${sheet.event.title}` });
  title(doc, texts.title, sheet.event.title);
  eventFields(doc, sheet.event);

  section(doc, texts.organiser);
  field(doc, fields.foundation, sheet.foundationName);
  field(doc, fields.contactPerson, sheet.contact.person);
  field(doc, fields.phone, sheet.contact.phone);
  field(doc, fields.email, sheet.contact.email);

  const notes = [
    [texts.whatToBring, sheet.event.requirements],
    [texts.skills, sheet.event.skills],
    [texts.additionalInfo, sheet.event.additionalInfo],
  ] as const;
  for (const [heading, text] of notes) {
    if (!text?.trim()) continue;
    section(doc, heading);
    doc.text(text.trim(), { width: contentWidth });
  }

  section(doc, texts.group);
  field(doc, texts.school, sheet.school.name);
  field(doc, fields.contactPerson, sheet.school.contactPerson);
  field(doc, fields.phone, sheet.school.phone);
  doc.font('bold').text(texts.pupils(sheet.participantCount), { width: contentWidth });
  field(doc, fields.issued, formatDateRu(issuedOn));

  section(doc, texts.pupilList);
  doc.fontSize(pdfFontSize.small).fillColor('#555555').text(texts.namesNote, { width: contentWidth });
  doc.fillColor('#000000').fontSize(pdfFontSize.body).moveDown(0.5);
  doc.lineWidth(0.5);
  for (let number = 1; number <= sheet.participantCount; number++) {
    keepRoom(doc, nameLineHeight);
    const y = doc.y;
    doc.font('regular').text(`${number}.`, pdfPage.margin, y + 8, { width: 28, align: 'right' });
    doc
      .moveTo(pdfPage.margin + 34, y + nameLineHeight - 4)
      .lineTo(pdfPage.margin + contentWidth, y + nameLineHeight - 4)
      .stroke('#000000');
    doc.x = pdfPage.margin;
    doc.y = y + nameLineHeight;
  }
  keepRoom(doc, 50);
  doc.moveDown(1.5);
  doc.text(texts.teacherSignature, pdfPage.margin, doc.y, { width: contentWidth });
  return finishPdf(doc);
}
