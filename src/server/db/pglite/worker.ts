// The thread that owns the embedded database. PGlite runs PostgreSQL in WebAssembly on the thread that
// calls it, so a slow query on the server's own thread stalled every other request, cached ones too
// (issue 27: a client looping searches took cached reads from 20,236 to 57 req/s). Here PGlite speaks
// the PostgreSQL wire protocol to the server's node-postgres pool over message ports, one port a
// connection, so the server thread only parses answers while the query runs (thread.ts). The
// connections share PGlite's one session, one statement or transaction at a time (SessionLock).
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { releaseStartupMemory } from '../release-memory';
import {
  errorResponse,
  idle,
  messageTypes,
  parseCompleteType,
  SessionLock,
  SessionStatements,
  simpleQueryMessage,
  statusAtEnd,
  syncMessage,
} from './protocol';

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

if (!parentPort) throw new Error('pglite/worker.ts runs as a worker thread only');
const server = parentPort;
const { dataDir, startParams } = workerData as PgliteWorkerData;

function send(message: FromPgliteWorker) {
  server.postMessage(message);
}

/**
 * One client connection. Its messages run in order; a statement's messages, and a transaction's, run
 * alone in the database (SessionLock).
 */
function serve(
  db: PGlite,
  port: MessagePort,
  session: SessionLock,
  statements: SessionStatements,
  connection: number,
) {
  const names = statements.forConnection(connection);
  let buffered = Buffer.alloc(0);
  let started = false;
  let closed = false;
  // Whether a message since the last Sync failed: PostgreSQL then skips every message up to the Sync.
  let failed = false;
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
      const translated = type === undefined ? { run: message } : names.translate(message, !failed);
      if ('answer' in translated) {
        answer.push(translated.answer);
        continue;
      }
      const first = answer.length;
      await db.runExclusive(() =>
        db.execProtocolRawStream(new Uint8Array(translated.run), {
          onRawData: (data) => answer.push(data.slice()),
        }),
      );
      const answered = messageTypes(answer, first);
      if (answered.has(errorResponse)) failed = true;
      else if (answered.has(parseCompleteType) && translated.parsed) names.prepared(...translated.parsed);
      const ends = type === undefined || type === syncMessage || type === simpleQueryMessage;
      if (ends) {
        failed = false;
        if (statusAtEnd(answer) === idle) session.release(connection);
      }
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
  const statements = new SessionStatements();
  let connections = 0;
  server.on('message', async (message: ToPgliteWorker) => {
    if (message.type === 'connect') serve(db, message.port, session, statements, ++connections);
    else {
      await db.close();
      send({ type: 'closed' });
      server.close();
    }
  });
  send({ type: 'ready' });
}

await main();
