import { availableParallelism } from 'node:os';
import { authErrors } from '../../shared/errors';
import { HttpError } from '../http/errors';
import type { PasswordHasher } from './password';

export interface HashingQueueOptions {
  /** Password hashes computed at once; each scrypt at N=2^17 holds 128 MiB while it runs. */
  concurrency: number;
  /** Jobs allowed to wait for a free slot; past it the heaviest address gives way (429) or 503. */
  maxWaiting: number;
  /** How long an address's jobs count against its turn (ms). */
  windowMs?: number;
}

/**
 * One hash at a time on this 2-core machine, and one core less than there are elsewhere (at most 4): the
 * event loop keeps a core for every other request, and memory grows by at most 128 MiB per slot.
 */
export const defaultHashingConcurrency = Math.max(1, Math.min(4, availableParallelism() - 1));
/** A full queue is 32 jobs of ~0.4 s: the last one waits some 13 s on one slot, well under timeouts. */
export const defaultHashingMaxWaiting = 32;

interface Job {
  client: string;
  /** This job is the address's n-th within the window: jobs go by n, so addresses take turns. */
  ordinal: number;
  start: () => void;
  refuse: (error: HttpError) => void;
}

/**
 * Runs password hashing (scrypt: slow and memory-hungry on purpose) a few jobs at a time, fairly across
 * client addresses, instead of handing every request's scrypt to libuv at once, which made memory grow
 * by 128 MiB per concurrent sign-in and put a real user behind every attacker's attempt.
 *
 * Fairness: every address's jobs are numbered within a window (its 1st, 2nd, … in the last minute),
 * and the next job to run is the lowest number; among equal numbers, the job of the address that asked
 * for fewer in all goes first, then the earliest. So addresses take turns, and a real user's sign-in,
 * the 1st of an address that asked once, goes before every guesser's, even their 1st: it waits for
 * the jobs running and nothing else. A plain FIFO put it behind all of them.
 *
 * Bounds: at most `maxWaiting` jobs wait. When full, the address holding the most jobs (running and
 * waiting) gives way: its newest waiting job, or the newcomer when that is the same address or holds
 * as many, is refused with 429, as that address asks more than its share. When every address holds
 * one job the server is simply busy: 503.
 */
export class HashingQueue {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #windowMs: number;
  readonly #waiting: Job[] = [];
  /** Jobs running or waiting per address. */
  readonly #held = new Map<string, number>();
  /** Jobs admitted per address since #windowStart; forgotten as a whole every window. */
  #asked = new Map<string, number>();
  #windowStart = Date.now();
  #running = 0;

  constructor(options: HashingQueueOptions) {
    this.#concurrency = options.concurrency;
    this.#maxWaiting = options.maxWaiting;
    this.#windowMs = options.windowMs ?? 60_000;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `job` for `client` (the request's address) once its turn comes; refuses with an HttpError. */
  run<T>(client: string, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Job = {
        client,
        ordinal: 0,
        // The slot is free before the caller hears back, so that its next job can start at once.
        start: () => {
          job().then(
            (value) => {
              this.#finished(client);
              resolve(value);
            },
            (error: unknown) => {
              this.#finished(client);
              reject(error);
            },
          );
        },
        refuse: reject,
      };
      if (this.#running < this.#concurrency && this.#waiting.length === 0) {
        this.#admit(entry);
        this.#begin(entry);
        return;
      }
      if (this.#waiting.length >= this.#maxWaiting && !this.#makeRoomFor(client, entry)) return;
      this.#admit(entry);
      this.#waiting.push(entry);
    });
  }

  /** The same hasher with every operation taking its turn in this queue under `client`. */
  hasherFor(hasher: PasswordHasher, client: string): PasswordHasher {
    return {
      hash: (password) => this.run(client, () => hasher.hash(password)),
      verify: (password, stored) => this.run(client, () => hasher.verify(password, stored)),
      verifyAgainstDummy: (password) => this.run(client, () => hasher.verifyAgainstDummy(password)),
    };
  }

  /** Refuses the newcomer or pushes out another job; true when the newcomer may now wait. */
  #makeRoomFor(client: string, newcomer: Job): boolean {
    const newcomerHolds = (this.#held.get(client) ?? 0) + 1;
    let victim: Job | undefined;
    let victimHolds = 0;
    for (const job of this.#waiting) {
      const holds = this.#held.get(job.client) ?? 0;
      // The newest job of the heaviest address: later jobs replace earlier ones of the same address.
      if (job.client !== client && holds >= victimHolds) {
        victim = job;
        victimHolds = holds;
      }
    }
    if (!victim || victimHolds <= newcomerHolds) {
      newcomer.refuse(
        newcomerHolds > 1
          ? new HttpError(429, authErrors.tooManyHashesFromAddress)
          : new HttpError(503, authErrors.hashingBusy),
      );
      return false;
    }
    this.#waiting.splice(this.#waiting.indexOf(victim), 1);
    this.#release(victim.client);
    victim.refuse(new HttpError(429, authErrors.tooManyHashesFromAddress));
    return true;
  }

  #admit(job: Job) {
    const now = Date.now();
    if (now - this.#windowStart >= this.#windowMs) {
      this.#asked = new Map();
      this.#windowStart = now;
    }
    job.ordinal = (this.#asked.get(job.client) ?? 0) + 1;
    this.#asked.set(job.client, job.ordinal);
    this.#held.set(job.client, (this.#held.get(job.client) ?? 0) + 1);
  }

  #begin(job: Job) {
    this.#running += 1;
    job.start();
  }

  #finished(client: string) {
    this.#running -= 1;
    this.#release(client);
    while (this.#running < this.#concurrency && this.#waiting.length > 0) {
      this.#begin(this.#takeNext());
    }
  }

  /** The waiting job with the lowest number, see the class comment; the list is short (maxWaiting). */
  #takeNext(): Job {
    let bestIndex = 0;
    let bestOrdinal = Number.POSITIVE_INFINITY;
    let bestAsked = Number.POSITIVE_INFINITY;
    for (let index = 0; index < this.#waiting.length; index++) {
      const job = this.#waiting[index] as Job;
      const asked = this.#asked.get(job.client) ?? 0;
      // The list is in arrival order: only a strictly better job replaces an earlier one.
      if (job.ordinal < bestOrdinal || (job.ordinal === bestOrdinal && asked < bestAsked)) {
        bestIndex = index;
        bestOrdinal = job.ordinal;
        bestAsked = asked;
      }
    }
    return this.#waiting.splice(bestIndex, 1)[0] as Job;
  }

  #release(client: string) {
    const holds = (this.#held.get(client) ?? 1) - 1;
    if (holds > 0) this.#held.set(client, holds);
    else this.#held.delete(client);
  }
}
