// The thread that owns the embedded database. PGlite runs PostgreSQL in WebAssembly on the thread that
// calls it, so a slow query on the server's own thread stalled every other request, cached ones too
// (issue 27: a client looping searches took cached reads from 20,236 to 57 req/s). Here PGlite speaks
// the PostgreSQL wire protocol to the server's node-postgres pool over message ports, one port a
// connection, so the server thread only parses answers while the query runs (pglite-thread.ts). The
// connections share PGlite's one session, one statement or transaction at a time (SessionLock).
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { releaseStartupMemory } from './release-memory';

export interface PgliteWorkerData {
  dataDir: string;
  startParams: string[];
}

/** From the server thread: a new connection's port, or the end. */
export type ToPgliteWorker = { type: 'connect'; port: MessagePort } | { type: 'close' };
/** To the server thread, once: the database is open, or why it could not be. */
export type FromPgliteWorker = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'closed' };

const sslRequestCode = 80877103;
const terminateMessage = 0x58; // 'X'

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread only');
const server = parentPort;
const { dataDir, startParams } = workerData as PgliteWorkerData;

function send(message: FromPgliteWorker) {
  server.postMessage(message);
}

/**
 * The one session PGlite has, lent to one connection at a time: from the first message of its statement
 * (or of its transaction) to the ReadyForQuery that finds the session idle again, so that no connection's
 * statement ever runs inside another's transaction. The connections queue here, in the database thread:
 * while one statement runs, the next connection's is already waiting, where with one connection the
 * database stood idle from each answer until the server thread had read it and sent the next statement.
 */
class SessionLock {
  #owner: number | undefined;
  readonly #waiting: Array<{ connection: number; take: () => void }> = [];

  holds(connection: number): boolean {
    return this.#owner === connection;
  }

  async acquire(connection: number): Promise<void> {
    if (this.#owner === connection) return;
    if (this.#owner === undefined) {
      this.#owner = connection;
      return;
    }
    await new Promise<void>((take) => this.#waiting.push({ connection, take }));
  }

  release(connection: number): void {
    if (this.#owner !== connection) return;
    const next = this.#waiting.shift();
    this.#owner = next?.connection;
    next?.take();
  }

  /** A connection gone while it waited gives up its turn. */
  leave(connection: number): void {
    const index = this.#waiting.findIndex((waiting) => waiting.connection === connection);
    if (index >= 0) this.#waiting.splice(index, 1);
  }
}

const parseMessage = 0x50; // 'P'
const bindMessage = 0x42; // 'B'
const describeMessage = 0x44; // 'D'
const closeMessage = 0x43; // 'C'
const syncMessage = 0x53; // 'S'
const simpleQueryMessage = 0x51; // 'Q'
const readyForQuery = 0x5a; // 'Z'
const idle = 0x49; // 'I'

/**
 * `message` with its prepared statement's name made the connection's own: a named statement lives in
 * the session, which the connections share, and each node-postgres connection prepares the names it uses
 * once for itself. The unnamed statement and the portals need no renaming, as a statement's messages
 * run together under the session lock.
 */
function withOwnStatementName(message: Buffer, prefix: string): Buffer {
  const type = message[0];
  // Where the statement's name starts: after the type and length, and after the portal's name in a
  // Bind, or the 'S'/'P' byte in a Describe or Close, which name a portal when 'P'.
  let at = 5;
  if (type === bindMessage) at = message.indexOf(0, at) + 1;
  else if (type === describeMessage || type === closeMessage) {
    if (message[at] !== 0x53) return message;
    at += 1;
  } else if (type !== parseMessage) return message;
  if (message[at] === 0) return message;
  const renamed = Buffer.concat([message.subarray(0, at), Buffer.from(prefix), message.subarray(at)]);
  renamed.writeInt32BE(renamed.length - 1, 1);
  return renamed;
}

/** The transaction status of the ReadyForQuery that ends `answer`, if it ends with one. */
function statusAtEnd(answer: Uint8Array[]): number | undefined {
  // The message's six bytes may end more than one of PGlite's parts.
  const tail: number[] = [];
  for (let part = answer.length - 1; part >= 0 && tail.length < 6; part -= 1) {
    const bytes = answer[part] ?? new Uint8Array();
    for (let at = bytes.length - 1; at >= 0 && tail.length < 6; at -= 1) tail.unshift(bytes[at] ?? 0);
  }
  return tail.length === 6 && tail[0] === readyForQuery ? tail[5] : undefined;
}

/**
 * One client connection. Its messages run in order; a statement's messages, and a transaction's, run
 * alone in the database (SessionLock).
 */
function serve(db: PGlite, port: MessagePort, session: SessionLock, connection: number) {
  const prefix = `c${connection}_`;
  let buffered = Buffer.alloc(0);
  let started = false;
  let closed = false;
  let work = Promise.resolve();

  const run = async (chunk: Uint8Array) => {
    buffered = buffered.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffered, chunk]);
    const answer: Uint8Array[] = [];
    for (;;) {
      // The start-up message has no type byte: its length comes first. Every later one is type + length.
      const header = started ? 5 : 4;
      if (buffered.length < header) break;
      const length = started ? 1 + buffered.readInt32BE(1) : buffered.readInt32BE(0);
      if (buffered.length < length) break;
      const message = buffered.subarray(0, length);
      buffered = buffered.subarray(length);
      if (!started && message.length === 8 && message.readInt32BE(4) === sslRequestCode) {
        answer.push(Buffer.from('N')); // no TLS between threads; the client goes on in clear
        continue;
      }
      if (started && message[0] === terminateMessage) {
        port.close();
        return;
      }
      const type = started ? message[0] : undefined;
      started = true;
      await session.acquire(connection);
      if (closed) return;
      const own = type === undefined ? message : withOwnStatementName(message, prefix);
      await db.runExclusive(() =>
        db.execProtocolRawStream(new Uint8Array(own), {
          onRawData: (data) => answer.push(data.slice()),
        }),
      );
      const ends = type === undefined || type === syncMessage || type === simpleQueryMessage;
      if (ends && statusAtEnd(answer) === idle) session.release(connection);
    }
    if (answer.length === 0) return;
    // An array of its own, so that it can be handed over rather than copied (a Buffer may share a pool).
    const out = new Uint8Array(answer.reduce((total, part) => total + part.length, 0));
    let offset = 0;
    for (const part of answer) {
      out.set(part, offset);
      offset += part.length;
    }
    port.postMessage(out, [out.buffer]);
  };

  port.on('message', (chunk: Uint8Array) => {
    work = work
      .then(() => run(chunk))
      .catch((error: unknown) => {
        console.error('Встроенная база данных не смогла выполнить запрос:', error);
        port.close();
      });
  });
  port.on('close', () => {
    closed = true;
    session.leave(connection);
    // A connection that went away mid-transaction must not leave the session inside it.
    work = work.then(async () => {
      if (!session.holds(connection)) return;
      if (!db.closed && db.isInTransaction()) await db.exec('rollback');
      session.release(connection);
    });
  });
}

async function main() {
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir, { startParams });
  } catch (error) {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  // Opening PGlite leaves its unpacked file system image as garbage, and the migrations that follow leave
  // more; an idle thread collects neither for a minute or more.
  releaseStartupMemory();
  setTimeout(releaseStartupMemory, 10_000).unref();
  const session = new SessionLock();
  let connections = 0;
  server.on('message', async (message: ToPgliteWorker) => {
    if (message.type === 'connect') serve(db, message.port, session, ++connections);
    else {
      await db.close();
      send({ type: 'closed' });
      server.close();
    }
  });
  send({ type: 'ready' });
}

await main();
