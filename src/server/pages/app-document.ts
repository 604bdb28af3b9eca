import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appTimeZoneMetaName } from '../../shared/server-rendering';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

const attributeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The web app's index.html naming the app's time zone (APP_TIMEZONE) in its head: the browser draws every
 * date and time in it (src/web/main.tsx), as the server did on a page it drew, whatever the zone of the
 * visitor's phone. The zone is the running server's setting, so it is written here, not by the build.
 */
export function appDocument(webRoot: string, timeZone: string): string {
  const template = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  if (!template.includes('</head>')) throw new Error('index.html has no </head>');
  const meta = `<meta name="${appTimeZoneMetaName}" content="${attributeText(timeZone)}">`;
  return template.replace('</head>', () => `${meta}</head>`);
}

/** The page every address without a drawn page gets: the app, which draws the page in the browser. */
export interface BareApp {
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * The bare app from memory, compressed once at start in each encoding a browser may accept (the files the
 * build compressed lack the zone). Its ETag lets a returning browser keep its copy (304).
 */
export async function loadBareApp(webRoot: string, timeZone: string): Promise<BareApp> {
  const identity = Buffer.from(appDocument(webRoot, timeZone));
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}`;
  const bodies: Record<Encoding, Buffer> = {
    identity,
    br: await brotliAsync(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: await gzipAsync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  };
  return {
    async send(request, reply) {
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      const tag = `${etag}-${encoding}"`;
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .header('ETag', tag);
      const known = request.headers['if-none-match']?.split(',') ?? [];
      if (known.some((held) => held.trim().replace(/^W\//, '') === tag)) return reply.status(304).send();
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(bodies[encoding]);
    },
  };
}
