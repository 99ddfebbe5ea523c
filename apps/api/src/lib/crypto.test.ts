import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './crypto.ts';

describe('AES-256-GCM secrets', () => {
  const key = randomBytes(32);

  it('round-trips any string and never stores the plaintext', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (secret) => {
        const sealed = encryptSecret(key, secret);
        expect(decryptSecret(key, sealed)).toBe(secret);
        if (secret.length >= 4) expect(sealed).not.toContain(secret);
      }),
      { numRuns: 200 },
    );
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });

  it('refuses a tampered ciphertext or a wrong key', () => {
    const sealed = encryptSecret(key, '1//refresh-token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'))).toThrow();
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow();
  });
});
