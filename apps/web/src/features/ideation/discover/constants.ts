/** Ideation's contract constants, under the names the pages use. */
export {
  DEFAULT_FOLDER_NAME,
  FOLDER_NAME_MAX_LENGTH as MAX_FOLDER_NAME_LENGTH,
  IDEAS_FIRST_PAGE_SIZE,
  IDEAS_PAGE_SIZE,
  DEFAULT_MAX_SEEDS as MAX_SEEDS,
  SEED_MAX_LENGTH as MAX_SEED_LENGTH,
} from '@tubewise/contract/constants';
