import { describe, expect, it } from 'vitest';
import { messageTypes, SessionLock, SessionStatements, statusAtEnd } from './protocol';

// Messages as node-postgres writes them: a type byte, a length that counts itself, then the fields.
function message(type: string, ...fields: Array<string | Buffer>): Buffer {
  const body = Buffer.concat(
    fields.map((field) => (typeof field === 'string' ? Buffer.from(`${field}\0`) : field)),
  );
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const noParameters = Buffer.alloc(2);
const parse = (name: string, text: string) => message('P', name, text, noParameters);
const bind = (name: string) => message('B', '', name, noParameters, noParameters, noParameters);
const describeStatement = (name: string) => message('D', Buffer.from('S'), name);
const closeStatement = (name: string) => message('C', Buffer.from('S'), name);
const readyForQuery = (status: 'I' | 'T' | 'E') => message('Z', Buffer.from(status));
const parseComplete = message('1');

/** The statement name a translated message carries, and whether its length still counts its bytes. */
function nameIn(bytes: Buffer, at: number) {
  expect(bytes.readInt32BE(1)).toBe(bytes.length - 1);
  return bytes.toString('utf8', at, bytes.indexOf(0, at));
}

describe('the session lock', () => {
  it('lends the session to one connection at a time, in the order they asked', async () => {
    const lock = new SessionLock();
    const order: number[] = [];
    await lock.acquire(1);
    const second = lock.acquire(2).then(() => order.push(2));
    const third = lock.acquire(3).then(() => order.push(3));
    await lock.acquire(1); // the holder asking again does not wait
    lock.release(2); // only the holder releases
    expect(lock.holds(1)).toBe(true);
    lock.release(1);
    await second;
    expect(lock.holds(2)).toBe(true);
    lock.release(2);
    await third;
    expect(order).toEqual([2, 3]);
  });

  it('skips a connection that went away while it waited', async () => {
    const lock = new SessionLock();
    await lock.acquire(1);
    void lock.acquire(2);
    const third = lock.acquire(3);
    lock.leave(2);
    lock.release(1);
    await third;
    expect(lock.holds(3)).toBe(true);
    expect(lock.holds(2)).toBe(false);
  });
});

describe("the session's named statements", () => {
  const text = 'select * from events where id = $1';

  it('answers a statement another connection has prepared with the same text, without running it', () => {
    const statements = new SessionStatements();
    const first = statements.forConnection(1);
    const second = statements.forConnection(2);
    expect(first.translate(parse('kept_a', text), true)).toEqual({
      run: parse('kept_a', text),
      parsed: ['kept_a', text],
    });
    first.prepared('kept_a', text);
    expect(second.translate(parse('kept_a', text), true)).toEqual({ answer: Uint8Array.from(parseComplete) });
    // After an error PostgreSQL answers nothing until the Sync, so nothing may be answered for it either.
    expect(second.translate(parse('kept_a', text), false)).toHaveProperty('run');
  });

  it("gives a connection's name its own session name when another connection holds it with another text", () => {
    const statements = new SessionStatements();
    const first = statements.forConnection(1);
    const second = statements.forConnection(2);
    first.translate(parse('s1', text), true);
    first.prepared('s1', text);
    const other = 'select * from news where id = $1';
    const translated = second.translate(parse('s1', other), true);
    if (!('run' in translated)) throw new Error('expected a message to run');
    expect(nameIn(translated.run, 5)).toBe('c2_s1');
    expect(translated.parsed).toEqual(['c2_s1', other]);
    second.prepared('c2_s1', other);
    // Its later messages name the statement as the session knows it; the first connection's do not.
    const bound = second.translate(bind('s1'), true);
    if (!('run' in bound)) throw new Error('expected a message to run');
    expect(nameIn(bound.run, bound.run.indexOf(0, 5) + 1)).toBe('c2_s1');
    const described = second.translate(describeStatement('s1'), true);
    if (!('run' in described)) throw new Error('expected a message to run');
    expect(nameIn(described.run, 6)).toBe('c2_s1');
    expect(first.translate(bind('s1'), true)).toEqual({ run: bind('s1') });
  });

  it('keeps a statement prepared when one connection closes it, and runs unnamed ones as they are', () => {
    const connection = new SessionStatements().forConnection(1);
    expect(connection.translate(closeStatement('kept_a'), true)).toEqual({
      answer: Uint8Array.of(0x33, 0, 0, 0, 4),
    });
    expect(connection.translate(closeStatement('kept_a'), false)).toEqual({ run: closeStatement('kept_a') });
    expect(connection.translate(parse('', text), true)).toEqual({ run: parse('', text) });
    expect(connection.translate(message('S'), true)).toEqual({ run: message('S') });
  });
});

describe('what an answer says', () => {
  const error = message('E', 'SERROR', 'C42P01', '');
  const notice = message('N', 'SNOTICE', '');

  it('reads the types of the messages answered from a part on, headers split across parts included', () => {
    const whole = Buffer.concat([notice, error, readyForQuery('I')]);
    const parts = [
      Buffer.from('earlier'),
      whole.subarray(0, 3),
      whole.subarray(3, notice.length + 2),
      whole.subarray(notice.length + 2),
    ];
    expect([...messageTypes(parts, 1)].map((type) => String.fromCharCode(type))).toEqual(['N', 'E', 'Z']);
  });

  it('reads the transaction status of the ReadyForQuery that ends an answer, split or not', () => {
    const answer = Buffer.concat([parseComplete, readyForQuery('T')]);
    expect(statusAtEnd([answer])).toBe('T'.charCodeAt(0));
    expect(statusAtEnd([answer.subarray(0, 7), answer.subarray(7, 9), answer.subarray(9)])).toBe(
      'T'.charCodeAt(0),
    );
    expect(statusAtEnd([Buffer.concat([parseComplete, readyForQuery('I')])])).toBe('I'.charCodeAt(0));
    expect(statusAtEnd([parseComplete])).toBeUndefined();
  });
});
