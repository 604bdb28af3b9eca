import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlib } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/test-app';
import {
  chooseAnswerEncoding,
  compressFromBytes,
  keptBrotliQuality,
  keptForm,
  plainForm,
  sentOnceBrotliQuality,
} from './compressed-answers';

describe('chooseAnswerEncoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(chooseAnswerEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseAnswerEncoding('gzip')).toBe('gzip');
    expect(chooseAnswerEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseAnswerEncoding('identity')).toBeUndefined();
    expect(chooseAnswerEncoding('*')).toBe('br');
    expect(chooseAnswerEncoding('*;q=0')).toBeUndefined();
    expect(chooseAnswerEncoding(undefined)).toBeUndefined();
  });

  it('answers a header it has seen, and one among hundreds of others, as the first time', () => {
    for (let n = 0; n < 300; n++) {
      expect(chooseAnswerEncoding(`gzip;q=0.${n % 9}, x-${n}`)).toBe(n % 9 === 0 ? undefined : 'gzip');
    }
    expect(chooseAnswerEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseAnswerEncoding('gzip;q=0.0, x-0')).toBeUndefined();
  });
});

describe('keptForm', () => {
  it('keeps an answer in memory of its own size, compressed above 1 KB, and gives back its text', async () => {
    const answers = [
      JSON.stringify({ title: 'Короткий ответ' }),
      JSON.stringify({ items: Array.from({ length: 60 }, (_, i) => `Посадка деревьев № ${i} в сквере`) }),
    ];
    for (const text of answers) {
      const kept = await keptForm(text);
      expect(kept.encoding).toBe(Buffer.byteLength(text) < compressFromBytes ? undefined : 'br');
      // A slice of zlib's 16 KB chunk or of Buffer's 8 KB pool would keep all of it alive.
      expect(kept.body.buffer.byteLength).toBe(kept.body.length);
      expect(plainForm(kept.body, kept.encoding).toString()).toBe(text);
    }
  });
});

describe('API answers above 1 KB are compressed', () => {
  let ctx: TestContext;
  // Cyrillic text, as the real answers are: some 20 KB.
  const big = {
    items: Array.from({ length: 200 }, (_, i) => `Субботник в парке № ${i}: собираем листья вместе`),
  };
  // Above the size compressed on the event loop: compressed on libuv's threads.
  const huge = {
    items: Array.from({ length: 2000 }, (_, i) => `Уборка берега № ${i}: перчатки и мешки выдадим на месте`),
  };
  const small = { items: ['Коротко'] };
  const schema = { response: { 200: z.object({ items: z.array(z.string()) }) } };

  beforeAll(async () => {
    ctx = await createTestApp();
    ctx.app.get('/api/test/big', { schema }, async () => big);
    ctx.app.get('/api/test/small', { schema }, async () => small);
    ctx.app.get('/api/test/huge', { schema }, async () => huge);
    // Public reads, kept by the cache.
    ctx.app.get('/api/test/cached', { schema, config: { publicCache: {} } }, async () => big);
    ctx.app.get('/api/test/cached-for-br', { schema, config: { publicCache: {} } }, async () => big);
    ctx.app.get('/api/test/huge-cached', { schema, config: { publicCache: {} } }, async () => huge);
  });
  afterAll(() => ctx.close());

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('answers br to a client that accepts it, and the body decodes to the same JSON', async () => {
    const response = await get('/api/test/big', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('spends less on an answer sent once than on one the cache keeps for many', async () => {
    const text = Buffer.from(JSON.stringify(big));
    const atQuality = (quality: number) =>
      brotliCompressSync(text, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: quality,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      });
    expect((await get('/api/test/big', 'br')).rawPayload).toEqual(atQuality(sentOnceBrotliQuality));
    // A public answer is kept as it was first sent: most pages of a list are asked once.
    const bytesBefore = ctx.app.publicCache.bytes;
    expect((await get('/api/test/cached', 'br')).rawPayload).toEqual(atQuality(sentOnceBrotliQuality));
    const keptAsSent = ctx.app.publicCache.bytes - bytesBefore;
    // Asked again, it is compressed harder for this hit and the next, and kept so.
    expect((await get('/api/test/cached', 'br')).rawPayload).toEqual(atQuality(keptBrotliQuality));
    expect((await get('/api/test/cached', 'br')).rawPayload).toEqual(atQuality(keptBrotliQuality));
    expect(ctx.app.publicCache.bytes - bytesBefore).toBeLessThan(keptAsSent);
    expect(sentOnceBrotliQuality).toBeLessThan(keptBrotliQuality);
  });

  it('compresses a kept answer again once for hits that arrive together', async () => {
    // Above the size compressed on the event loop: the hits arrive while the threads compress it.
    await get('/api/test/huge-cached', 'br');
    const before = ctx.app.publicCache.stats.recompressed;
    const hits = await Promise.all(Array.from({ length: 5 }, () => get('/api/test/huge-cached', 'br')));
    expect(ctx.app.publicCache.stats.recompressed - before).toBe(1);
    for (const hit of hits) expect(JSON.parse(brotliDecompressSync(hit.rawPayload).toString())).toEqual(huge);
    expect(new Set(hits.map((hit) => hit.rawPayload.toString('base64'))).size).toBe(1);
    ctx.app.publicCache.invalidate();
  });

  it('answers gzip to a client that accepts only gzip', async () => {
    const response = await get('/api/test/big', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('compresses an answer of hundreds of kilobytes off the event loop alike, br and gzip', async () => {
    expect(Buffer.byteLength(JSON.stringify(huge))).toBeGreaterThan(64 * 1024);
    const br = await get('/api/test/huge', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(huge);
    const gzip = await get('/api/test/huge', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(huge);
  });

  it('answers plain JSON to a client that accepts no compression, still varying on it', async () => {
    const response = await get('/api/test/big');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.json()).toEqual(big);
  });

  it('sends answers below 1 KB as they are', async () => {
    expect(Buffer.byteLength(JSON.stringify(small))).toBeLessThan(compressFromBytes);
    const response = await get('/api/test/small', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(small);
  });

  it('keeps a cached public answer compressed, and answers every encoding from it', async () => {
    // The first reader accepts no compression: what is kept is still the br form.
    const miss = await get('/api/test/cached');
    const plainLength = Buffer.byteLength(JSON.stringify(big));
    expect(ctx.app.publicCache.size).toBe(1);
    // Kept as plain text the answers held some 40 MB of the server's memory after a bench run.
    expect(ctx.app.publicCache.bytes).toBeLessThan(plainLength / 4);
    const hit = await get('/api/test/cached', 'br');
    const hitAgain = await get('/api/test/cached', 'gzip, deflate, br');
    const gzipHit = await get('/api/test/cached', 'gzip');
    const plainHit = await get('/api/test/cached');
    for (const response of [hit, hitAgain]) {
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(big);
    }
    expect(hitAgain.rawPayload.equals(hit.rawPayload)).toBe(true);
    expect(gzipHit.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipHit.rawPayload).toString('utf8'))).toEqual(big);
    for (const response of [miss, plainHit]) {
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.json()).toEqual(big);
    }
  });

  it('sends a br reader of a cached answer the kept bytes from the first request', async () => {
    const miss = await get('/api/test/cached-for-br', 'br');
    const hit = await get('/api/test/cached-for-br', 'br');
    const hitAgain = await get('/api/test/cached-for-br', 'br');
    expect(miss.headers['content-encoding']).toBe('br');
    // The miss's reader gets what was kept; the first hit what is kept from then on.
    expect(hit.rawPayload.equals(hitAgain.rawPayload)).toBe(true);
    for (const response of [miss, hit]) {
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(big);
    }
  });
});
