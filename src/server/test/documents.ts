import jsQR from 'jsqr';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';

/**
 * Reading back what the platform makes, with real parsers (issue 25): the text of each page of a PDF as
 * PDF.js extracts it, and every QR code in it as jsQR decodes it from the embedded image's pixels.
 */

// PDF.js transfers font data with ArrayBuffer#transferToFixedLength, which Node has only from 22; on 20
// a page with an embedded font then yields no images. A copy does what the transfer would.
type TransferableBuffer = ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
const bufferPrototype = ArrayBuffer.prototype as TransferableBuffer;
bufferPrototype.transferToFixedLength ??= function (this: ArrayBuffer, length = this.byteLength) {
  const copy = new ArrayBuffer(length);
  new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
  return copy;
};

export async function pdfPages(file: Buffer | Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(file)), { mergePages: false });
  return text;
}

/** Every page's text in one string, whitespace collapsed, for `toContain`. */
export async function pdfText(file: Buffer | Uint8Array): Promise<string> {
  return (await pdfPages(file)).join('\n').replace(/\s+/g, ' ');
}

/** The decoded text of every QR code on every page, in page order. */
export async function pdfQrCodes(file: Buffer | Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(file));
  const found: string[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    for (const image of await extractImages(pdf, page)) {
      const rgba = new Uint8ClampedArray(image.width * image.height * 4);
      for (let pixel = 0; pixel < image.width * image.height; pixel++) {
        for (let channel = 0; channel < 3; channel++) {
          rgba[pixel * 4 + channel] =
            image.data[pixel * image.channels + (image.channels >= 3 ? channel : 0)] ?? 0;
        }
        rgba[pixel * 4 + 3] = 255;
      }
      const qr = jsQR(rgba, image.width, image.height);
      if (qr) found.push(qr.data);
    }
  }
  return found;
}

/** A run of text on a page and the box it takes, in points from the page's bottom left. */
export interface PdfTextBox {
  page: number;
  text: string;
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** Every visible run of text with its box, as PDF.js places it. */
export async function pdfTextBoxes(file: Buffer | Uint8Array): Promise<PdfTextBox[]> {
  const pdf = await getDocumentProxy(new Uint8Array(file));
  const boxes: PdfTextBox[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , , left = 0, bottom = 0] = item.transform as number[];
      boxes.push({ page, text: item.str, left, bottom, right: left + item.width, top: bottom + item.height });
    }
  }
  return boxes;
}

/**
 * The runs of text that are drawn over one another, as «first | second» per pair: none in a document
 * whose lines flow. Boxes that only touch (a bold value right after its label) do not count.
 */
export async function overlappingText(file: Buffer | Uint8Array): Promise<string[]> {
  const boxes = await pdfTextBoxes(file);
  const slack = 0.5;
  const found: string[] = [];
  boxes.forEach((box, index) => {
    for (const other of boxes.slice(index + 1)) {
      if (other.page !== box.page) continue;
      const across = Math.min(box.right, other.right) - Math.max(box.left, other.left);
      const down = Math.min(box.top, other.top) - Math.max(box.bottom, other.bottom);
      if (across > slack && down > slack) found.push(`${box.text} | ${other.text}`);
    }
  });
  return found;
}

/** The words of a page as they were set, one line's end or a space apart: a word broken across lines is two. */
export const pdfWords = (page: string): Set<string> => new Set(page.split(/\s+/));

/**
 * Holds a one-page paper to what a school can file: every word of its table's head whole on `page`, a
 * place for the director's signature and the school's stamp, the page's number, and no text drawn over
 * other text.
 */
export async function expectOnePagePaperToSign(
  file: Buffer | Uint8Array,
  page: string,
  headWords: readonly string[],
) {
  for (const word of headWords) {
    expect(pdfWords(page)).toContain(word);
  }
  expect(page).toMatch(/Директор _{10,} \/ _{10,} \/\s+М\.П\./);
  expect(page).toContain('стр. 1 из 1');
  expect(await overlappingText(file)).toEqual([]);
}
