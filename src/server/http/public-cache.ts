import { randomUUID } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preSerializationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../db/change-feed';
import { type ChangedTags, changeMatches, changeTopics } from '../db/change-topics';
import {
  chooseAnswerEncoding,
  keptBrotliQuality,
  keptForm,
  plainForm,
  sentOnceBrotliQuality,
  varyOnEncoding,
} from './compressed-answers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers every visitor alike, so its answers may be kept until a write changes them.
     * `skip` names the callers whose answer differs (e.g. a foundation sees its own hidden events).
     * `dependsOn` names what an answer shows (src/server/db/change-topics.ts), from the answer before it
     * is serialised: a write drops it only when it names one of these. Without it, any write that
     * changes anything public drops the answer.
     */
    publicCache?: {
      skip?: (request: FastifyRequest) => boolean;
      dependsOn?: (answer: unknown, request: FastifyRequest) => readonly string[];
    };
  }
  interface FastifyInstance {
    /** For code that writes past the API (seeding, tests): it must drop the cache itself. */
    publicCache: PublicReadCache;
  }
  interface FastifyRequest {
    publicCacheMiss: PublicCacheMiss | undefined;
  }
}

/**
 * The longest an answer is served from memory: a safety net should a change notice ever be missed (a
 * write made while the listening connection was being re-established), at the cost of one query per
 * cached address and minute.
 */
export const publicCacheMaxAgeMs = 60_000;

/** How many recent invalidations are remembered to judge an answer computed while they happened. */
const rememberedInvalidations = 256;

/** An answer as computed once, for the cache and for the requests that waited for it. */
export interface SharedAnswer {
  /** UTF-8 already: the text is mostly Cyrillic, and encoding it again on every hit is measurable. */
  body: Buffer;
  /**
   * 'br' when `body` is the answer compressed, as JSON answers above 1 KB are kept (keptForm): a fifth
   * to a seventh of the memory, and the bytes a browser is sent.
   */
  encoding: 'br' | undefined;
  /** The brotli quality of a br `body`: below keptBrotliQuality until the answer is asked again (forHits). */
  brotliQuality?: number;
  totalCount: string | undefined;
  /** What the answer shows (src/server/db/change-topics.ts). */
  tags: readonly string[];
}

interface CachedAnswer extends SharedAnswer {
  bytes: number;
}

/** The one computation of an answer that concurrent misses of its key wait for. */
export interface Computation {
  readonly generation: number;
  readonly answer: Promise<SharedAnswer | undefined>;
  settle(answer: SharedAnswer | undefined): void;
}

interface PublicCacheMiss {
  key: string;
  generation: number;
  tags: readonly string[];
  /** Set when this request computes for others waiting; undefined when it computes for itself only. */
  computation: Computation | undefined;
}

/** What the cache has done since it was made: how a test or an operator sees hits without timing them. */
export interface PublicCacheStats {
  hits: number;
  misses: number;
  /** Misses answered by another request's computation of the same key. */
  sharedComputations: number;
  /** Answers dropped by writes (not by age, size or the day changing). */
  dropped: number;
  /** Answers compressed again, harder, when first asked again (forHits). */
  recompressed: number;
}

/**
 * The answers of public GET routes, each kept under the tags of what it shows: a write drops the answers
 * whose tags it names (an application to one event drops the pages showing that event, and not the news),
 * everything when it cannot say; everything when the day changes (lists say which events are past); each
 * after publicCacheMaxAgeMs. Least recently used answers go first when the size limit is hit. The keeping
 * (size, age, recency) is lru-cache's; what is ours is the index by tag, kept in step through `dispose`,
 * and the waiting of concurrent misses for one computation.
 */
export class PublicReadCache {
  readonly #answers: LRUCache<string, CachedAnswer>;
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #computations = new Map<string, Computation>();
  readonly #figuresComputing = new Map<string, { generation: number; value: Promise<unknown> }>();
  /** Answers being compressed again for their hits (forHits), so that concurrent hits do it once. */
  readonly #recompressing = new Map<CachedAnswer, Promise<SharedAnswer>>();
  /** The last invalidations, oldest first: what changed at which generation. */
  readonly #recent: Array<{ generation: number; changed: ReadonlySet<string> | undefined }> = [];
  readonly #maxBytes: number;
  readonly #today: () => string;
  readonly #stats: PublicCacheStats = {
    hits: 0,
    misses: 0,
    sharedComputations: 0,
    dropped: 0,
    recompressed: 0,
  };
  #generation = 0;
  #day: string;

  constructor(options: { maxBytes: number; today: () => string; now?: () => number }) {
    this.#maxBytes = options.maxBytes;
    this.#today = options.today;
    this.#day = options.today();
    this.#answers = new LRUCache<string, CachedAnswer>({
      maxSize: options.maxBytes,
      sizeCalculation: (answer) => answer.bytes,
      // lru-cache serves an answer while its age is at most ttl; ours is gone at publicCacheMaxAgeMs.
      ttl: publicCacheMaxAgeMs - 1,
      // A test's clock is read on every look, not once a millisecond as lru-cache otherwise does.
      ...(options.now && { perf: { now: options.now }, ttlResolution: 0 }),
      // Called for every answer that leaves, whatever the reason (dropped, replaced, too old, evicted).
      dispose: (answer, key) => this.#untag(key, answer.tags),
    });
  }

  /** Grows with every invalidation; an answer computed under an older one is kept only if it missed it. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#answers.size;
  }

  /** What the kept answers take, as counted against the size limit. */
  get bytes(): number {
    return this.#answers.calculatedSize;
  }

  get stats(): PublicCacheStats {
    return { ...this.#stats };
  }

  lookup(key: string): SharedAnswer | undefined {
    const answer = this.#fresh(key);
    if (answer) this.#stats.hits += 1;
    else this.#stats.misses += 1;
    return answer;
  }

  /**
   * A kept answer as its hits are sent it. An answer is kept at first compressed as one sent once
   * (sentOnceBrotliQuality), since most pages of a list are asked once (a crawler's walk over every
   * page, a visitor paging far), and keptBrotliQuality cost the server's thread 100-200 µs more per page
   * of 16-18 KB for nothing; the first time it is asked again it is compressed at keptBrotliQuality, a
   * fifth fewer bytes for this hit and the next, and kept so unless a write has dropped it meanwhile.
   */
  forHits(key: string, answer: SharedAnswer): SharedAnswer | Promise<SharedAnswer> {
    // Synchronous for the answers kept for good, which are nearly every hit: no promise on their way.
    if (answer.encoding !== 'br' || (answer.brotliQuality ?? keptBrotliQuality) >= keptBrotliQuality) {
      return answer;
    }
    const kept = this.#answers.peek(key);
    if (kept !== answer) return answer;
    return this.#recompressing.get(kept) ?? this.#recompress(key, kept);
  }

  #recompress(key: string, kept: CachedAnswer): Promise<SharedAnswer> {
    this.#stats.recompressed += 1;
    const recompressed = (async () => {
      const form = await keptForm(plainForm(kept.body, kept.encoding), keptBrotliQuality);
      const better: CachedAnswer = { ...kept, ...form, bytes: keptBytes(key, form.body) };
      if (this.#answers.peek(key) === kept) this.#keep(key, better);
      return better;
    })().finally(() => this.#recompressing.delete(kept));
    this.#recompressing.set(kept, recompressed);
    return recompressed;
  }

  /**
   * A figure that many answers share, such as how many events match a list's filters: every page of that
   * list shows it, and counting 50,000 events costs more than reading a page. It is kept under `tags`
   * like an answer, so a write that may change it drops it, and computed when it is missing. Misses that
   * come while it is being computed since the last write wait for that computation instead of counting
   * again (fifty administrators' requests each counting 500,000 applications took 3 s); if it fails,
   * each computes its own, since the first request's failure (its client gone) is not theirs.
   */
  async figure<T>(key: string, tags: readonly string[], compute: () => Promise<T>): Promise<T> {
    const kept = this.#fresh(key);
    if (kept) return JSON.parse(plainForm(kept.body, kept.encoding).toString()) as T;
    const running = this.#figuresComputing.get(key);
    if (running && running.generation === this.#generation) {
      this.#stats.sharedComputations += 1;
      try {
        return (await running.value) as T;
      } catch {
        return compute();
      }
    }
    const computing = { generation: this.#generation, value: compute() };
    this.#figuresComputing.set(key, computing);
    try {
      const value = await computing.value;
      this.store(key, computing.generation, JSON.stringify(value), undefined, tags);
      return value;
    } finally {
      if (this.#figuresComputing.get(key) === computing) this.#figuresComputing.delete(key);
    }
  }

  #fresh(key: string): CachedAnswer | undefined {
    const today = this.#today();
    if (today !== this.#day) {
      this.invalidate();
      this.#day = today;
    }
    return this.#answers.get(key);
  }

  /**
   * Keeps an answer computed since `generation` unless a write since then may have changed it: then it
   * may be stale. `tags` say what it shows; without them any write that changes anything public drops it.
   */
  store(
    key: string,
    generation: number,
    body: string | Buffer,
    totalCount: string | undefined,
    tags: readonly string[] = [changeTopics.undeclared],
    encoding: 'br' | undefined = undefined,
    brotliQuality: number | undefined = undefined,
  ): void {
    if (this.#changedSince(generation, tags)) return;
    const encoded = typeof body === 'string' ? Buffer.from(body) : body;
    const bytes = keptBytes(key, encoded);
    // One answer may not push out most of the others.
    if (bytes > this.#maxBytes / 4) return;
    this.#keep(key, { body: encoded, encoding, brotliQuality, totalCount, tags, bytes });
  }

  /** Keeps an answer (replacing the key's, which `dispose` untags) and files its key under its tags. */
  #keep(key: string, answer: CachedAnswer) {
    this.#answers.set(key, answer);
    for (const tag of answer.tags) {
      const keys = this.#keysByTag.get(tag);
      if (keys) keys.add(key);
      else this.#keysByTag.set(tag, new Set([key]));
    }
  }

  /**
   * Drops the answers a write may have changed: those sharing a tag with `changed`, and those that
   * declared none; everything when `changed` is undefined (the default: code writing past the API).
   * A write that changed nothing public (an empty list) keeps everything.
   */
  invalidate(changed?: ChangedTags): void {
    if (changed && changed.length === 0) return;
    this.#generation += 1;
    const tags = changed && new Set(changed);
    this.#recent.push({ generation: this.#generation, changed: tags });
    if (this.#recent.length > rememberedInvalidations) this.#recent.shift();
    if (!tags) {
      this.#stats.dropped += this.#answers.size;
      this.#keysByTag.clear();
      this.#answers.clear();
      return;
    }
    for (const tag of [...tags, changeTopics.undeclared]) {
      for (const key of this.#keysByTag.get(tag) ?? []) {
        this.#stats.dropped += 1;
        this.#answers.delete(key);
      }
    }
  }

  /**
   * The computation of `key` already running to wait for, if it started after the last write: an answer
   * begun before a write must not reach a request that came after it. Undefined: compute it, and call
   * `compute` to have later misses wait for you.
   */
  running(key: string): Promise<SharedAnswer | undefined> | undefined {
    const computation = this.#computations.get(key);
    if (!computation || computation.generation !== this.#generation) return undefined;
    this.#stats.sharedComputations += 1;
    return computation.answer;
  }

  /** Registers this request as the one computing `key`; it must `settle` it, with undefined if it failed. */
  compute(key: string): Computation {
    let resolve: (answer: SharedAnswer | undefined) => void = () => {};
    const answer = new Promise<SharedAnswer | undefined>((settle) => {
      resolve = settle;
    });
    const computation: Computation = {
      generation: this.#generation,
      answer,
      settle: (shared) => {
        if (this.#computations.get(key) === computation) this.#computations.delete(key);
        resolve(shared);
      },
    };
    this.#computations.set(key, computation);
    return computation;
  }

  /** Whether a write since `generation` may have changed an answer showing `tags`. */
  #changedSince(generation: number, tags: readonly string[]): boolean {
    if (generation === this.#generation) return false;
    const oldest = this.#recent[0];
    // Too long ago to know what changed in between.
    if (!oldest || oldest.generation > generation + 1) return true;
    return this.#recent.some(
      (invalidation) => invalidation.generation > generation && changeMatches(invalidation.changed, tags),
    );
  }

  #untag(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
  }
}

/** What a kept answer is counted as against the size limit: its bytes and its key's UTF-16. */
function keptBytes(key: string, body: Buffer): number {
  return body.length + key.length * 2;
}

/**
 * The requests the app sends itself (`readWithDependencies`) by the id in their header, each with where
 * to leave what its answer shows. A header rather than AsyncLocalStorage: app.inject does not carry the
 * caller's async context into the request. An id nobody was given finds nothing.
 */
const readHeader = 'x-internal-read';
const reads = new Map<string, { tags: readonly string[] | undefined }>();

function readSlotOf(request: FastifyRequest) {
  if (reads.size === 0) return undefined;
  const id = request.headers[readHeader];
  return typeof id === 'string' ? reads.get(id) : undefined;
}

/**
 * Runs `read`, a request the app sends itself with `headers` added (a drawn page's API reads), and says
 * what its answer shows: the tags of the cached answer it got, `undeclared` when it did not come from
 * the cache.
 */
export async function readWithDependencies<T>(
  read: (headers: Record<string, string>) => Promise<T>,
): Promise<{ result: T; tags: readonly string[] }> {
  const id = randomUUID();
  const slot: { tags: readonly string[] | undefined } = { tags: undefined };
  reads.set(id, slot);
  try {
    const result = await read({ [readHeader]: id });
    return { result, tags: slot.tags ?? [changeTopics.undeclared] };
  } finally {
    reads.delete(id);
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

/**
 * A kept answer as this request takes it: the kept br bytes with their header to a client that accepts
 * br (every browser), the plain text to one that does not, which compressed-answers.ts then gzips if
 * it accepts gzip. `text`, when the caller still has it, spares decompressing the kept bytes.
 */
function bodyFor(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer, text?: string) {
  if (answer.encoding === undefined) return text ?? answer.body;
  varyOnEncoding(reply);
  if (chooseAnswerEncoding(request.headers['accept-encoding']) !== answer.encoding) {
    return text ?? plainForm(answer.body, answer.encoding);
  }
  reply.header('content-encoding', answer.encoding);
  return answer.body;
}

/**
 * Serves routes marked `publicCache` from memory; the change feed drops what each write changed.
 * Concurrent misses of one key wait for the first one's answer instead of computing it again.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance, { cache, changes }: { cache: PublicReadCache; changes: ChangeFeed }) => {
    changes.onChange((change) => cache.invalidate(change.tags));
    app.decorate('publicCache', cache);
    app.decorateRequest('publicCacheMiss', undefined);

    const send = (request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer) => {
      const slot = readSlotOf(request);
      if (slot) slot.tags = answer.tags;
      reply.header('content-type', 'application/json; charset=utf-8');
      if (answer.totalCount !== undefined) reply.header('x-total-count', answer.totalCount);
      return reply.send(bodyFor(request, reply, answer));
    };
    // Whatever ended the request, those waiting for its answer must not wait forever: without one
    // they compute their own.
    const release = (request: FastifyRequest) => {
      request.publicCacheMiss?.computation?.settle(undefined);
    };

    // Decided once per route as it is registered rather than on every request: reading
    // request.routeOptions builds a new object each time, and most requests are not for these routes.
    app.addHook('onRoute', (route) => {
      const rule = route.config?.publicCache;
      if (!rule) return;
      const keyOf = { url: route.url, queryKeys: queryKeysOf(route.schema?.querystring) };
      const serveFromMemory = async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.method !== 'GET' || !changes.live || rule.skip?.(request)) return;
        const key = publicCacheKey(request, keyOf);
        const cached = cache.lookup(key);
        if (cached) {
          const forHits = cache.forHits(key, cached);
          return send(request, reply, forHits instanceof Promise ? await forHits : forHits);
        }
        const running = cache.running(key);
        // A computation that failed or gave no answer to share leaves each waiter to compute its own,
        // at once and in parallel, as without the cache: an error is not handed to others.
        const shared = running && (await running);
        if (shared) return send(request, reply, shared);
        request.publicCacheMiss = {
          key,
          generation: cache.generation,
          tags: [changeTopics.undeclared],
          computation: running ? undefined : cache.compute(key),
        };
      };
      // Reads what the answer shows before it becomes text.
      const describe: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
        const miss = request.publicCacheMiss;
        if (miss && rule.dependsOn && reply.statusCode === 200) miss.tags = rule.dependsOn(payload, request);
        done(null, payload);
      };
      // Keeps what the route answered when serveFromMemory found nothing, and hands it to the waiters.
      const keep: onSendHookHandler = async (request, reply, payload) => {
        const miss = request.publicCacheMiss;
        if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') {
          release(request);
          return payload;
        }
        const totalCount = reply.getHeader('x-total-count');
        const answer: SharedAnswer = {
          ...(await keptForm(payload, sentOnceBrotliQuality)),
          totalCount: totalCount === undefined ? undefined : String(totalCount),
          tags: miss.tags,
        };
        cache.store(
          miss.key,
          miss.generation,
          answer.body,
          answer.totalCount,
          answer.tags,
          answer.encoding,
          answer.brotliQuality,
        );
        miss.computation?.settle(answer);
        const slot = readSlotOf(request);
        if (slot) slot.tags = answer.tags;
        release(request);
        // The br form made for keeping is this reader's answer too, rather than compressing it again.
        return bodyFor(request, reply, answer, payload);
      };
      route.onRequest = [...[route.onRequest ?? []].flat(), serveFromMemory];
      route.preSerialization = [...[route.preSerialization ?? []].flat(), describe];
      route.onSend = [...[route.onSend ?? []].flat(), keep];
      route.onResponse = [...[route.onResponse ?? []].flat(), async (request) => release(request)];
      route.onRequestAbort = [...[route.onRequestAbort ?? []].flat(), async (request) => release(request)];
    });
  },
  { name: 'public-cache', dependencies: ['session'] },
);
