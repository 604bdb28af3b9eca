import { activityTypeLabels } from '../../shared/catalog';
import { formatDateRu } from '../../shared/dates';
import { placeOf } from '../../shared/places';
import { printoutTexts } from '../../shared/printouts';
import {
  contentWidth,
  drawTable,
  type Field,
  fieldLines,
  signatureBlock,
  signatureHeight,
  type TableColumn,
} from '../documents/layout';
import { createPdf, finishPdf, type PdfDocument, pdfFontSize, pdfPage } from '../documents/pdf';
import { documentTexts } from '../documents/texts';
import type { ParticipantList, TripSheet } from './service';

/**
 * The two papers people print for the day of an event (issue 25): the foundation's participant list, to
 * tick off who came at the entrance, and the school's trip sheet, which the accompanying teacher takes
 * along with the pupils' names written in by hand.
 */

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

/** «Метка: значение» lines; one without a value is left out, and the next takes its place. */
const fieldList = (doc: PdfDocument, list: readonly Field[]) =>
  fieldLines(doc, list, { label: 'bold', value: 'regular' });

function section(doc: PdfDocument, text: string): void {
  keepRoom(doc, 40);
  doc.moveDown(0.8);
  doc.font('bold').fontSize(pdfFontSize.heading).text(text, pdfPage.margin, doc.y, { width: contentWidth });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(pdfFontSize.body);
}

const timeOf = (event: { startTime: string; endTime: string }) => `${event.startTime}–${event.endTime}`;

/** The event's day, time, place (once, with the address only when it says more) and activity. */
function eventFields(event: ParticipantList['event']): Field[] {
  const place = placeOf(event.location, event.address);
  return [
    [fields.date, formatDateRu(event.date)],
    [fields.time, timeOf(event)],
    [fields.location, place.location],
    [fields.address, place.address],
    [fields.activityType, activityTypeLabels[event.activityType]],
  ];
}

const tableStyle = {
  fontSize: pdfFontSize.body,
  padding: { x: 4, y: 4 },
  lineWidth: 0.7,
  borderColor: '#000000',
};
/** Tall enough for a number written by hand in the empty «Пришли» column. */
const minRowHeight = 24;

const columnNames = printoutTexts.participantList.columns;
const participantColumns: readonly TableColumn[] = [
  { header: columnNames.number, width: 24, align: 'right' },
  // The school takes what the others leave: its name is the longest text of a row.
  { header: columnNames.school, width: 'fill' },
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
  fieldList(doc, [
    ...eventFields(list.event),
    [fields.foundation, list.foundationName],
    [fields.issued, formatDateRu(issuedOn)],
  ]);
  doc.moveDown(0.8);

  if (list.schools.length === 0) {
    doc.font('regular').text(texts.empty, pdfPage.margin, doc.y, { width: contentWidth });
  } else {
    drawTable(
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
      { ...tableStyle, minRowHeight },
    );
  }

  const pupils = list.schools.reduce((sum, school) => sum + school.participantCount, 0);
  // The totals, what still waits and the signature stay together, under the table's last row.
  keepRoom(doc, 150);
  doc.moveDown(0.8);
  doc.x = pdfPage.margin;
  doc.font('bold').fontSize(pdfFontSize.body).text(texts.totals(list.schools.length, pupils), {
    width: contentWidth,
  });
  doc.font('regular');
  if (list.pendingCount > 0) doc.text(texts.stillPending(list.pendingCount), { width: contentWidth });
  if (list.waitlistedCount > 0) doc.text(texts.waitlisted(list.waitlistedCount), { width: contentWidth });
  doc.fontSize(pdfFontSize.small).fillColor('#555555').text(texts.cameHint, { width: contentWidth });
  doc.fillColor('#000000').fontSize(pdfFontSize.body).moveDown(1);
  signatureBlock(doc, texts.signer, { stamp: true });
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
  fieldList(doc, eventFields(sheet.event));

  section(doc, texts.organiser);
  fieldList(doc, [
    [fields.foundation, sheet.foundationName],
    [fields.contactPerson, sheet.contact.person],
    [fields.phone, sheet.contact.phone],
    [fields.email, sheet.contact.email],
  ]);

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
  fieldList(doc, [
    [texts.school, sheet.school.name],
    [fields.contactPerson, sheet.school.contactPerson],
    [fields.phone, sheet.school.phone],
  ]);
  doc.font('bold').text(texts.pupils(sheet.participantCount), { width: contentWidth });
  fieldList(doc, [[fields.issued, formatDateRu(issuedOn)]]);

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
  // The teacher who takes the group, and the director who lets it go, under the school's stamp.
  keepRoom(doc, 2 * signatureHeight + 20);
  doc.moveDown(0.5);
  signatureBlock(doc, texts.teacher, { stamp: false });
  signatureBlock(doc, documentTexts.director, { stamp: true });
  return finishPdf(doc);
}
