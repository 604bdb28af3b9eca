// The dearest pictures the upload route accepts: the most pixels each decoding path admits
// (src/shared/images.ts), in flat colour, so that each file is small on the wire and large in memory.

import sharp, { type Sharp } from 'sharp';
import { maxImageMegapixels, maxWholeDecodedMegapixels } from '../src/shared/images';

export interface BenchImage {
  description: string;
  contentType: string;
  data: Buffer;
}

/** The widest 4:3 picture within a pixel limit. */
function dimensionsFor(megapixels: number) {
  const height = Math.floor(Math.sqrt((megapixels * 1_000_000 * 3) / 4));
  return { width: Math.floor((megapixels * 1_000_000) / height), height };
}

async function flatPicture(
  megapixels: number,
  encode: (picture: Sharp) => Sharp,
  contentType: string,
  kind: string,
): Promise<BenchImage> {
  const { width, height } = dimensionsFor(megapixels);
  const data = await encode(
    sharp({
      create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } },
      limitInputPixels: false,
    }),
  ).toBuffer();
  return {
    description: `${kind} ${width}×${height} (${(data.length / 1024).toFixed(0)} КБ)`,
    contentType,
    data,
  };
}

export async function largestAcceptedImages(): Promise<BenchImage[]> {
  return [
    await flatPicture(maxImageMegapixels, (p) => p.png(), 'image/png', 'PNG'),
    await flatPicture(maxImageMegapixels, (p) => p.jpeg(), 'image/jpeg', 'JPEG'),
    await flatPicture(
      maxWholeDecodedMegapixels,
      (p) => p.png({ progressive: true }),
      'image/png',
      'чересстрочный PNG',
    ),
    await flatPicture(
      maxWholeDecodedMegapixels,
      (p) => p.jpeg({ progressive: true }),
      'image/jpeg',
      'прогрессивный JPEG',
    ),
    await flatPicture(maxWholeDecodedMegapixels, (p) => p.gif(), 'image/gif', 'GIF'),
  ];
}
