import * as crypto from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPasswordHasher } from './password';

// Counts the key derivations: each one is the cost a sign-in pays (some 0.4-0.7 s at N=2^17).
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof actual.scrypt>) => actual.scrypt(...args);
  return { ...actual, scrypt: vi.fn(scrypt) };
});
const derivations = vi.mocked(crypto.scrypt);

describe('password hasher', () => {
  beforeEach(() => {
    derivations.mockClear();
  });

  it('verifies the password it hashed and refuses another', async () => {
    const hasher = createPasswordHasher({ N: 2 ** 10 });
    const stored = await hasher.hash('секретный-пароль');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await hasher.verify('секретный-пароль', stored)).toBe(true);
    expect(await hasher.verify('другой-пароль', stored)).toBe(false);
  });

  it('checks an unknown name with one derivation, as a wrong password costs, from the very first', async () => {
    const hasher = createPasswordHasher({ N: 2 ** 10 });
    // The first unknown name after start once paid for making the throw-away hash too: twice the work,
    // and in the one-at-a-time hashing queue a real user's sign-in waited for both.
    expect(await hasher.verifyAgainstDummy('что-угодно')).toBe(false);
    expect(derivations).toHaveBeenCalledTimes(1);
    expect(derivations.mock.calls[0]?.[3]).toMatchObject({ N: 2 ** 10, r: 8, p: 1 });

    derivations.mockClear();
    const stored = await hasher.hash('пароль');
    derivations.mockClear();
    await hasher.verify('не-тот', stored);
    expect(derivations).toHaveBeenCalledTimes(1);
  });
});
