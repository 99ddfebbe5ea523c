import { describe, expect, it } from 'vitest';
import * as contract from '@tubewise/contract';
import {
  DEFAULT_FOLDER_NAME,
  IDEAS_FIRST_PAGE_SIZE,
  IDEAS_PAGE_SIZE,
  MAX_FOLDER_NAME_LENGTH,
  MAX_SEED_LENGTH,
  MAX_SEEDS,
} from './constants.ts';

describe('ideation constants', () => {
  it('match the contract', () => {
    expect(MAX_SEEDS).toBe(contract.DEFAULT_MAX_SEEDS);
    expect(IDEAS_FIRST_PAGE_SIZE).toBe(contract.IDEAS_FIRST_PAGE_SIZE);
    expect(IDEAS_PAGE_SIZE).toBe(contract.IDEAS_PAGE_SIZE);
    expect(DEFAULT_FOLDER_NAME).toBe(contract.DEFAULT_FOLDER_NAME);
    expect(contract.seedKeyword.safeParse('a'.repeat(MAX_SEED_LENGTH)).success).toBe(true);
    expect(contract.seedKeyword.safeParse('a'.repeat(MAX_SEED_LENGTH + 1)).success).toBe(false);
    const folder = contract.folderBody.shape.name;
    expect(folder.safeParse('a'.repeat(MAX_FOLDER_NAME_LENGTH)).success).toBe(true);
    expect(folder.safeParse('a'.repeat(MAX_FOLDER_NAME_LENGTH + 1)).success).toBe(false);
  });
});
