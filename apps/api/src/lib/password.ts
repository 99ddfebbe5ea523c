import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

// OWASP's recommended argon2id minimum: 19 MiB memory, 2 iterations, 1 lane.
const MEMORY_KIB = 19456;
const PASSES = 2;
const PARALLELISM = 1;
const TAG_LENGTH = 32;

/** Hashes a password with argon2id into a PHC string. */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await argon2Async('argon2id', {
    message: password,
    nonce,
    parallelism: PARALLELISM,
    tagLength: TAG_LENGTH,
    memory: MEMORY_KIB,
    passes: PASSES,
  });
  return `$argon2id$v=19$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Checks a password against a PHC argon2id string in constant time. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(phc);
  if (!match) return false;
  const [, m, t, p, salt, expectedB64] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(expectedB64, 'base64url');
  const actual = await argon2Async('argon2id', {
    message: password,
    nonce: Buffer.from(salt, 'base64url'),
    parallelism: Number(p),
    tagLength: expected.length,
    memory: Number(m),
    passes: Number(t),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash that never matches, so unknown accounts take as long as known ones. */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBytes(16).toString('hex'));
