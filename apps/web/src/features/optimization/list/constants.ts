import type {
  privacyStatuses,
  videoSortFields,
  videoTabSlugs,
  videoTimeFilters,
} from '@tubewise/contract/constants';

/** The list's contract constants, under the names the list uses. */
export {
  HIGH_LEVEL,
  LOW_LEVEL,
  privacyStatuses as visibilities,
  VIDEO_PAGE_SIZE,
  videoSortFields,
  videoTabs,
  videoTimeFilters as timeFilters,
  VIDEOS_TO_CHECK_LIMIT,
} from '@tubewise/contract/constants';

/** A tab's slug. */
export type VideoTabSlug = (typeof videoTabSlugs)[number];
/** A sortable column. */
export type VideoSortField = (typeof videoSortFields)[number];
/** A visibility filter value. */
export type Visibility = (typeof privacyStatuses)[number];
/** A time filter value. */
export type TimeFilter = (typeof videoTimeFilters)[number];
