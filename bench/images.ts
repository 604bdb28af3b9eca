// The dearest pictures the upload route accepts, in flat colour, so that each file is small on the
// wire and large in memory: the most pixels each decoding path admits (src/shared/images.ts counts a
// pixel by its bytes, against 50 megapixels of 8-bit colour when decoded in strips and 12 when a
// picture is held whole: GIF, interlaced PNG, progressive JPEG).

import sharp, { type Sharp } from 'sharp';

export interface BenchImage {
  description: string;
  contentType: string;
  data: Buffer;
}

async function flatPicture(
  kind: string,
  size: { width: number; height: number; channels: 3 | 4 },
  encode: (picture: Sharp) => Sharp,
  contentType: string,
): Promise<BenchImage> {
  const { width, height, channels } = size;
  const background = { r: 0, g: 0, b: 0, alpha: 1 };
  const data = await encode(
    sharp({ create: { width, height, channels, background }, limitInputPixels: false }),
  ).toBuffer();
  return {
    description: `${kind} ${width}×${height} (${(data.length / 1024).toFixed(0)} КБ)`,
    contentType,
    data,
  };
}

export async function largestAcceptedImages(): Promise<BenchImage[]> {
  const rgb50 = { width: 8165, height: 6123, channels: 3 } as const;
  const whole12 = { width: 4000, height: 3000, channels: 3 } as const;
  return [
    await flatPicture('PNG', rgb50, (p) => p.png(), 'image/png'),
    await flatPicture('JPEG', rgb50, (p) => p.jpeg(), 'image/jpeg'),
    await flatPicture(
      'PNG с прозрачностью',
      { width: 7071, height: 5303, channels: 4 },
      (p) => p.png(),
      'image/png',
    ),
    await flatPicture(
      '16-битный PNG с прозрачностью',
      { width: 5000, height: 3750, channels: 4 },
      (p) => p.toColourspace('rgb16').png(),
      'image/png',
    ),
    await flatPicture('чересстрочный PNG', whole12, (p) => p.png({ progressive: true }), 'image/png'),
    await flatPicture(
      'прогрессивный JPEG 4:4:4',
      whole12,
      (p) => p.jpeg({ progressive: true, chromaSubsampling: '4:4:4' }),
      'image/jpeg',
    ),
    // A GIF's frame is counted at four bytes a pixel: 9 of the 12 megapixels.
    await flatPicture('GIF', { width: 3464, height: 2598, channels: 3 }, (p) => p.gif(), 'image/gif'),
  ];
}
