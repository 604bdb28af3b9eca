import { describe, expect, it } from 'vitest';
import { expectOnePagePaperToSign, overlappingText, pdfPages, pdfQrCodes } from '../test/documents';
import { type ClaimedEvent, claimCertificatePdf } from './documents';

const origin = 'https://volunteers.example';

function claimed(count: number): ClaimedEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    code: `ABCDEFGHJKMNPQ${String(index).padStart(2, '0')}`,
    title: `Экологический субботник в парке Горького, выезд ${index + 1}`,
    date: `2026-10-${String(index + 1).padStart(2, '0')}`,
    foundationName: 'Благотворительный фонд «Зелёный город»',
    schoolName: 'Гимназия № 1543 имени Героя Советского Союза',
    activityType: 'ecology',
    hours: 3,
  }));
}

describe('the pupil’s certificate', () => {
  it('is a paper a school can sign and stamp: whole words in every cell, page numbers, nothing drawn twice', async () => {
    const file = await claimCertificatePdf('Мария Иванова', claimed(2), '2026-11-26', origin);
    const [page = '', ...rest] = await pdfPages(file);
    expect(rest).toEqual([]);
    await expectOnePagePaperToSign(file, page, [
      'Мероприятие',
      'Фонд',
      'Школа',
      'Направление',
      'Часы',
      'Благотворительный',
      'Экологический',
    ]);
  });

  it('numbers the pages of a long certificate and keeps every verification code', async () => {
    const events = claimed(20);
    const file = await claimCertificatePdf('Мария Иванова', events, '2026-11-26', origin);
    const pages = await pdfPages(file);
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`стр. ${index + 1} из ${pages.length}`);
    }
    expect(pages.join('\n')).toMatch(/Директор _{10,} \/ _{10,} \/\s+М\.П\./);
    expect(await overlappingText(file)).toEqual([]);
    expect((await pdfQrCodes(file)).sort()).toEqual(
      events.map((event) => `${origin}/verify/${event.code.replace(/(.{4})(?!$)/g, '$1-')}`).sort(),
    );
  });
});
