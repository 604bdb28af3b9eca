import pg from 'pg';

/**
 * What a write may have changed: `content` is anything a visitor reads; `accounts` is that and also
 * who is signed in (a session ended, an account deleted or renamed).
 */
export type ChangeKind = 'content' | 'accounts';
const changeKinds: readonly string[] = ['content', 'accounts'] satisfies ChangeKind[];

/**
 * Tells every app process on one database that something changed, so that each can drop what it has
 * cached. A process must not serve from its cache while `live` is false: it may have missed a change.
 */
export interface ChangeFeed {
  readonly live: boolean;
  /**
   * Tells this process's listeners of a change it made. The other processes hear of it from the
   * database itself: triggers (migration 0003) send the notice inside the writing transaction.
   */
  publish(kind: ChangeKind): void;
  /**
   * Called for every change, from this process or another, and with `accounts` whenever the feed goes
   * down or up, since anything may have been missed.
   */
  onChange(listener: (kind: ChangeKind) => void): void;
  close(): Promise<void>;
}

function listenerList() {
  const listeners: Array<(kind: ChangeKind) => void> = [];
  return {
    add: (listener: (kind: ChangeKind) => void) => listeners.push(listener),
    emit: (kind: ChangeKind) => {
      for (const listener of listeners) listener(kind);
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

/** The channel the triggers of migration 0003 notify on. */
const channel = 'public_content_changed';
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
    // The payload is '<origin>:<kind>'; a process has already told itself of its own changes. Another
    // writer's application_name may hold a colon, the kind never does.
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      const split = payload.lastIndexOf(':');
      const kind = payload.slice(split + 1);
      if (split >= 0 && payload.slice(0, split) === origin) return;
      emit(changeKinds.includes(kind) ? (kind as ChangeKind) : 'accounts');
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      live = false;
      emit('accounts');
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
    emit('accounts');
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
