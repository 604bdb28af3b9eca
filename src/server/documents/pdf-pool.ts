import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { documentMessages } from '../../shared/documents';
import { HttpError } from '../http/errors';
import { workerFile } from '../worker-file';
import type { PdfBuilders, PdfKind, PdfOutcome, PdfTask } from './pdf-worker';

export interface PdfPoolOptions {
  /** Threads laying out PDFs at once. */
  workers: number;
  /** PDFs allowed to wait for a free thread; past it a PDF is refused with 503. */
  maxWaiting: number;
  /** How long a thread with nothing to do is kept before it ends (ms); five minutes by default. */
  idleMs?: number;
}

/**
 * One thread per spare core (one on this 2-core machine): the other core stays with the server thread.
 * 32 waiting: a certificate of a full year takes some 0.3 s to lay out, so the last waits about 10 s on
 * one thread, well under any timeout; past that a person is told to come back in a minute.
 */
export const defaultPdfPoolOptions: PdfPoolOptions = {
  workers: Math.max(1, availableParallelism() - 1),
  maxWaiting: 32,
};

/** What a refused PDF's Retry-After says, as its message does: in a minute. */
export const pdfRetryAfterSeconds = 60;

interface Job {
  task: PdfTask;
  resolve: (file: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Every PDF the platform makes is laid out here, off the server thread (issue 51): the route or service
 * reads the database and passes plain data, a thread of pdf-worker.ts lays it out with the document's
 * builder. Threads start when work arrives and end after a while with none, so a server nobody asks for
 * PDFs holds no thread's memory; each lays out one PDF at a time, the rest wait in order, a bounded
 * number of them.
 */
export class PdfPool {
  readonly #workers: number;
  readonly #maxWaiting: number;
  readonly #idleMs: number;
  readonly #threads = new Set<Thread>();
  readonly #waiting: Job[] = [];
  #closed = false;

  constructor(options: PdfPoolOptions = defaultPdfPoolOptions) {
    this.#workers = Math.max(1, options.workers);
    this.#maxWaiting = Math.max(0, options.maxWaiting);
    this.#idleMs = options.idleMs ?? 5 * 60_000;
  }

  /** The PDF `kind`'s builder makes of `args`; an HttpError 503 with Retry-After when too many wait. */
  render<K extends PdfKind>(kind: K, ...args: Parameters<PdfBuilders[K]>): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      if (this.#closed) {
        reject(new Error('the PDF pool is closed'));
        return;
      }
      const job: Job = { task: { kind, args }, resolve, reject };
      const thread = this.#idleThread() ?? (this.#threads.size < this.#workers ? this.#start() : undefined);
      if (thread) this.#run(thread, job);
      else if (this.#waiting.length < this.#maxWaiting) this.#waiting.push(job);
      else {
        reject(new HttpError(503, documentMessages.busy, { 'retry-after': String(pdfRetryAfterSeconds) }));
      }
    });
  }

  /** Ends every thread; PDFs still waiting or being laid out fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#waiting.splice(0)) job.reject(new Error('the PDF pool is closed'));
    await Promise.all([...this.#threads].map((thread) => thread.worker.terminate()));
  }

  #idleThread(): Thread | undefined {
    for (const thread of this.#threads) if (!thread.job) return thread;
    return undefined;
  }

  #start(): Thread {
    const worker = new Worker(workerFile('pdf-worker'));
    const thread: Thread = { worker };
    worker.on('message', (outcome: PdfOutcome) => this.#finished(thread, outcome));
    worker.on('error', (error) => this.#lost(thread, error));
    worker.on('exit', (code) => this.#lost(thread, new Error(`the PDF thread stopped with code ${code}`)));
    this.#threads.add(thread);
    return thread;
  }

  #run(thread: Thread, job: Job) {
    clearTimeout(thread.idleTimer);
    thread.job = job;
    // A PDF being laid out keeps the process alive; an idle thread does not.
    thread.worker.ref();
    try {
      thread.worker.postMessage(job.task);
    } catch (error) {
      // Arguments that cannot cross to a thread (a function, a class instance's private state).
      thread.job = undefined;
      job.reject(error instanceof Error ? error : new Error(String(error)));
      this.#next(thread);
    }
  }

  #finished(thread: Thread, outcome: PdfOutcome) {
    const job = thread.job;
    thread.job = undefined;
    if (job) {
      if ('file' in outcome) {
        job.resolve(Buffer.from(outcome.file.buffer, outcome.file.byteOffset, outcome.file.byteLength));
      } else {
        job.reject(new Error(`the PDF could not be laid out: ${outcome.error}`));
      }
    }
    this.#next(thread);
  }

  #next(thread: Thread) {
    const job = this.#waiting.shift();
    if (job) {
      this.#run(thread, job);
      return;
    }
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => {
      this.#threads.delete(thread);
      void thread.worker.terminate();
    }, this.#idleMs);
    thread.idleTimer.unref();
  }

  /** A thread that failed outside a PDF, or ended: its PDF fails, and another thread takes the queue. */
  #lost(thread: Thread, error: Error) {
    clearTimeout(thread.idleTimer);
    if (!this.#threads.delete(thread)) return;
    thread.job?.reject(error);
    thread.job = undefined;
    const job = this.#closed ? undefined : this.#waiting.shift();
    if (job) this.#run(this.#start(), job);
  }
}

/** How a PDF route's description states its 503. */
export const pdfBusyText = `503 '${documentMessages.busy}' with Retry-After: ${pdfRetryAfterSeconds} when too many PDFs wait to be laid out`;
