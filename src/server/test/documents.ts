import jsQR from 'jsqr';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';

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
