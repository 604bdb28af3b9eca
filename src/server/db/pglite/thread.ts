import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { workerFile } from '../../worker-file';
import type { FromPgliteWorker, PgliteWorkerData, ToPgliteWorker } from './worker';

/**
 * A node-postgres connection to the database thread: what pg writes goes to the thread's port, what the
 * thread answers is read back. pg asks its stream to connect and to set socket options; a port has none.
 */
export class ThreadConnection extends Duplex {
  readonly #port: MessagePort;

  constructor(port: MessagePort) {
    super();
    this.#port = port;
    port.on('message', (data: Uint8Array) => {
      this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    });
    port.on('close', () => {
      this.push(null);
      this.destroy();
    });
  }

  connect(): this {
    queueMicrotask(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.#port.ref();
    return this;
  }

  unref(): this {
    this.#port.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#post([chunk]);
    callback();
  }

  /**
   * node-postgres corks the stream around a statement's messages (bind, execute, sync): they cross in one
   * message, which the thread runs and answers in one. Posted one by one, each crossing cost a message
   * event on both threads and an answer of its own, 7 % of the server thread's time on uncached events.
   */
  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    this.#post(chunks.map(({ chunk }) => chunk));
    callback();
  }

  #post(chunks: Buffer[]) {
    // Copied into an array of its own to be handed over: pg's buffers may share Node's pool.
    const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    this.#port.postMessage(bytes, [bytes.buffer]);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#port.close();
    callback(error);
  }
}

export interface PgliteThread {
  /** A new connection for node-postgres's `stream` option. */
  connect(): Duplex;
  close(): Promise<void>;
}

/** Opens PGlite in a thread of its own; rejects with PGlite's own message when it cannot open the folder. */
export async function startPgliteThread(
  data: PgliteWorkerData,
  onExit: (code: number) => void = (code) =>
    console.error(`Встроенная база данных остановилась (код ${code}): запросы к ней не пройдут.`),
): Promise<PgliteThread> {
  const worker = new Worker(workerFile('pglite-worker'), { workerData: data });
  let closing = false;
  return new Promise((resolve, reject) => {
    const failedToStart = (error: Error) => reject(error);
    worker.once('error', failedToStart);
    worker.on('message', function started(message: FromPgliteWorker) {
      worker.off('message', started);
      worker.off('error', failedToStart);
      if (message.type !== 'ready') {
        void worker.terminate();
        reject(new Error(message.type === 'failed' ? message.message : 'PGlite не открылась'));
        return;
      }
      worker.on('error', (error) => console.error('Ошибка в потоке встроенной базы данных:', error));
      worker.on('exit', (code) => {
        if (!closing) onExit(code);
      });
      resolve({
        connect() {
          const { port1, port2 } = new MessageChannel();
          const message: ToPgliteWorker = { type: 'connect', port: port2 };
          worker.postMessage(message, [port2]);
          return new ThreadConnection(port1);
        },
        close() {
          closing = true;
          return new Promise<void>((done) => {
            worker.once('exit', () => done());
            const message: ToPgliteWorker = { type: 'close' };
            worker.postMessage(message);
          });
        },
      });
    });
  });
}
