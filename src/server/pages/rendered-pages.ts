import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderedStateElementId } from '../../shared/server-rendering';
import type * as WebEntry from '../../web/entry-server';
import { sessionCookieName } from '../auth/sessions';
import type { ChangeFeed } from '../db/change-feed';
import { changeTopics } from '../db/change-topics';
import { readWithDependencies } from '../http/public-cache';
import { siteOrigin } from '../http/site-origin';

/** What the page being drawn has read: the tags of each API answer it was drawn from. */
const drawnFrom = new AsyncLocalStorage<Set<string>>();

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';

function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function encode(html: string, encoding: Encoding): Promise<Buffer> | Buffer {
  const bytes = Buffer.from(html);
  // Quality 9 of 11: within a few per cent of the smallest, at a fraction of the time, once per page
  // and write.
  if (encoding === 'br') return brotliAsync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } });
  if (encoding === 'gzip') return gzipAsync(bytes);
  return bytes;
}

/**
 * Public pages drawn by the server (src/web/entry-server.tsx) for visitors who are not signed in: the
 * page is readable at the first paint on a slow phone, before the scripts arrive, and the scripts then
 * adopt it. Signed-in visitors, the working areas and sign-in forms get the bare app as before. Drawn
 * pages are kept in the public read cache under the tags of the API answers they were drawn from, so
 * they are dropped by the same writes as those answers.
 */
export interface RenderedPages {
  /** Answers with the drawn page; false when the bare app should be sent instead. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export async function loadRenderedPages(
  app: FastifyInstance,
  options: { entryFile: string; webRoot: string; changes: ChangeFeed; publicUrl?: string },
): Promise<RenderedPages> {
  const entry = (await import(pathToFileURL(options.entryFile).href)) as typeof WebEntry;
  const template = readFileSync(path.join(options.webRoot, 'index.html'), 'utf8');
  const [beforeRoot, afterRoot] = template.split('<div id="root"></div>');
  if (beforeRoot === undefined || afterRoot === undefined) {
    throw new Error('index.html has no empty <div id="root"></div>');
  }
  // Each page writes its own title, description and preview tags where the template's title was.
  const [beforeTitle, afterTitle] = beforeRoot
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .split(/<title>[^<]*<\/title>/);
  if (afterTitle === undefined) throw new Error('index.html has no <title>');

  // The page's requests go through the app itself, as anonymous requests, with all their rules and the
  // public read cache.
  entry.setApiTransport(async (url, init) => {
    const { result: answer, tags } = await readWithDependencies((headers) =>
      app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { accept: 'application/json', ...headers },
      }),
    );
    const page = drawnFrom.getStore();
    for (const tag of tags) page?.add(tag);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const noBody = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(noBody ? null : answer.body, { status: answer.statusCode, headers });
  });

  const cache = app.publicCache;
  return {
    async send(request, reply) {
      if (request.cookies[sessionCookieName]) return false;
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      const address = entry.pageAddress(request.url);
      const origin = siteOrigin(request, options.publicUrl);
      // The origin is part of the key: a page drawn for one Host never answers a request to another.
      const key = `page ${encoding} ${origin} ${address}`;
      let body = options.changes.live ? cache.lookup(key)?.body : undefined;
      let status = 200;
      if (!body) {
        const generation = cache.generation;
        // A page is dropped by the writes that drop an answer it was drawn from.
        const shows = new Set<string>();
        const page = await drawnFrom.run(shows, () => entry.renderPage(address));
        if (!page) return false;
        const html = `${beforeTitle}${page.head(origin)}${afterTitle}<div id="root">${page.html}</div><script type="application/json" id="${renderedStateElementId}">${page.state}</script>${afterRoot}`;
        body = await encode(html, encoding);
        status = page.status;
        // Addresses of no page are endless; only real pages are kept.
        if (status === 200 && options.changes.live) {
          cache.store(
            key,
            generation,
            body,
            undefined,
            shows.size > 0 ? [...shows] : [changeTopics.undeclared],
          );
        }
      }
      reply
        .status(status)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding, Cookie');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      await reply.send(body);
      return true;
    },
  };
}
