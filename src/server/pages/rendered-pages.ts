import { AsyncLocalStorage } from 'node:async_hooks';
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
import { appDocument, chooseEncoding, type Encoding } from './app-document';

/**
 * The page being drawn: the tags of each API answer it was drawn from, and, for a signed-in visitor,
 * their session cookie, which its API reads carry, and the cookies those reads set (a renewed session).
 */
interface Drawing {
  shows: Set<string>;
  sessionCookie?: string;
  setCookies: string[];
}
const drawing = new AsyncLocalStorage<Drawing>();

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Quality 9 of 11 for a page that is kept: within a few per cent of the smallest, at a fraction of the
 * time, once per page and write. A signed-in visitor's page is compressed for each request, at the API
 * answers' quality.
 */
const keptPageQuality = 9;
const ownPageQuality = 4;

/**
 * How many signed-in visitors' pages are drawn at once. Each costs the server's thread its reads and a
 * React render of the page; a visitor reloading in a loop, or many arriving together, would otherwise
 * take the thread from every other request. Whoever comes beyond the limit
 * gets the bare app, as every signed-in visitor did before their pages were drawn.
 */
const ownPagesAtOnce = 2;

function encode(html: string, encoding: Encoding, quality: number): Promise<Buffer> | Buffer {
  const bytes = Buffer.from(html);
  if (encoding === 'br') return brotliAsync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } });
  if (encoding === 'gzip') return gzipAsync(bytes);
  return bytes;
}

/** A drawn page differs by encoding and by whether the visitor has a session, and by whose. */
const pagesVary = 'Accept-Encoding, Cookie';
/** A signed-in visitor's page is theirs alone: no cache between the server and them may keep it. */
const ownPageCacheControl = 'private, no-store';

/** Sends a drawn page, compressed as `encoding`. */
async function sendDrawn(
  reply: FastifyReply,
  body: Buffer,
  how: { status: number; encoding: Encoding; cacheControl: string },
): Promise<void> {
  reply
    .status(how.status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', how.cacheControl)
    .header('Vary', pagesVary);
  if (how.encoding !== 'identity') reply.header('Content-Encoding', how.encoding);
  await reply.send(body);
}

/**
 * Pages drawn by the server (src/web/entry-server.tsx): the page is readable at the first paint on a
 * slow phone, before the scripts arrive, and the scripts then adopt it. A visitor who is not signed in
 * gets the public pages, kept in the public read cache under the tags of the API answers they were
 * drawn from, so they are dropped by the same writes as those answers. A visitor with a session gets
 * every page but the forms, working areas included, drawn for them alone on each request and kept
 * nowhere. Forms, and the working areas for anybody else, get the bare app.
 */
export interface RenderedPages {
  /** Answers with the drawn page (or the redirect a guard asked for); false when the bare app should be sent instead. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export async function loadRenderedPages(
  app: FastifyInstance,
  options: {
    entryFile: string;
    webRoot: string;
    changes: ChangeFeed;
    publicUrl?: string;
    /** APP_TIMEZONE: the pages' dates and times are drawn in it, and the page names it to the browser. */
    timeZone: string;
  },
): Promise<RenderedPages> {
  const entry = (await import(pathToFileURL(options.entryFile).href)) as typeof WebEntry;
  entry.setAppTimeZone(options.timeZone);
  const template = appDocument(options.webRoot, options.timeZone);
  const [beforeRoot, afterRoot] = template.split('<div id="root"></div>');
  if (beforeRoot === undefined || afterRoot === undefined) {
    throw new Error('index.html has no empty <div id="root"></div>');
  }
  // Each page writes its own title, description and preview tags where the template's title was.
  const [beforeTitle, afterTitle] = beforeRoot
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .split(/<title>[^<]*<\/title>/);
  if (afterTitle === undefined) throw new Error('index.html has no <title>');

  // The page's requests go through the app itself, with all their rules and the public read cache: as
  // anonymous requests, or with the signed-in visitor's session.
  entry.setApiTransport(async (url, init) => {
    const page = drawing.getStore();
    const session = page?.sessionCookie;
    const { result: answer, tags } = await readWithDependencies((headers) =>
      app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: {
          accept: 'application/json',
          ...(session === undefined ? {} : { cookie: `${sessionCookieName}=${session}` }),
          ...headers,
        },
      }),
    );
    for (const tag of tags) page?.shows.add(tag);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const setCookie = answer.headers['set-cookie'];
    if (setCookie !== undefined) page?.setCookies.push(...[setCookie].flat());
    const noBody = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(noBody ? null : answer.body, { status: answer.statusCode, headers });
  });

  const document = (page: WebEntry.RenderedPage, origin: string) =>
    `${beforeTitle}${page.head(origin)}${afterTitle}<div id="root">${page.html}</div><script type="application/json" id="${renderedStateElementId}">${page.state}</script>${afterRoot}`;

  let ownPagesDrawing = 0;

  /** A signed-in visitor's page: drawn with their session, for this request only. */
  async function sendOwnPage(
    request: FastifyRequest,
    reply: FastifyReply,
    sessionCookie: string,
  ): Promise<boolean> {
    // Beyond the limit the visitor gets the bare app, which draws the same page in their browser.
    if (ownPagesDrawing >= ownPagesAtOnce) return false;
    const page: Drawing = { shows: new Set(), sessionCookie, setCookies: [] };
    ownPagesDrawing++;
    let drawn: Awaited<ReturnType<typeof entry.renderPage>>;
    try {
      drawn = await drawing.run(page, () => entry.renderPage(request.url, { signedIn: true }));
    } finally {
      ownPagesDrawing--;
    }
    // A session renewed by the page's reads goes to the browser, as it would from the API, with the bare
    // app too should the page not be drawn after all.
    if (page.setCookies.length > 0) reply.header('Set-Cookie', page.setCookies);
    if (!drawn) return false;
    if ('redirectTo' in drawn) {
      reply.header('Cache-Control', ownPageCacheControl).header('Vary', pagesVary);
      await reply.redirect(drawn.redirectTo, 302);
      return true;
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const html = document(drawn, siteOrigin(request, options.publicUrl));
    const body = await encode(html, encoding, ownPageQuality);
    await sendDrawn(reply, body, { status: drawn.status, encoding, cacheControl: ownPageCacheControl });
    return true;
  }

  const cache = app.publicCache;
  return {
    async send(request, reply) {
      const sessionCookie = request.cookies[sessionCookieName];
      if (sessionCookie) return sendOwnPage(request, reply, sessionCookie);
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
        const page: Drawing = { shows: new Set(), setCookies: [] };
        const drawn = await drawing.run(page, () => entry.renderPage(address, { signedIn: false }));
        // Only a guard redirects, and no guarded page is drawn for a visitor without a session.
        if (!drawn || 'redirectTo' in drawn) return false;
        body = await encode(document(drawn, origin), encoding, keptPageQuality);
        status = drawn.status;
        // Addresses of no page are endless; only real pages are kept.
        if (status === 200 && options.changes.live) {
          cache.store(
            key,
            generation,
            body,
            undefined,
            page.shows.size > 0 ? [...page.shows] : [changeTopics.undeclared],
          );
        }
      }
      await sendDrawn(reply, body, { status, encoding, cacheControl: 'no-cache' });
      return true;
    },
  };
}
