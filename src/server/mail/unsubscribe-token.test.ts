import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const key = randomBytes(32);

  it('name the account and the kind they were made for', () => {
    expect(readUnsubscribeToken(key, unsubscribeToken(key, 42, 'reminders'))).toEqual({
      userId: 42,
      kind: 'reminders',
    });
  });

  it('refuse another account, another kind, another key and anything malformed', () => {
    const token = unsubscribeToken(key, 42, 'reminders');
    const signature = token.split('.')[2];
    expect(readUnsubscribeToken(key, `43.reminders.${signature}`)).toBeUndefined();
    expect(readUnsubscribeToken(key, `42.decisions.${signature}`)).toBeUndefined();
    expect(readUnsubscribeToken(randomBytes(32), token)).toBeUndefined();
    for (const bad of ['', '42', '42.reminders', `${token}x`, '42.account.'.padEnd(50, 'a')]) {
      expect(readUnsubscribeToken(key, bad)).toBeUndefined();
    }
  });
});
