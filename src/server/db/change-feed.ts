import pg from 'pg';
import { type ChangedTags, tagsOfTableChange } from './change-topics';

/**
 * What a write may have changed. `accounts`: who is signed in may have changed too (a session ended, an
 * account deleted or renamed), so remembered sessions go. `tags`: the public answers it may have changed
 * (src/server/db/change-topics.ts); undefined when it cannot say, so every answer goes.
 */
export interface Change {
  readonly accounts: boolean;
  readonly tags: ChangedTags;
}

/** Anything may have changed: what a process assumes when it may have missed a notice. */
export const anyChange: Change = { accounts: true, tags: undefined };

/**
 * Tells every app process on one database that something changed, so that each can drop what it has
 * cached. A process must not serve from its cache while `live` is false: it may have missed a change.
 */
export interface ChangeFeed {
  readonly live: boolean;
  /**
   * Tells this process's listeners of a change it made. The other processes hear of it from the
   * database itself: triggers (db/functions/announce_change.sql) send the notice inside the writing
   * transaction.
   */
  publish(change: Change): void;
  /**
   * Called for every change, from this process or another, and with `anyChange` whenever the feed goes
   * down or up, since anything may have been missed.
   */
  onChange(listener: (change: Change) => void): void;
  close(): Promise<void>;
}

function listenerList() {
  const listeners: Array<(change: Change) => void> = [];
  return {
    add: (listener: (change: Change) => void) => listeners.push(listener),
    emit: (change: Change) => {
      for (const listener of listeners) listener(change);
    },
  };
}

/** PGlite's files can be opened by one process only, so there is nobody else to tell. */
export function singleProcessChangeFeed(): ChangeFeed {
  const listeners = listenerList();
  return {
    live: true,
    publish: listeners.emit,
    onChange: listeners.add,
    close: async () => {},
  };
}

/** The channel the triggers of migrations 0003 and 0009 notify on. */
const channel = 'public_content_changed';

/** Most ids a notice carries (db/functions/announce_subjects.sql); more, and it names the table alone. */
const maxIdsPerNotice = 100;

/**
 * Reads a notice '<kind>:<table>:<ids>:<origin>' (db/functions/announce_change.sql): ids comma-joined
 * or empty, origin last since another writer's application_name may hold a colon. Returns undefined for this process's
 * own notices, which it has told itself of already. Anything unreadable is taken as any change.
 */
export function parseChangeNotice(payload: string, origin: string): Change | undefined {
  const parts = payload.split(':');
  if (parts.length < 4) return anyChange;
  const [kind, table = '', idList = ''] = parts;
  if (parts.slice(3).join(':') === origin) return undefined;
  if (kind !== 'content' && kind !== 'accounts') return anyChange;
  const ids = idList === '' ? [] : idList.split(',').map(Number);
  if (ids.length > maxIdsPerNotice || !ids.every((id) => Number.isSafeInteger(id) && id > 0)) {
    return anyChange;
  }
  return { accounts: kind === 'accounts', tags: tagsOfTableChange(table, ids) };
}
const reconnectDelayMs = 1_000;

/**
 * LISTEN/NOTIFY on PostgreSQL. A notification is delivered when the writing transaction has committed,
 * and never for one rolled back; while the listening connection is down the feed is not live, and when
 * it comes back every listener is told once more, because notifications sent in between are lost.
 * `origin` is the application_name of this process's own connections: their notices are skipped.
 */
export function postgresChangeFeed(
  connectionString: string,
  origin: string,
  onError: (error: Error) => void,
): ChangeFeed & { ready: Promise<void> } {
  const { add, emit } = listenerList();
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const change = parseChangeNotice(message.payload ?? '', origin);
      if (change) emit(change);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      live = false;
      emit(anyChange);
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
    emit(anyChange);
  };

  const ready = connect().catch((error: Error) => onError(error));
  return {
    ready,
    get live() {
      return live;
    },
    publish: emit,
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
