import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type ShareCardKind, shareCardSize, shareCardTexts } from '../../shared/share-cards';
import { notFound } from '../http/errors';

/**
 * The title a card shows, read through the public API as an anonymous visitor: the card exists exactly
 * when the page does (a draft, a cancelled event or a foundation under moderation have none), and the
 * read comes from the public read cache.
 */
export async function publicTitle(app: FastifyInstance, kind: ShareCardKind, id: number): Promise<string> {
  const answer = await app.inject({ method: 'GET', url: `/api/${kind}/${id}` });
  if (answer.statusCode !== 200) throw notFound(shareCardTexts.notFound);
  const body = answer.json() as { title?: string; name?: string; request?: { title?: string } };
  const title = body.title ?? body.name ?? body.request?.title;
  if (!title) throw notFound(shareCardTexts.notFound);
  return title;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.codePointAt(0)};`);

/** Characters of a title line at the card's font size, measured on DejaVu Sans (wide Cyrillic). */
const lineLength = 26;
const maxLines = 4;

/** The title broken into whole words on at most four lines; a longer one ends in an ellipsis. */
export function titleLines(title: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.trim().split(/\s+/)) {
    // A word longer than a line is cut, so an unbroken string cannot run off the card.
    const pieces = word.match(new RegExp(`.{1,${lineLength}}`, 'gu')) ?? [];
    for (const piece of pieces) {
      if (line && line.length + 1 + piece.length <= lineLength) line = `${line} ${piece}`;
      else {
        if (line) lines.push(line);
        line = piece;
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, lineLength - 1).trimEnd()}…`;
  return kept;
}

/** A 1200 x 630 PNG in the brand's calm green: what the entity is, its title, and the site's name. */
export async function drawShareCard(kind: ShareCardKind, title: string): Promise<Buffer> {
  const { width, height } = shareCardSize;
  const lines = titleLines(title);
  const lineHeight = 76;
  const firstLine = 330 - ((lines.length - 1) * lineHeight) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#f0fdf4"/>
  <rect width="24" height="${height}" fill="#15803d"/>
  <circle cx="1110" cy="90" r="190" fill="#dcfce7"/>
  <g font-family="DejaVu Sans, Liberation Sans, Noto Sans, Arial, sans-serif">
    <text x="96" y="110" font-size="34" font-weight="bold" fill="#15803d">${escapeXml(shareCardTexts.kinds[kind])}</text>
    ${lines
      .map(
        (text, index) =>
          `<text x="96" y="${firstLine + index * lineHeight}" font-size="60" font-weight="bold" fill="#14532d">${escapeXml(text)}</text>`,
      )
      .join('\n    ')}
    <text x="96" y="560" font-size="32" fill="#166534">${escapeXml(shareCardTexts.siteName)}</text>
  </g>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}
