import { describe, expect, it } from 'vitest';
import * as contract from '@tubewise/contract';
import { PASSWORD_MIN_LENGTH } from './limits.ts';

describe('contract constant copies', () => {
  it('match the contract', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(contract.PASSWORD_MIN_LENGTH);
  });
});
