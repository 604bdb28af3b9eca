import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { documentTexts } from './texts';

/**
 * Every PDF the platform makes (issue 25): A4, Cyrillic set in DejaVu Sans, which ships with the project
 * as the npm package dejavu-fonts-ttf and is embedded (subset) into each file, so a certificate reads
 * the same on any machine and printer.
 */

const require = createRequire(import.meta.url);
const fontFiles = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

export type PdfDocument = PDFKit.PDFDocument;

export const pdfPage = {
  /** A4 in PDF points. */
  width: 595.28,
  height: 841.89,
  margin: 50,
} as const;

export const pdfFontSize = { title: 16, heading: 12, body: 10, small: 8 } as const;

/**
 * A new A4 document with the fonts registered as 'regular' and 'bold' and the regular one selected.
 * `bufferPages` lets `finishPdf` number the pages once their count is known.
 */
export function createPdf(info: { title: string; subject?: string }): PdfDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: pdfPage.margin,
    bufferPages: true,
    info: {
      Title: info.title,
      ...(info.subject ? { Subject: info.subject } : {}),
      Creator: 'Волонтёры школ',
      Producer: 'Волонтёры школ',
      CreationDate: new Date(),
    },
    lang: 'ru-RU',
    displayTitle: true,
  });
  const fontCache = (doc as unknown as { _fontFamilies: Record<string, unknown> })._fontFamilies;
  for (const [name, file] of Object.entries(fontFiles)) {
    doc.registerFont(name, file);
    doc.font(name);
    // pdfkit's tables put the font back after every cell by its file, not by the name it was registered
    // under, and a font not cached under that key is parsed from the file again: 60 ms a cell. Cached
    // under its file too, it is parsed once per document.
    fontCache[file] = fontCache[name];
  }
  doc.font('regular').fontSize(pdfFontSize.body);
  return doc;
}

/**
 * «стр. 2 из 3» at the foot of every page, a single one included: a filed copy shows whether a page is
 * missing. Then the finished file.
 */
export function finishPdf(doc: PdfDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would otherwise make pdfkit open yet another page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(pdfFontSize.small)
      .fillColor('#555555')
      .text(
        documentTexts.pageNumber(index - range.start + 1, range.count),
        pdfPage.margin,
        pdfPage.height - 35,
        {
          width: pdfPage.width - 2 * pdfPage.margin,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}

/**
 * A QR code as a PNG, for `doc.image`. Error correction level M survives a crease or a smudge on paper;
 * the quiet zone of four modules is the standard's and what phone cameras need.
 */
export function qrCodePng(text: string, pixels = 300): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: pixels });
}
