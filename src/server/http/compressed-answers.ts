import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompressSync,
  gzip,
  gzipSync,
  constants as zlib,
} from 'node:zlib';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this an answer goes as it is: the bytes saved do not pay for the work and the header. */
export const compressFromBytes = 1024;

/**
 * An answer the read cache keeps is compressed once and sent many times: quality 4, not 9 as the drawn
 * pages, since a write empties it (on a 72 KB Cyrillic JSON quality 4 took some 3 ms against 150 at
 * quality 9, for 1.3 times the bytes; docs/decisions/062-compressed-api-answers.md). It is first kept as an
 * answer sent once is compressed, and at this quality from the first time it is asked again
 * (PublicReadCache.forHits).
 */
export const keptBrotliQuality = 4;

/**
 * An answer sent once (a signed-in list, anything the cache does not keep) is compressed for that one
 * request: quality 1 took 57-71 µs for a page of 16-18 KB against 151-268 at quality 4, for 1.2 times
 * the bytes (2.8 KB against 2.3 for a page of twenty of a school's applications).
 */
export const sentOnceBrotliQuality = 1;

export type AnswerEncoding = 'br' | 'gzip';

function encodingFor(acceptEncoding: string): AnswerEncoding | undefined {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const any = weights.get('*');
  const accepts = (coding: AnswerEncoding) => (weights.get(coding) ?? any ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** Browsers send a handful of distinct headers; parsing one per answer was 3 % of a cached answer's work. */
const encodingsByHeader = new Map<string, AnswerEncoding | undefined>();
const rememberedHeaders = 64;

/**
 * The encoding to send for an Accept-Encoding header: br before gzip whatever their order, as the
 * smaller; a coding the client lists with q=0 is refused, and `*` stands for any coding not named.
 */
export function chooseAnswerEncoding(acceptEncoding: string | undefined): AnswerEncoding | undefined {
  if (!acceptEncoding) return undefined;
  if (encodingsByHeader.has(acceptEncoding)) return encodingsByHeader.get(acceptEncoding);
  const encoding = encodingFor(acceptEncoding);
  // Any client may send any header: past the bound the remembered ones start again.
  if (encodingsByHeader.size >= rememberedHeaders) encodingsByHeader.clear();
  encodingsByHeader.set(acceptEncoding, encoding);
  return encoding;
}

/**
 * Answers below this are compressed on the event loop: brotli at quality 4 takes 20-90 µs for 1-21 KB
 * (quality 1 less still), less than handing the work to libuv's threads and back (an uncached event 1,170-1,228 req/s that way,
 * 1,273-1,458 on the loop, 50 connections on the bench's PGlite data). Larger ones, up to some 3 ms at
 * 72 KB, go to the threads so as not to hold the loop.
 */
const compressOnLoopBelowBytes = 32 * 1024;

function encode(bytes: Buffer | string, encoding: AnswerEncoding, brotliQuality: number): Promise<Buffer> {
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  const brotliOptions = {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: brotliQuality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
  if (size < compressOnLoopBelowBytes) {
    try {
      return Promise.resolve(
        encoding === 'gzip' ? gzipSync(bytes) : brotliCompressSync(bytes, brotliOptions),
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return encoding === 'gzip' ? gzipAsync(bytes) : brotliAsync(bytes, brotliOptions);
}

/** An answer as the read cache keeps it (keptForm). */
export interface KeptForm {
  body: Buffer;
  encoding: 'br' | undefined;
  /** The brotli quality of `body` when it is br. */
  brotliQuality: number | undefined;
}

/**
 * The form a public answer is kept in by the read cache (public-cache.ts): JSON above 1 KB as br at
 * `brotliQuality`, a fifth to a seventh of its size, which the cache's hits send as they are to the
 * clients that accept br; smaller ones as they are.
 */
export async function keptForm(text: string | Buffer, brotliQuality = keptBrotliQuality): Promise<KeptForm> {
  const plain = typeof text === 'string' ? Buffer.from(text) : text;
  if (plain.length < compressFromBytes) {
    return { body: exactCopy(plain), encoding: undefined, brotliQuality: undefined };
  }
  return { body: exactCopy(await encode(plain, 'br', brotliQuality)), encoding: 'br', brotliQuality };
}

/**
 * A Buffer of its own memory, exactly as long as its bytes: zlib answers with a slice of its 16 KB
 * output chunk and Buffer.from with a slice of an 8 KB pool, and a kept slice keeps the whole of either
 * (3 KB answers held 16 KB each: 82 MB of buffers for a cache counting 8).
 */
function exactCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** The plain text of an answer kept in `encoding` (keptForm). */
export function plainForm(body: Buffer, encoding: 'br' | undefined): Buffer {
  return encoding === 'br' ? brotliDecompressSync(body) : body;
}

/** Caches between the client and the server must keep one answer per encoding. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'Accept-Encoding');
  } else if (!/\baccept-encoding\b/i.test(String(vary))) {
    reply.header('vary', `${String(vary)}, Accept-Encoding`);
  }
}

const compressAnswer: onSendHookHandler = async (request, reply, payload) => {
  // Streams (exports, calendars), pictures and PDFs pass as they are: only JSON is compressed here.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < compressFromBytes) return payload;
  varyOnEncoding(reply);
  const encoding = chooseAnswerEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const body = await encode(payload, encoding, sentOnceBrotliQuality);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
};

/**
 * JSON answers of the API above 1 KB go compressed, br or gzip as the client accepts, as the pages and
 * the built files already do. Added to each /api route as it is registered, after the hooks registered
 * before this plugin: an answer the public read cache sends already compressed (content-encoding set)
 * passes as it is.
 */
export const compressedAnswers = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      route.onSend = [...[route.onSend ?? []].flat(), compressAnswer];
    });
  },
  { name: 'compressed-answers', dependencies: ['public-cache'] },
);
