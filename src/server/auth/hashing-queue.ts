import { availableParallelism } from 'node:os';
import { authErrors } from '../../shared/errors';
import { HttpError } from '../http/errors';
import type { PasswordHasher } from './password';

export interface HashingQueueOptions {
  /** Password hashes computed at once; each scrypt at N=2^17 holds 128 MiB while it runs. */
  concurrency: number;
  /** Jobs allowed to wait for a free slot; past it the heaviest address gives way (429) or 503. */
  maxWaiting: number;
  /** How long an address's hashes count against its turn (ms). */
  servedWindowMs?: number;
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
  start: () => void;
  refuse: (error: HttpError) => void;
}

/**
 * Runs password hashing (scrypt: slow and memory-hungry on purpose) a few jobs at a time, fairly across
 * client addresses, instead of handing every request's scrypt to libuv at once, which made memory grow
 * by 128 MiB per concurrent sign-in and put a real user behind every attacker's attempt.
 *
 * Fairness: the next job is the one of the address that has been served least within the last window
 * (ties: the earliest). Addresses with equal history take turns, and an address new to the queue, such
 * as a real user's among guessers', goes before all that were served already: it waits for the jobs
 * running and nothing else.
 *
 * Bounds: at most `maxWaiting` jobs wait. When full, the address holding the most jobs (running and
 * waiting) gives way: its newest waiting job, or the newcomer when that is the same address or holds
 * as many, is refused with 429, as that address asks more than its share. When every address holds
 * one job the server is simply busy: 503.
 */
export class HashingQueue {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #servedWindowMs: number;
  readonly #waiting: Job[] = [];
  /** Jobs running or waiting per address. */
  readonly #held = new Map<string, number>();
  /** Jobs started per address since #servedSince; forgotten as a whole every window. */
  #served = new Map<string, number>();
  #servedSince = Date.now();
  #running = 0;

  constructor(options: HashingQueueOptions) {
    this.#concurrency = options.concurrency;
    this.#maxWaiting = options.maxWaiting;
    this.#servedWindowMs = options.servedWindowMs ?? 60_000;
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
        this.#hold(client);
        this.#begin(entry);
        return;
      }
      if (this.#waiting.length >= this.#maxWaiting && !this.#makeRoomFor(client, entry)) return;
      this.#hold(client);
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

  #begin(job: Job) {
    this.#running += 1;
    const now = Date.now();
    if (now - this.#servedSince >= this.#servedWindowMs) {
      this.#served = new Map();
      this.#servedSince = now;
    }
    this.#served.set(job.client, (this.#served.get(job.client) ?? 0) + 1);
    job.start();
  }

  #finished(client: string) {
    this.#running -= 1;
    this.#release(client);
    while (this.#running < this.#concurrency && this.#waiting.length > 0) {
      this.#begin(this.#takeNext());
    }
  }

  /** The waiting job of the least served address; the waiting list is short (maxWaiting). */
  #takeNext(): Job {
    let bestIndex = 0;
    let bestServed = Number.POSITIVE_INFINITY;
    for (let index = 0; index < this.#waiting.length; index++) {
      const job = this.#waiting[index] as Job;
      const served = this.#served.get(job.client) ?? 0;
      // The list is in arrival order, so the first of the least served is the earliest.
      if (served < bestServed) {
        bestServed = served;
        bestIndex = index;
      }
    }
    return this.#waiting.splice(bestIndex, 1)[0] as Job;
  }

  #hold(client: string) {
    this.#held.set(client, (this.#held.get(client) ?? 0) + 1);
  }

  #release(client: string) {
    const holds = (this.#held.get(client) ?? 1) - 1;
    if (holds > 0) this.#held.set(client, holds);
    else this.#held.delete(client);
  }
}
