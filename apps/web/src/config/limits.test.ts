import { describe, expect, it } from 'vitest';
import * as contract from '@tubewise/contract';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

describe('contract constant copies', () => {
  it('match the contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(contract.PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MAX_LENGTH).toBe(contract.PASSWORD_MAX_LENGTH);
  });
});
