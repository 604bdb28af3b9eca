import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/change-feed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers every visitor alike, so its answers may be kept until the next write.
     * `skip` names the callers whose answer differs (e.g. a foundation sees its own hidden events).
     */
    publicCache?: { skip?: (request: FastifyRequest) => boolean };
  }
  interface FastifyInstance {
    /** For code that writes past the API (seeding, tests): it must drop the cache itself. */
    publicCache: PublicReadCache;
  }
  interface FastifyRequest {
    publicCacheMiss: { key: string; generation: number } | undefined;
  }
}

/**
 * The longest an answer is served from memory: a safety net should a change notice ever be missed (a
 * write made while the listening connection was being re-established), at the cost of one query per
 * cached address and minute.
 */
export const publicCacheMaxAgeMs = 60_000;

interface CachedAnswer {
  /** UTF-8 already: the text is mostly Cyrillic, and encoding it again on every hit is measurable. */
  body: Buffer;
  totalCount: string | undefined;
  bytes: number;
  /** Date.now() after which the answer is computed again. */
  expiresAt: number;
}

/**
 * The answers of public GET routes, dropped all at once by any write and when the day changes (lists say
 * which events are past), and each after publicCacheMaxAgeMs. Least recently used answers go first when
 * the size limit is hit.
 */
export class PublicReadCache {
  readonly #answers = new Map<string, CachedAnswer>();
  readonly #maxBytes: number;
  readonly #today: () => string;
  readonly #now: () => number;
  #bytes = 0;
  #generation = 0;
  #day: string;

  constructor(options: { maxBytes: number; today: () => string; now?: () => number }) {
    this.#maxBytes = options.maxBytes;
    this.#today = options.today;
    this.#now = options.now ?? Date.now;
    this.#day = options.today();
  }

  /** Grows with every invalidation; an answer computed under an older generation is never stored. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#answers.size;
  }

  lookup(key: string): CachedAnswer | undefined {
    const today = this.#today();
    if (today !== this.#day) {
      this.invalidate();
      this.#day = today;
      return undefined;
    }
    const answer = this.#answers.get(key);
    if (answer && this.#now() >= answer.expiresAt) {
      this.#remove(key);
      return undefined;
    }
    if (answer) {
      // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
      this.#answers.delete(key);
      this.#answers.set(key, answer);
    }
    return answer;
  }

  /** Keeps an answer unless a write happened while it was being computed: then it may be stale. */
  store(key: string, generation: number, body: string | Buffer, totalCount: string | undefined): void {
    if (generation !== this.#generation) return;
    const encoded = typeof body === 'string' ? Buffer.from(body) : body;
    const bytes = encoded.length + key.length * 2;
    if (bytes > this.#maxBytes / 4) return;
    this.#remove(key);
    while (this.#bytes + bytes > this.#maxBytes) {
      const oldest = this.#answers.keys().next();
      if (oldest.done) break;
      this.#remove(oldest.value);
    }
    this.#answers.set(key, {
      body: encoded,
      totalCount,
      bytes,
      expiresAt: this.#now() + publicCacheMaxAgeMs,
    });
    this.#bytes += bytes;
  }

  invalidate(): void {
    this.#generation += 1;
    this.#answers.clear();
    this.#bytes = 0;
  }

  #remove(key: string) {
    const answer = this.#answers.get(key);
    if (!answer) return;
    this.#answers.delete(key);
    this.#bytes -= answer.bytes;
  }
}

/** The query parameters a route's schema knows, sorted. */
function queryKeysOf(schema: unknown): readonly string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape).sort() : [];
}

/**
 * What an answer is kept under: the route, its path parameters and the query parameters its schema
 * knows, in a fixed order. Keyed by the whole URL, `?utm=1`, `?utm=2`, … each missed the cache and cost
 * a query; parameters the route never reads now share the answer. Read before validation, so that a
 * hit costs no schema pass: the values are as sent, and `page=01` is another key for the same answer.
 */
export function publicCacheKey(
  request: FastifyRequest,
  route: { url: string; queryKeys: readonly string[] },
): string {
  let key = route.url;
  const params = request.params as Record<string, unknown> | undefined;
  if (params && Object.keys(params).length > 0) key += JSON.stringify(params);
  const query = request.query as Record<string, unknown>;
  for (const name of route.queryKeys) {
    const value = query[name];
    if (value !== undefined) key += `&${name}=${JSON.stringify(value)}`;
  }
  return key;
}

/** Serves routes marked `publicCache` from memory; the cache is emptied whenever the change feed speaks. */
export const publicCachePlugin = fp(
  async (app: FastifyInstance, { cache, changes }: { cache: PublicReadCache; changes: ChangeFeed }) => {
    changes.onChange(() => cache.invalidate());
    app.decorate('publicCache', cache);
    app.decorateRequest('publicCacheMiss', undefined);

    // Decided once per route as it is registered rather than on every request: reading
    // request.routeOptions builds a new object each time, and most requests are not for these routes.
    app.addHook('onRoute', (route) => {
      const rule = route.config?.publicCache;
      if (!rule) return;
      const keyOf = { url: route.url, queryKeys: queryKeysOf(route.schema?.querystring) };
      const serveFromMemory = async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.method !== 'GET' || !changes.live || rule.skip?.(request)) return;
        const key = publicCacheKey(request, keyOf);
        const answer = cache.lookup(key);
        if (!answer) {
          request.publicCacheMiss = { key, generation: cache.generation };
          return;
        }
        reply.header('content-type', 'application/json; charset=utf-8');
        if (answer.totalCount !== undefined) reply.header('x-total-count', answer.totalCount);
        return reply.send(answer.body);
      };
      // Keeps what the route answered when serveFromMemory found nothing.
      const keep: onSendHookHandler = (request, reply, payload, done) => {
        const miss = request.publicCacheMiss;
        if (miss && reply.statusCode === 200 && typeof payload === 'string') {
          const totalCount = reply.getHeader('x-total-count');
          cache.store(
            miss.key,
            miss.generation,
            payload,
            totalCount === undefined ? undefined : String(totalCount),
          );
        }
        done(null, payload);
      };
      route.onRequest = [...[route.onRequest ?? []].flat(), serveFromMemory];
      route.onSend = [...[route.onSend ?? []].flat(), keep];
    });
  },
  { name: 'public-cache', dependencies: ['session'] },
);
