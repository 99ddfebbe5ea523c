import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loginBody, setPasswordBody } from '@tubewise/contract';
import {
  isValidEmail,
  isValidPassword,
  newPasswordError,
  normalizeEmail,
} from './form-validation.ts';

const contractEmail = loginBody.shape.email;
const contractPassword = loginBody.shape.password;
const contractNewPassword = setPasswordBody.shape.password;

// Strings that look like e-mails often enough to exercise both outcomes.
const emailish = fc
  .tuple(
    fc.constantFrom('', ' ', '  '),
    fc.stringMatching(/^[A-Za-z0-9_'+.\- ]{0,12}$/),
    fc.constantFrom('@', '', '@@'),
    fc.stringMatching(/^[A-Za-z0-9.-]{0,12}$/),
    fc.constantFrom('.com', '.C', '', '.io', '.co.uk'),
    fc.constantFrom('', ' '),
  )
  .map((parts) => parts.join(''));

describe('zod-free form validation', () => {
  it('accepts and normalises e-mails exactly like the contract', () => {
    fc.assert(
      fc.property(fc.oneof(emailish, fc.string()), (value) => {
        const parsed = contractEmail.safeParse(value);
        expect(isValidEmail(value)).toBe(parsed.success);
        if (parsed.success) expect(normalizeEmail(value)).toBe(parsed.data);
      }),
      { numRuns: 2000 },
    );
    expect(isValidEmail(' Creator@Example.com ')).toBe(true);
    expect(isValidEmail(`${'a'.repeat(250)}@x.io`)).toBe(false);
  });

  it('checks current and new passwords like the contract, with its messages', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        expect(isValidPassword(value)).toBe(contractPassword.safeParse(value).success);
        const parsed = contractNewPassword.safeParse(value);
        expect(newPasswordError(value)).toBe(
          parsed.success ? null : (parsed.error.issues[0]?.message ?? 'missing'),
        );
      }),
    );
    expect(newPasswordError('x'.repeat(257))).toBe('Use at most 256 characters.');
  });
});
