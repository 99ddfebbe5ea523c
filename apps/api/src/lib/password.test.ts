import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PASSWORD_MAX_LENGTH } from '@tubewise/contract';
import { AppError } from './errors.ts';
import { isCommonPassword } from './common-passwords.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password.ts';
import { assertAcceptablePassword } from '../modules/users/index.ts';

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

describe('password hashing', () => {
  it('produces an argon2id PHC string with at least OWASP parameters and a fresh salt', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    const [, m, t, p, salt, hash] = PHC.exec(a)!;
    expect(Number(m)).toBeGreaterThanOrEqual(19456);
    expect(Number(t)).toBeGreaterThanOrEqual(2);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(salt!, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(hash!, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(b).not.toBe(a);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapl')).toBe(false);
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('refuses malformed and foreign hashes instead of throwing', async () => {
    for (const bad of [
      '',
      'plaintext',
      '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA',
      '$2b$10$abcdefghijklmnopqrstuu',
    ]) {
      expect(await verifyPassword(bad, 'anything')).toBe(false);
    }
    // A hash with its last character changed no longer matches.
    const hash = await hashPassword('secret phrase');
    const tampered = hash.slice(0, -2) + (hash.endsWith('AA') ? 'BB' : 'AA');
    expect(await verifyPassword(tampered, 'secret phrase')).toBe(false);
  });

  it('has a dummy hash that matches nothing (timing cover for unknown accounts)', async () => {
    expect(DUMMY_PASSWORD_HASH).toMatch(PHC);
    expect(await verifyPassword(DUMMY_PASSWORD_HASH, '')).toBe(false);
    expect(await verifyPassword(DUMMY_PASSWORD_HASH, 'password')).toBe(false);
  });

  it('round-trips any password, and a changed password never verifies (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 0, maxLength: 64 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }),
        async (password, suffix) => {
          const hash = await hashPassword(password);
          expect(hash).toMatch(PHC);
          expect(await verifyPassword(hash, password)).toBe(true);
          expect(await verifyPassword(hash, password + suffix)).toBe(false);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('hashes a long passphrase at the maximum length', async () => {
    const long = 'a long passphrase '.repeat(20).slice(0, PASSWORD_MAX_LENGTH);
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long)).toBe(true);
    expect(await verifyPassword(hash, long.slice(0, -1))).toBe(false);
  });
});

describe('common passwords', () => {
  it('refuses the most common passwords whatever their case, with a clear message', () => {
    for (const common of ['password', 'Password123', '12345678', 'qwerty123', 'iloveyou']) {
      expect(isCommonPassword(common), common).toBe(true);
      let thrown: unknown;
      try {
        assertAcceptablePassword(common);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe('weak-password');
      expect((thrown as AppError).status).toBe(400);
      expect((thrown as AppError).message).toMatch(/too common/);
    }
  });

  it('accepts uncommon passwords and passphrases', () => {
    for (const fine of ['correct horse battery staple', 'Tubewise-2026-wK9!', 'é un bel giorno']) {
      expect(isCommonPassword(fine), fine).toBe(false);
      expect(() => assertAcceptablePassword(fine)).not.toThrow();
    }
  });
});
