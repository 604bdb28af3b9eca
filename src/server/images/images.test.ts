import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMessages } from '../../shared/images';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

let ctx: TestContext;
let sid: string;
beforeAll(async () => {
  ctx = await createTestApp();
  sid = (await signUp(ctx.app, 'foundation')).sid;
});
afterAll(() => ctx.close());

const picture = (format: 'png' | 'jpeg' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#15803d' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-author' } } })
    [format]()
    .toBuffer();

const upload = (body: Buffer, contentType: string, cookie: string | null = sid) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': contentType },
    cookies: cookie ? { sid: cookie } : {},
    payload: body,
  });

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
