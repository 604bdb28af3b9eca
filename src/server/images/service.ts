import { and, eq, gt, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import type { SessionUser } from '../../shared/auth';
import {
  type ImageQuota,
  imageMessages,
  imageQuota,
  maxImageBytes,
  maxImageMegapixels,
  maxWholeDecodedMegapixels,
  type UploadedImage,
} from '../../shared/images';
import { findFoundationOfUser, findSchoolOfUser } from '../accounts/organisation';
import { type Db, type DbOrTx, rowsOf } from '../db/client';
import { events, foundationPhotos, foundations, images, news, schools, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { imageAddress } from './address';

/** Pictures are shown at most this wide; bigger ones are scaled down once, on upload. */
const maxWidth = 1600;
const megapixel = 1_000_000;

let sharpLoaded: Promise<typeof Sharp> | undefined;

/**
 * libvips, loaded on the first upload rather than at start: it holds 29 MB of memory from the moment
 * it loads, and most processes never see an upload between restarts. Its operation cache is off: each
 * picture is decoded once, so cached operations would only keep its pixels in memory. One worker thread
 * per decode: sharp picks that itself only while MALLOC_ARENA_MAX is unset, and the server sets it
 * (scripts/node-flags.mjs); every further thread holds buffers of its own.
 */
function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

/** Uploads that may wait for the decoder besides the one it works on; each holds its body (<= 5 MB). */
const maxWaitingDecodes = 8;
let decodesHeld = 0;
let decoderFree: Promise<unknown> = Promise.resolve();

/**
 * One decode at a time in this process. A picture at the pixel limits costs up to ~130 MB while it
 * decodes (docs/decisions/029-image-decoding-limits.md); sharp would run four at once on libuv's threads, and
 * memory that glibc hands to libvips's threads is mostly kept by the process afterwards.
 */
function oneDecodeAtATime<T>(decode: () => Promise<T>): Promise<T> {
  if (decodesHeld > maxWaitingDecodes) return Promise.reject(new HttpError(503, imageMessages.busy));
  decodesHeld++;
  const result = decoderFree.then(decode).finally(() => {
    decodesHeld--;
  });
  decoderFree = result.catch(() => undefined);
  return result;
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
  return oneDecodeAtATime(() => decode(input));
}

async function decode(input: Buffer): Promise<Encoded> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // The header alone, without sharp's own pixel limit, which would call a huge picture "not an image".
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(imageMessages.notAnImage);
  }
  const { format } = metadata;
  if (format !== 'png' && format !== 'jpeg' && format !== 'gif') throw badRequest(imageMessages.wrongFormat);
  // A GIF frame, an interlaced PNG and a progressive JPEG's coefficients are held whole while decoding.
  const decodedWhole = format === 'gif' || metadata.isProgressive === true;
  const maxPixels = (decodedWhole ? maxWholeDecodedMegapixels : maxImageMegapixels) * megapixel;
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * Math.max(1, metadata.pages ?? 1);
  // Memory follows the decoded bytes, so a pixel with alpha or 16-bit samples counts for more than the
  // three bytes of an 8-bit colour pixel the limits are stated in.
  const bytesPerPixel = Math.max(1, metadata.channels ?? 3) * (metadata.depth === 'ushort' ? 2 : 1);
  if ((pixels * Math.max(3, bytesPerPixel)) / 3 > maxPixels) {
    throw badRequest(decodedWhole ? imageMessages.tooManyPixelsWhole : imageMessages.tooManyPixels);
  }

  try {
    // Resizing lets libjpeg decode at 1/2, 1/4 or 1/8 of the size, and a sequential read streams the
    // pixels through in strips instead of loading the whole picture first.
    const pipeline = sharp(input, {
      animated: format === 'gif',
      limitInputPixels: maxPixels,
      sequentialRead: true,
    })
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

/** Advisory lock keys (two-integer form, apart from the single-key locks of start-up and seeding). */
const imageLocks = { space: 2_100_300, cleanup: 0, site: -1 } as const;

/** Whether the moderators approved the organisation of this account; an account without one is not. */
async function isApprovedOrganisation(db: DbOrTx, uploader: Pick<SessionUser, 'id' | 'role'>) {
  const organisation =
    uploader.role === 'foundation'
      ? await findFoundationOfUser(db, uploader.id)
      : uploader.role === 'school'
        ? await findSchoolOfUser(db, uploader.id)
        : undefined;
  return organisation?.moderationStatus === 'approved';
}

/**
 * Refuses with 403/503/429/413 when `uploader` may not store `incomingBytes` more: an organisation not
 * yet approved past the pictures of its profile, anyone once the site has taken its pictures for the
 * day, an account past its own day or bytes.
 */
async function assertWithinQuota(
  db: DbOrTx,
  uploader: Pick<SessionUser, 'id' | 'role'>,
  incomingBytes: number,
  quota: ImageQuota,
) {
  const [usage] = await db
    .select({
      kept: sql<number>`count(*)::int`,
      lastDay: sql<number>`count(*) filter (where ${images.createdAt} > now() - interval '1 day')::int`,
      storedBytes: sql<number>`coalesce(sum(${images.byteSize}), 0)::float8`,
    })
    .from(images)
    .where(eq(images.uploadedBy, uploader.id));
  if (!usage) throw new Error('an aggregate returned no row');
  if (usage.kept >= quota.pendingAccountImages && !(await isApprovedOrganisation(db, uploader))) {
    throw new HttpError(403, imageMessages.pendingAccount(quota.pendingAccountImages));
  }
  // Administrators' pictures are not the site's intake: they publish for it and are never refused.
  const [site] = await db
    .select({ lastDay: sql<number>`count(*)::int` })
    .from(images)
    .innerJoin(users, eq(users.id, images.uploadedBy))
    .where(and(gt(images.createdAt, sql`now() - interval '1 day'`), ne(users.role, 'admin')));
  if ((site?.lastDay ?? 0) >= quota.sitePerDay) throw new HttpError(503, imageMessages.sitePerDay);
  if (usage.lastDay >= quota.uploadsPerDay)
    throw new HttpError(429, imageMessages.uploadsPerDay(quota.uploadsPerDay));
  if (usage.storedBytes + incomingBytes > quota.storedBytes) {
    throw new HttpError(413, imageMessages.storedBytes(quota.storedBytes));
  }
}

/**
 * Stores a verified picture under the account that sent it; without one (fixtures of tests and tools)
 * it belongs to nobody, as the demo seed's pictures do. Administrators are not counted: they publish
 * for the whole site and can already remove anything on it.
 */
export async function storeImage(
  db: Db,
  input: Buffer,
  uploader?: Pick<SessionUser, 'id' | 'role'>,
  quota: ImageQuota = imageQuota,
): Promise<UploadedImage> {
  const counted = uploader !== undefined && uploader.role !== 'admin';
  // Checked before decoding too, so that an account over its quota costs no decode; one byte more
  // than stored must fit.
  if (counted) await assertWithinQuota(db, uploader, 1, quota);
  const encoded = await reencodeImage(input);
  const row = await db.transaction(async (tx) => {
    if (counted) {
      // Two uploads finishing together (in any process) must not both pass the check, of the account
      // or of the site; one lock for the site holds both, and only the short insert waits for it.
      await tx.execute(sql`select pg_advisory_xact_lock(${imageLocks.space}::int, ${imageLocks.site}::int)`);
      await assertWithinQuota(tx, uploader, encoded.data.length, quota);
    }
    const [inserted] = await tx
      .insert(images)
      .values({ ...encoded, byteSize: encoded.data.length, uploadedBy: uploader?.id ?? null })
      .returning({ id: images.id, width: images.width, height: images.height });
    return inserted;
  });
  if (!row) throw new Error('insert into images returned no row');
  return { id: row.id, url: imageAddress(row.id), width: row.width, height: row.height };
}

export async function loadImage(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ data: images.data, contentType: images.contentType })
    .from(images)
    .where(eq(images.id, id));
  if (!row) throw notFound(imageMessages.notFound);
  return row;
}

/**
 * Every column that points at a picture; a picture none of them names is unused. images.test.ts checks
 * this list against the database's foreign keys, so a new picture column cannot be forgotten here.
 */
export const imageReferences: readonly PgColumn[] = [
  foundations.logoImageId,
  foundations.coverImageId,
  foundationPhotos.imageId,
  schools.logoImageId,
  events.imageId,
  news.imageId,
];

/**
 * Deletes pictures that nothing uses and that are older than a day: a form uploads its picture first
 * and saves it later, and a picture replaced or left by a deleted organisation stays otherwise for good.
 * Several processes may run this at once: a transaction-level try-lock lets one of them do it and the
 * others skip, and the DELETE itself is safe to repeat. Returns how many pictures were removed.
 */
export async function removeUnusedImages(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${imageLocks.space}::int, ${imageLocks.cleanup}::int) as locked`,
    );
    if (!lock?.locked) return 0;
    const unused: SQL[] = imageReferences.map(
      (column) => sql`not exists (select 1 from ${column.table} where ${column} = ${images.id})`,
    );
    const removed = await tx
      .delete(images)
      .where(and(lt(images.createdAt, sql`now() - interval '1 day'`), ...unused))
      .returning({ id: images.id });
    return removed.length;
  });
}
