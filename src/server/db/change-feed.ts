import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Tells every app process on one database that public content changed, so that each can drop what it
 * has cached. A process must not serve from its cache while `live` is false: it may have missed a change.
 */
export interface ChangeFeed {
  readonly live: boolean;
  /** Announces a change: this process's listeners hear of it at once, the other processes soon after. */
  publish(): Promise<void>;
  /** Called for every change, from this process or another, and whenever the feed goes down or up. */
  onChange(listener: () => void): void;
  close(): Promise<void>;
}

function listenerList() {
  const listeners: Array<() => void> = [];
  return {
    add: (listener: () => void) => listeners.push(listener),
    emit: () => {
      for (const listener of listeners) listener();
    },
  };
}

/** PGlite's files can be opened by one process only, so there is nobody else to tell. */
export function singleProcessChangeFeed(): ChangeFeed {
  const listeners = listenerList();
  return {
    live: true,
    publish: async () => listeners.emit(),
    onChange: listeners.add,
    close: async () => {},
  };
}

const channel = 'public_content_changed';
const reconnectDelayMs = 1_000;

/**
 * LISTEN/NOTIFY on PostgreSQL. A notification is delivered when the writing transaction has committed;
 * while the listening connection is down the feed is not live, and when it comes back every listener is
 * told once more, because notifications sent in between are lost.
 */
export function postgresChangeFeed(
  connectionString: string,
  pool: pg.Pool,
  onError: (error: Error) => void,
): ChangeFeed & { ready: Promise<void> } {
  const origin = randomUUID();
  const { add, emit } = listenerList();
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.payload !== origin) emit();
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      live = false;
      emit();
      if (error) onError(error);
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(onError), reconnectDelayMs);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(onError), reconnectDelayMs);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    live = true;
    emit();
  };

  const ready = connect().catch((error: Error) => onError(error));
  return {
    ready,
    get live() {
      return live;
    },
    async publish() {
      emit();
      await pool.query('select pg_notify($1, $2)', [channel, origin]);
    },
    onChange: add,
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
