/**
 * Copies of ideation's contract constants. Importing them from `@tubewise/contract` would pull
 * its zod schemas into the page's chunk; constants.test.ts fails if a copy drifts.
 */

/** Most seeds the form takes (contract DEFAULT_MAX_SEEDS: the server setting's default). */
export const MAX_SEEDS = 10;
/** Longest seed (contract seedKeyword). */
export const MAX_SEED_LENGTH = 80;
/** Ideas on the first page (contract IDEAS_FIRST_PAGE_SIZE). */
export const IDEAS_FIRST_PAGE_SIZE = 11;
/** Ideas on every later page (contract IDEAS_PAGE_SIZE). */
export const IDEAS_PAGE_SIZE = 10;
/** Longest folder name (contract folderBody). */
export const MAX_FOLDER_NAME_LENGTH = 60;
/** The folder every channel has (contract DEFAULT_FOLDER_NAME). */
export const DEFAULT_FOLDER_NAME = 'Your saved ideas';
