import { eq } from 'drizzle-orm';
import type Sharp from 'sharp';
import { imageMessages, maxImageBytes, type UploadedImage } from '../../shared/images';
import type { DbOrTx } from '../db/client';
import { images } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';

/** Pictures are shown at most this wide; bigger ones are scaled down once, on upload. */
const maxWidth = 1600;
const maxPixels = 40_000_000;

let sharpLoaded: Promise<typeof Sharp> | undefined;

/**
 * libvips, loaded on the first upload rather than at start: it holds 29 MB of memory from the moment
 * it loads, and most processes never see an upload between restarts. Its operation cache is off: each
 * picture is decoded once, so cached operations would only keep its pixels in memory.
 */
function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

interface Encoded {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/**
 * Verifies that the bytes are a PNG, JPEG or GIF by decoding them (never by name or declared type),
 * then re-encodes them: metadata such as GPS positions is dropped and anything hidden after the image
 * data is gone.
 */
export async function reencodeImage(input: Buffer): Promise<Encoded> {
  if (input.length > maxImageBytes) throw new HttpError(413, imageMessages.tooLarge);
  const sharp = await loadSharp();
  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await sharp(input).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * Math.max(1, metadata.pages ?? 1);
  } catch {
    throw badRequest(imageMessages.notAnImage);
  }
  if (format !== 'png' && format !== 'jpeg' && format !== 'gif') throw badRequest(imageMessages.wrongFormat);
  if (pixels > maxPixels) throw badRequest(imageMessages.tooManyPixels);

  try {
    const pipeline = sharp(input, { animated: format === 'gif', limitInputPixels: maxPixels })
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true });
    const output =
      format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : format === 'gif'
          ? pipeline.gif()
          : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: `image/${format}`,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    // Decodable headers with broken pixel data.
    throw badRequest(imageMessages.notAnImage);
  }
}

export async function storeImage(db: DbOrTx, input: Buffer): Promise<UploadedImage> {
  const encoded = await reencodeImage(input);
  const [row] = await db
    .insert(images)
    .values({ ...encoded, byteSize: encoded.data.length })
    .returning({ id: images.id, width: images.width, height: images.height });
  if (!row) throw new Error('insert into images returned no row');
  return { id: row.id, url: imageUrl(row.id), width: row.width, height: row.height };
}

export const imageUrl = (id: number) => `/api/images/${id}`;

/** Accepts 'data:image/...;base64,...' as the specification's client sends pictures in JSON. */
export function decodeDataUrl(value: string): Buffer {
  const match = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!match?.[1]) throw badRequest(imageMessages.notAnImage);
  // base64 grows data by a third; refuse before decoding anything far too large.
  if (match[1].length > Math.ceil((maxImageBytes * 4) / 3) + 16)
    throw new HttpError(413, imageMessages.tooLarge);
  return Buffer.from(match[1], 'base64');
}

export async function loadImage(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ data: images.data, contentType: images.contentType })
    .from(images)
    .where(eq(images.id, id));
  if (!row) throw notFound(imageMessages.notFound);
  return row;
}
