// The PostgreSQL wire protocol as the database thread (worker.ts) needs it to share PGlite's one session
// between several node-postgres connections: who holds the session, which statement names the
// connections share, and what an answer says. Pure functions of bytes, tested in protocol.test.ts without
// a thread or a database.

/**
 * The one session PGlite has, lent to one connection at a time: from the first message of its statement
 * (or of its transaction) to the ReadyForQuery that finds the session idle again, so that no connection's
 * statement ever runs inside another's transaction. The connections queue here, in the database thread:
 * while one statement runs, the next connection's is already waiting, where with one connection the
 * database stood idle from each answer until the server thread had read it and sent the next statement.
 */
export class SessionLock {
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
export const syncMessage = 0x53; // 'S'
export const simpleQueryMessage = 0x51; // 'Q'
const readyForQuery = 0x5a; // 'Z'
export const idle = 0x49; // 'I'

const statementTarget = 0x53; // 'S' in a Describe or Close: a statement, not a portal
export const parseCompleteType = 0x31; // '1'
const parseComplete = Uint8Array.of(parseCompleteType, 0, 0, 0, 4);
const closeComplete = Uint8Array.of(0x33, 0, 0, 0, 4); // '3'
export const errorResponse = 0x45; // 'E'

/** Where the statement's name starts in `message`, or undefined when it names no statement. */
function statementNameAt(message: Buffer): number | undefined {
  const type = message[0];
  // After the type and length; in a Bind after the portal's name; in a Describe or Close after the byte
  // that says whether a statement or a portal is meant.
  if (type === parseMessage) return 5;
  if (type === bindMessage) return message.indexOf(0, 5) + 1;
  if ((type === describeMessage || type === closeMessage) && message[5] === statementTarget) return 6;
  return undefined;
}

const cString = (message: Buffer, at: number) => message.toString('utf8', at, message.indexOf(0, at));

function withStatementName(message: Buffer, at: number, name: string, sessionName: string): Buffer {
  const renamed = Buffer.concat([
    message.subarray(0, at),
    Buffer.from(sessionName),
    message.subarray(at + Buffer.byteLength(name)),
  ]);
  renamed.writeInt32BE(renamed.length - 1, 1);
  return renamed;
}

/** What the worker does with a message: runs it (renamed or not), or answers it itself. */
type Translated = { run: Buffer; parsed?: [sessionName: string, text: string] } | { answer: Uint8Array };

/**
 * The named statements of the session, which the connections share. node-postgres prepares each name
 * once per connection, and the server names a statement by its text (kept-statements.ts): a name some
 * connection has already prepared with the same text is answered as prepared, without preparing it again,
 * so each statement is planned and held once in PGlite's memory, which never shrinks, not once per
 * connection. A name prepared with another text becomes the connection's own (`c2_…`).
 */
export class SessionStatements {
  readonly #texts = new Map<string, string>();

  /** One connection's view: its messages with their statement names as the session knows them. */
  forConnection(connection: number) {
    const ownNames = new Map<string, string>();
    const texts = this.#texts;
    return {
      /**
       * What to run for `message`: the message itself, renamed where the name is the connection's own;
       * or, for a statement the session holds already, the answer PostgreSQL would give, without running
       * it. `answerable` is false after an error, when PostgreSQL answers nothing until the Sync.
       */
      translate(message: Buffer, answerable: boolean): Translated {
        const at = statementNameAt(message);
        if (at === undefined || message[at] === 0) return { run: message };
        const name = cString(message, at);
        if (message[0] === parseMessage) {
          const text = cString(message, at + Buffer.byteLength(name) + 1);
          let sessionName = ownNames.get(name) ?? name;
          const held = texts.get(sessionName);
          if (held === text && answerable) return { answer: parseComplete };
          if (held !== undefined && held !== text) {
            sessionName = `c${connection}_${name}`;
            ownNames.set(name, sessionName);
            if (texts.get(sessionName) === text && answerable) return { answer: parseComplete };
          }
          const run = sessionName === name ? message : withStatementName(message, at, name, sessionName);
          return { run, parsed: [sessionName, text] };
        }
        // A statement another connection may still use stays prepared; closing it is only answered.
        if (message[0] === closeMessage) return answerable ? { answer: closeComplete } : { run: message };
        const sessionName = ownNames.get(name);
        return { run: sessionName ? withStatementName(message, at, name, sessionName) : message };
      },
      prepared(sessionName: string, text: string) {
        texts.set(sessionName, text);
      },
    };
  }
}

/**
 * The types of the messages in `answer` from its part `from` on: what PostgreSQL answered to one message.
 * Read from the headers alone, which may span PGlite's parts; a notice may come before the reply.
 */
export function messageTypes(answer: Uint8Array[], from: number): Set<number> {
  const types = new Set<number>();
  const header: number[] = [];
  let skip = 0;
  for (const part of answer.slice(from)) {
    let at = 0;
    while (at < part.length) {
      if (skip > 0) {
        const skipped = Math.min(skip, part.length - at);
        skip -= skipped;
        at += skipped;
        continue;
      }
      header.push(part[at] ?? 0);
      at += 1;
      if (header.length === 5) {
        const [type = 0, ...length] = header;
        types.add(type);
        skip = Buffer.from(length).readInt32BE(0) - 4;
        header.length = 0;
      }
    }
  }
  return types;
}

/** The transaction status of the ReadyForQuery that ends `answer`, if it ends with one. */
export function statusAtEnd(answer: Uint8Array[]): number | undefined {
  // The message's six bytes may end more than one of PGlite's parts.
  const tail: number[] = [];
  for (let part = answer.length - 1; part >= 0 && tail.length < 6; part -= 1) {
    const bytes = answer[part] ?? new Uint8Array();
    for (let at = bytes.length - 1; at >= 0 && tail.length < 6; at -= 1) tail.unshift(bytes[at] ?? 0);
  }
  return tail.length === 6 && tail[0] === readyForQuery ? tail[5] : undefined;
}
