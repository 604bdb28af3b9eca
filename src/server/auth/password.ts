import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Checks the password against a throw-away hash, so that an unknown username takes as long as a wrong
   * password and does not reveal which accounts exist.
   */
  verifyAgainstDummy(password: string): Promise<false>;
}

/** OWASP's N for scrypt with r=8, p=1; also the largest the 256 MiB `maxmem` below allows. */
export const defaultScryptCost = 2 ** 17;
/** The cheapest N the server may be started with (SCRYPT_N), for servers whose passwords guard nothing. */
export const minimumScryptCost = 2 ** 10;

const keyLength = 64;
const maxmem = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * scrypt with a per-user 16-byte salt. The default cost is OWASP's N=2^17, r=8, p=1; tests pass a small N
 * to stay fast. Hashes are stored as `scrypt$N$r$p$salt$hash`, so the cost can be raised later and old
 * hashes still verify.
 */
export function createPasswordHasher(cost: { N: number } = { N: defaultScryptCost }): PasswordHasher {
  const params = { N: cost.N, r: 8, p: 1, maxmem } satisfies ScryptOptions;

  const stored = (salt: Buffer, key: Buffer) =>
    ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    return stored(salt, await derive(password, salt, params));
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, expectedHash] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !expectedHash) return false;
    const expected = Buffer.from(expectedHash, 'base64');
    const actual = await derive(password, Buffer.from(salt, 'base64'), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem,
    });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  // Random bytes where the key would be: checking a password against them costs one derivation with the
  // same parameters, as a wrong password does. Deriving a real key for it on the first unknown name
  // made that sign-in cost two, and a real user queued behind it in the hashing queue waited for both.
  const dummyHash = stored(randomBytes(16), randomBytes(keyLength));
  async function verifyAgainstDummy(password: string): Promise<false> {
    await verify(password, dummyHash);
    return false;
  }

  return { hash, verify, verifyAgainstDummy };
}
