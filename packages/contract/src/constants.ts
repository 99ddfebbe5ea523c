/**
 * The contract's constants without its runtime: limits, fixed texts, the script markup and the
 * route table's metadata (`@tubewise/contract/constants`). The zod schemas take their limits
 * from here, and pages import from here, so no page loads zod to know a number.
 * constants.test.ts fails if anything here imports zod.
 */
export * from './route-meta.ts';

// Accounts

/** Passwords: at least 8 characters, long passphrases allowed. */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound that keeps hashing cheap enough to not be a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 256;
/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** The feature flags the product knows (user.flags is a comma-separated string of them). */
export const knownFlags = ['competition_user', 'labs_user', 'weekly_video_ideas'] as const;
/** Default AI permission flag of a user. */
export const DEFAULT_AI_PERMISSION = 'ai-generate-description';
/** The AI permission of a person who refused to send channel data to the AI model. */
export const NO_AI_PERMISSION = 'none';

// Optimisation

/** Spec section 9: the video list's page size. */
export const VIDEO_PAGE_SIZE = 50;
/** Spec section 9 "a limit value of 150 for optimisation": the most videos one check call takes. */
export const VIDEOS_TO_CHECK_LIMIT = 150;
/** Level from which a video counts as optimised ("high"). */
export const HIGH_LEVEL = 80;
/** Level below which a video counts as weak ("low"). */
export const LOW_LEVEL = 40;
/** Default limit of an uploaded thumbnail in bytes (a setting: THUMBNAIL_MAX_BYTES). */
export const DEFAULT_THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
/** YouTube's minimum thumbnail width. */
export const THUMBNAIL_MIN_WIDTH = 640;
/**
 * Largest width and height of a thumbnail upload in pixels. YouTube names no maximum (it
 * recommends 1280×720); this bounds the memory of decoding an upload (a 2 MB PNG can hold a
 * 16000×9000 image) at 4096×4096.
 */
export const THUMBNAIL_MAX_SIDE = 4096;
/** Image types a thumbnail upload may have. */
export const THUMBNAIL_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
/** Longest search term of a video. */
export const SEARCH_TERM_MAX_LENGTH = 100;
/** Longest keyword search text (suggestions of the search-term field). */
export const KEYWORD_QUERY_MAX_LENGTH = 80;

/** The list's tab slugs; the first is the default (spec section 2). */
export const videoTabSlugs = ['all', 'needs-work', 'optimized'] as const;
/** The list's tabs by slug, with their labels, in order. */
export const videoTabs = [
  { slug: 'all', label: 'All videos' },
  { slug: 'needs-work', label: 'Needs work' },
  { slug: 'optimized', label: 'Optimized' },
] as const satisfies readonly { slug: (typeof videoTabSlugs)[number]; label: string }[];
/** The four sortable columns of the list (spec section 2). */
export const videoSortFields = ['level', 'impact', 'lastUpdate', 'date'] as const;
/** A video's visibility on the platform (the list's visibility filter). */
export const privacyStatuses = ['public', 'private', 'unlisted'] as const;
/** The list's time filter values. */
export const videoTimeFilters = ['lastMonth', 'lastWeek'] as const;

// Ideation

/** Ideas on the first discover call (spec section 9). */
export const IDEAS_FIRST_PAGE_SIZE = 11;
/** Ideas on every later page (spec section 9). */
export const IDEAS_PAGE_SIZE = 10;
/** Default of the seed limit (spec section 9; the server's IDEA_SEEDS_MAX setting). */
export const DEFAULT_MAX_SEEDS = 10;
/** Longest seed keyword, after trimming. */
export const SEED_MAX_LENGTH = 80;
/** Name of the folder every channel always has (spec section 9). */
export const DEFAULT_FOLDER_NAME = 'Your saved ideas';
/** Longest idea folder name, after trimming. */
export const FOLDER_NAME_MAX_LENGTH = 60;
/** How long a discovered list stays pageable by its listId. */
export const IDEA_LIST_SNAPSHOT_HOURS = 6;
/** Web page the weekly e-mail's unsubscribe link opens (public; it posts the token). */
export const UNSUBSCRIBE_PAGE_PATH = '/video-idea/unsubscribe';

/** Types of the other zod-free entries, for code that names them from here (types only: no run-time import). */
export type { MovementPeriod, ReportingPeriod } from './reporting-constants.ts';
