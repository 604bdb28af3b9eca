import { describe, expect, it } from 'vitest';
import { pdfPages, pdfQrCodes, pdfText } from '../test/documents';
import { createPdf, finishPdf, qrCodePng } from './pdf';

describe('PDF documents', () => {
  it('sets Cyrillic in the embedded font, numbers pages and carries a QR code a decoder reads', async () => {
    const doc = createPdf({ title: 'Проверка' });
    doc.font('bold').text('Справка о волонтёрской деятельности');
    doc.font('regular').text('Ёжик в тумане — 12 часов');
    doc.image(await qrCodePng('https://example.ru/verify/ABCD-EFGH-JKMN-PQRS'), { width: 90 });
    doc.addPage().text('Вторая страница');
    const file = await finishPdf(doc);

    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(file);
    expect(pages).toHaveLength(2);
    expect(await pdfText(file)).toContain('Справка о волонтёрской деятельности');
    expect(pages[0]).toContain('Ёжик в тумане — 12 часов');
    expect(pages[0]).toContain('стр. 1 из 2');
    expect(pages[1]).toContain('стр. 2 из 2');
    expect(file.toString('latin1')).toContain('DejaVuSans');
    expect(await pdfQrCodes(file)).toEqual(['https://example.ru/verify/ABCD-EFGH-JKMN-PQRS']);
  });

  it('numbers a single page too, so a filed copy shows it is whole', async () => {
    const doc = createPdf({ title: 'Проверка' });
    doc.text('Одна страница');
    expect(await pdfPages(await finishPdf(doc))).toEqual([expect.stringContaining('стр. 1 из 1')]);
  });
});
