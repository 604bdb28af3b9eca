import type { SessionUser } from '../../shared/auth';

/**
 * The longest a session is answered from memory without asking the database: a safety net should a
 * change notice ever be missed, short enough that a revoked session ends within a minute regardless.
 */
export const sessionCacheMaxAgeMs = 60_000;

interface CachedSession {
  user: SessionUser;
  /** The moment, in ms, after which the database must be asked again (expiry or renewal is due). */
  recheckAt: number;
}

/**
 * Signed-in users by session hash, so that a signed-in read does not cost a database query. Emptied by
 * every change the app announces (sign-out, deletion of a user, a new password, a new username all are
 * writes), in this process at once and in the others through the change feed.
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  readonly #maxEntries: number;
  #generation = 0;

  constructor(maxEntries = 10_000) {
    this.#maxEntries = maxEntries;
  }

  get generation(): number {
    return this.#generation;
  }

  lookup(idHash: string, now: number): SessionUser | undefined {
    const entry = this.#entries.get(idHash);
    if (!entry) return undefined;
    if (now >= entry.recheckAt) {
      this.#entries.delete(idHash);
      return undefined;
    }
    return entry.user;
  }

  /**
   * Keeps a session unless a change was announced while it was being read: it may be revoked. It is
   * asked again at `recheckAt` or after sessionCacheMaxAgeMs, whichever comes first.
   */
  store(idHash: string, generation: number, user: SessionUser, recheckAt: number, now = Date.now()): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(idHash, { user, recheckAt: Math.min(recheckAt, now + sessionCacheMaxAgeMs) });
  }

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
