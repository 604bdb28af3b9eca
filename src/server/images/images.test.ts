import { crc32, deflateSync } from 'node:zlib';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commonErrors } from '../../shared/errors';
import { imageMessages } from '../../shared/images';
import { buildApp } from '../app';
import { rowsOf } from '../db/client';
import {
  events,
  foundationPhotos,
  foundations,
  images,
  news,
  organisationMembers,
  schools,
} from '../db/schema';
import { createAdmin } from '../test/factories';
import { createTestApp, signUp, type TestContext, type TestDatabase } from '../test/test-app';
import { imageReferences, removeUnusedImages } from './service';

/** The organisation person `userId` is a member of, as a condition on its table. */
const ofMember = (table: typeof foundations | typeof schools, userId: number) =>
  sql`${table.id} in (select ${table === foundations ? organisationMembers.foundationId : organisationMembers.schoolId}
    from ${organisationMembers} where ${organisationMembers.userId} = ${userId})`;

let ctx: TestContext;
let sid: string;
/** An organisation the moderators approved: it may upload past the few pictures of a new profile. */
const approve = async (db: TestDatabase['db'], userId: number) => {
  await db.update(foundations).set({ moderationStatus: 'approved' }).where(ofMember(foundations, userId));
  await db.update(schools).set({ moderationStatus: 'approved' }).where(ofMember(schools, userId));
};

beforeAll(async () => {
  ctx = await createTestApp();
  const foundation = await signUp(ctx.app, 'foundation');
  sid = foundation.sid;
  await approve(ctx.database.db, foundation.user.id);
});
afterAll(() => ctx.close());

const picture = (format: 'png' | 'jpeg' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#15803d' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-author' } } })
    [format]()
    .toBuffer();

const uploadTo = (app: FastifyInstance, body: Buffer, contentType: string, cookie: string | null) =>
  app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': contentType },
    cookies: cookie ? { sid: cookie } : {},
    payload: body,
  });
const upload = (body: Buffer, contentType: string, cookie: string | null = sid) =>
  uploadTo(ctx.app, body, contentType, cookie);

describe('POST /api/images', () => {
  it.each(['png', 'jpeg', 'gif'] as const)('stores a %s and serves it with long caching', async (format) => {
    const response = await upload(await picture(format), `image/${format}`);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ width: 40, height: 30, url: `/api/images/${body.id}` });

    const served = await ctx.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(`image/${format}`);
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe(format);
  });

  it('drops metadata such as EXIF', async () => {
    const original = await picture('jpeg');
    expect(original.includes(Buffer.from('secret-author'))).toBe(true);
    const { url } = (await upload(original, 'image/jpeg')).json();
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.rawPayload.includes(Buffer.from('secret-author'))).toBe(false);
  });

  it('scales a wide picture down to 1600 px', async () => {
    const response = await upload(await picture('png', 3000, 1000), 'image/png');
    expect(response.json()).toMatchObject({ width: 1600, height: 533 });
  });

  it('judges a PNG renamed to .gif by its content and stores it as PNG', async () => {
    const { url } = (await upload(await picture('png'), 'image/gif')).json();
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a text file posing as an image', async () => {
    const response = await upload(Buffer.from('<?php echo "hello"; ?>'), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: imageMessages.notAnImage });
  });

  it('refuses other image formats', async () => {
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const response = await upload(webp, 'image/webp');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: imageMessages.wrongFormat });
  });

  it('refuses an 8 MB file with 413', async () => {
    const response = await upload(Buffer.alloc(8 * 1024 * 1024, 1), 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: imageMessages.tooLarge });
  });

  it('takes JSON only up to the 256 KB of every other route: pictures come as raw bytes', async () => {
    const response = await upload(
      Buffer.from(JSON.stringify({ text: 'x'.repeat(300 * 1024) })),
      'application/json',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: commonErrors.bodyTooLarge });
  });

  it('refuses anonymous uploads and non-image bodies', async () => {
    expect((await upload(await picture('png'), 'image/png', null)).statusCode).toBe(401);
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { 'content-type': 'text/plain' },
      cookies: { sid },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('GET /api/images/{id}', () => {
  it('answers 404 for an unknown image and 400 for a malformed id', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/images/999999' })).json()).toEqual({
      message: imageMessages.notFound,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/images/x' })).statusCode).toBe(400);
  });
});

/** A PNG whose header promises `width` x `height` but whose pixel data is ten zero bytes. */
function pngHeaderOnly(width: number, height: number, { interlaced = false, rgba16 = false } = {}) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = rgba16 ? 16 : 8; // bits per sample
  header[9] = rgba16 ? 6 : 2; // RGBA or RGB
  header[12] = interlaced ? 1 : 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(10))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF with one `width` x `height` frame whose pixel data stops after one code. */
function gifHeaderOnly(width: number, height: number) {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  return Buffer.concat([
    Buffer.from('GIF89a'),
    size,
    Buffer.from([0x80, 0, 0, 0, 0, 0, 255, 255, 255]), // a two-colour palette
    Buffer.from([0x2c, 0, 0, 0, 0]),
    size,
    Buffer.from([0, 2, 2, 0x44, 0x01, 0, 0x3b]),
  ]);
}

describe('decoding bounds', () => {
  it('takes a 48-megapixel phone photo (8000 x 6000 JPEG) and scales it to 1600 px', async () => {
    const photo = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer();
    const response = await upload(photo, 'image/jpeg');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ width: 1600, height: 1200 });
  });

  it('takes a 6300 x 6300 PNG of zeros: it is decoded a strip at a time', async () => {
    const zeros = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const response = await upload(zeros, 'image/png');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ width: 1600, height: 1600 });
  });

  it('refuses a PNG over 50 megapixels from its header, before decoding it', async () => {
    // Its pixel data is not decodable: decoding would answer "not an image".
    const response = await upload(pngHeaderOnly(20_000, 20_000), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: imageMessages.tooManyPixels });
  });

  it('counts a 16-bit pixel with alpha for its bytes: 25 megapixels of it are too many', async () => {
    const response = await upload(pngHeaderOnly(5000, 5000, { rgba16: true }), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: imageMessages.tooManyPixels });
  });

  it.each([
    ['an interlaced PNG', () => pngHeaderOnly(4000, 4000, { interlaced: true }), 'image/png'],
    ['a GIF', () => gifHeaderOnly(5000, 5000), 'image/gif'],
  ] as const)('refuses %s over 12 megapixels from its header', async (_name, make, type) => {
    const response = await upload(make(), type);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: imageMessages.tooManyPixelsWhole });
  });

  it('refuses a progressive JPEG over 12 megapixels and takes a plain one of the same size', async () => {
    const photo = sharp({ create: { width: 4500, height: 3000, channels: 3, background: '#4a7' } });
    const progressive = await upload(
      await photo.clone().jpeg({ progressive: true }).toBuffer(),
      'image/jpeg',
    );
    expect(progressive.statusCode).toBe(400);
    expect(progressive.json()).toEqual({ message: imageMessages.tooManyPixelsWhole });
    expect((await upload(await photo.clone().jpeg().toBuffer(), 'image/jpeg')).statusCode).toBe(201);
  });

  it('decodes one picture at a time however many arrive together', async () => {
    const noisy = await sharp({
      create: {
        width: 700,
        height: 500,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    let mostAtOnce = 0;
    const sampler = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, sharp.counters().process);
    }, 1);
    try {
      const responses = await Promise.all(Array.from({ length: 4 }, () => upload(noisy, 'image/jpeg')));
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    } finally {
      clearInterval(sampler);
    }
    expect(mostAtOnce).toBe(1);
  });
});

describe('upload quota per account', () => {
  let quotaApp: TestContext;
  const quota = { uploadsPerDay: 3, storedBytes: 20 * 1024, pendingAccountImages: 2, sitePerDay: 1000 };
  beforeAll(async () => {
    quotaApp = await createTestApp({ imageQuota: quota });
  });
  afterAll(() => quotaApp.close());
  const send = (body: Buffer, cookie: string) => uploadTo(quotaApp.app, body, 'image/png', cookie);
  /** A 64 x 64 PNG of pseudo-random pixels, which do not compress: about 12 KB stored. */
  const patterned = () => {
    let state = 1;
    const pixels = Buffer.alloc(64 * 64 * 3, 0).map(() => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state >>> 16;
    });
    return sharp(pixels, { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
  };

  const approvedSignUp = async (role: 'foundation' | 'school') => {
    const account = await signUp(quotaApp.app, role);
    await approve(quotaApp.database.db, account.user.id);
    return account;
  };

  it('counts uploads per day: the next one answers 429, another account may still upload', async () => {
    const { sid: school, user } = await approvedSignUp('school');
    const tiny = await picture('png');
    for (let i = 0; i < quota.uploadsPerDay; i++) expect((await send(tiny, school)).statusCode).toBe(201);
    const refused = await send(tiny, school);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'За сутки загружено изображений: 3, больше нельзя. Попробуйте завтра',
    });

    // The pictures are counted as the account's, and a day later they no longer count for the day.
    const rows = await quotaApp.database.db.select({ uploadedBy: images.uploadedBy }).from(images);
    expect(rows.filter((row) => row.uploadedBy === user.id)).toHaveLength(quota.uploadsPerDay);
    expect((await send(tiny, (await approvedSignUp('school')).sid)).statusCode).toBe(201);
    await quotaApp.database.db.execute(
      sql`update images set created_at = now() - interval '25 hours' where uploaded_by = ${user.id}`,
    );
    expect((await send(tiny, school)).statusCode).toBe(201);
  });

  it('counts the bytes an account stores: a picture past them answers 413', async () => {
    const { sid: foundation } = await approvedSignUp('foundation');
    const picture = await patterned();
    expect((await send(picture, foundation)).statusCode).toBe(201);
    const refused = await send(picture, foundation);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(
      'Ваши изображения уже занимают 20 КБ, больше загрузить нельзя. Неиспользуемые изображения удаляются через сутки после загрузки',
    );
  });

  it('does not count an administrator', async () => {
    const { sid: sessionId } = await createAdmin(quotaApp.database.db, 'images_admin');
    const tiny = await picture('png');
    for (let i = 0; i <= quota.uploadsPerDay; i++) expect((await send(tiny, sessionId)).statusCode).toBe(201);
  });
});

describe('pictures of organisations not yet approved', () => {
  it('lets a new account keep the two pictures of its profile and no more, until it is approved', async () => {
    const foundation = await signUp(ctx.app, 'foundation');
    const tiny = await picture('png');
    for (let i = 0; i < 2; i++)
      expect((await upload(tiny, 'image/png', foundation.sid)).statusCode).toBe(201);
    const refused = await upload(tiny, 'image/png', foundation.sid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message:
        'Пока профиль не одобрен модератором, можно загрузить не более 2 изображений: логотип и обложку. Остальные — после одобрения',
    });
    const owned = await ctx.database.db
      .select()
      .from(images)
      .where(eq(images.uploadedBy, foundation.user.id));
    expect(owned).toHaveLength(2);

    await approve(ctx.database.db, foundation.user.id);
    expect((await upload(tiny, 'image/png', foundation.sid)).statusCode).toBe(201);
  });

  it('holds a school waiting for moderation to the same two', async () => {
    const school = await signUp(ctx.app, 'school');
    const tiny = await picture('png');
    for (let i = 0; i < 2; i++) expect((await upload(tiny, 'image/png', school.sid)).statusCode).toBe(201);
    expect((await upload(tiny, 'image/png', school.sid)).statusCode).toBe(403);
  });
});

describe('new pictures on the whole site per day', () => {
  let capApp: TestContext;
  const quota = { uploadsPerDay: 50, storedBytes: 100 * 1024 * 1024, pendingAccountImages: 2, sitePerDay: 3 };
  beforeAll(async () => {
    capApp = await createTestApp({ imageQuota: quota });
  });
  afterAll(() => capApp.close());
  const send = (body: Buffer, cookie: string) => uploadTo(capApp.app, body, 'image/png', cookie);

  it('refuses every account once the site has taken its pictures for the day, and takes them again a day later', async () => {
    const tiny = await picture('png');
    const accounts = [];
    for (let i = 0; i < 3; i++) {
      const account = await signUp(capApp.app, 'foundation');
      await approve(capApp.database.db, account.user.id);
      accounts.push(account);
    }
    for (const account of accounts) expect((await send(tiny, account.sid)).statusCode).toBe(201);
    const refused = await send(tiny, accounts[0]?.sid ?? '');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      message: 'Сегодня на сайт загружено слишком много изображений. Попробуйте завтра',
    });
    expect((await send(tiny, (await signUp(capApp.app, 'school')).sid)).statusCode).toBe(503);
    expect(await capApp.database.db.select({ id: images.id }).from(images)).toHaveLength(3);

    await capApp.database.db.execute(sql`update images set created_at = now() - interval '25 hours'`);
    expect((await send(tiny, accounts[0]?.sid ?? '')).statusCode).toBe(201);
  });

  it('does not refuse an administrator, who publishes for the whole site', async () => {
    const { sid: sessionId } = await createAdmin(capApp.database.db, 'site_cap_admin');
    const tiny = await picture('png');
    for (let i = 0; i < 4; i++) expect((await send(tiny, sessionId)).statusCode).toBe(201);
  });
});

describe('removing unused pictures', () => {
  const db = () => ctx.database.db;
  const stored = async () => (await upload(await picture('png'), 'image/png')).json().id as number;
  const makeOld = (id: number) =>
    db().execute(sql`update images set created_at = now() - interval '25 hours' where id = ${id}`);
  const exists = async (id: number) =>
    (await db().select({ id: images.id }).from(images).where(eq(images.id, id))).length === 1;

  it('knows every column that points at a picture', async () => {
    const foreignKeys = await rowsOf<{ name: string }>(
      db(),
      sql`select c.conrelid::regclass::text || '.' || a.attname as name
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
          where c.contype = 'f' and c.confrelid = 'images'::regclass`,
    );
    expect(imageReferences.map((column) => `${getTableName(column.table)}.${column.name}`).sort()).toEqual(
      foreignKeys.map((key) => key.name).sort(),
    );
  });

  it('removes a picture nobody uses after a day, and keeps fresh ones and used ones', async () => {
    const foundation = await signUp(ctx.app, 'foundation');
    const school = await signUp(ctx.app, 'school');
    const [orphan, fresh, logo, cover, photo, schoolLogo, eventImage, newsImage] = await Promise.all(
      Array.from({ length: 8 }, stored),
    );
    for (const id of [orphan, logo, cover, photo, schoolLogo, eventImage, newsImage])
      await makeOld(id as number);
    const [foundationRow] = await db()
      .update(foundations)
      .set({ logoImageId: logo, coverImageId: cover })
      .where(ofMember(foundations, foundation.user.id))
      .returning({ id: foundations.id });
    if (!foundationRow) throw new Error('foundation not found');
    await db()
      .insert(foundationPhotos)
      .values({ foundationId: foundationRow.id, imageId: photo as number });
    await db().update(schools).set({ logoImageId: schoolLogo }).where(ofMember(schools, school.user.id));
    await db().insert(events).values({
      foundationId: foundationRow.id,
      title: 'Субботник',
      description: 'Уборка парка',
      activityType: 'ecology',
      date: '2030-05-01',
      startTime: '10:00',
      endTime: '12:00',
      location: 'Парк',
      hours: 2,
      imageId: eventImage,
    });
    await db().insert(news).values({ title: 'Новость', content: 'Текст', imageId: newsImage });

    expect(await removeUnusedImages(db())).toBe(1);
    expect(await exists(orphan as number)).toBe(false);
    for (const id of [fresh, logo, cover, photo, schoolLogo, eventImage, newsImage]) {
      expect(await exists(id as number)).toBe(true);
    }
  });

  it('is safe when several processes run it at once', async () => {
    const orphan = await stored();
    await makeOld(orphan);
    const removed = await Promise.all([removeUnusedImages(db()), removeUnusedImages(db())]);
    expect(removed.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await exists(orphan)).toBe(false);
  });

  it('runs by itself while the server runs', async () => {
    const orphan = await stored();
    await makeOld(orphan);
    const running = await buildApp({ db: db(), changes: ctx.database.changes, imageCleanupEveryMs: 20 });
    try {
      await running.ready();
      await vi.waitFor(async () => expect(await exists(orphan)).toBe(false), { timeout: 5_000 });
    } finally {
      await running.close();
    }
  });
});
