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

// AI-written metadata

/** Spec section 9: how often the web asks for a pending generation, in milliseconds. */
export const AI_POLL_DELAY_MS = 10_000;
/** Spec section 9: the longest video that can get metadata, in minutes (a setting's default). */
export const DEFAULT_AI_MAX_VIDEO_MINUTES = 45;
/** Generations per channel and calendar month (a setting's default; plans will set it). */
export const DEFAULT_AI_GENERATIONS_PER_MONTH = 50;
/** How many titles one generation writes. */
export const AI_TITLES_MIN = 3;
export const AI_TITLES_MAX = 5;
/** A generation's states. */
export const AI_GENERATION_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
/** Thumbs up or down. */
export const AI_FEEDBACK_VALUES = ['up', 'down'] as const;
/** Each condition that keeps a video from getting AI-written metadata. */
export const AI_INELIGIBLE_REASONS = [
  'no-permission',
  'video-too-long',
  'channel-disconnected',
  'quota-exceeded',
] as const;

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
/** Delay after the last keystroke before a script is saved (spec section 9). */
export const SCRIPT_AUTOSAVE_MS = 500;
/** Longest script body the server keeps (HTML), in characters. */
export const SCRIPT_MAX_CHARACTERS = 200_000;
/** How long a discovered list stays pageable by its listId. */
export const IDEA_LIST_SNAPSHOT_HOURS = 6;
/** Web page the weekly e-mail's unsubscribe link opens (public; it posts the token). */
export const UNSUBSCRIBE_PAGE_PATH = '/video-idea/unsubscribe';

/** Heading levels a script may hold: the page's own title is its h1. */
const SCRIPT_HEADING_LEVELS = [2, 3] as const;

/**
 * The markup a script keeps, once for both sides: the server sanitises with exactly these tags
 * (sanitize-html, no attributes) and the editor (TipTap) offers exactly these, so what one keeps
 * the other shows. Headings h2–h3, paragraphs, line breaks, lists, bold and italics; no quotes.
 */
export const SCRIPT_HTML = {
  headingLevels: SCRIPT_HEADING_LEVELS,
  blockquote: false,
  /** Every tag kept, as the editor writes it. */
  tags: [
    ...SCRIPT_HEADING_LEVELS.map((level) => `h${level}` as const),
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
  ],
  /** Other spellings of the same markup, renamed on the server as the editor reads them. */
  aliases: { b: 'strong', i: 'em' },
} as const;

/** Default of the per-channel tracked-keyword limit (the server's TRACKED_KEYWORDS_MAX setting). */
export const DEFAULT_TRACKED_KEYWORDS_MAX = 250;
/** The longest pasted keyword list one add takes (characters). */
export const TRACKED_KEYWORDS_PASTE_MAX_LENGTH = 20_000;
/** Most keywords one delete takes. */
export const TRACKED_KEYWORDS_DELETE_MAX = 500;
/** Rank buckets of the rankings pages (spec section 3). */
export const rankBuckets = ['top3', 'top10', 'top20', 'noRank'] as const;
/** Sort fields of the rankings table (spec section 3: value, rank, change). */
export const rankingSortFields = ['value', 'rank', 'change'] as const;
/** Periods of the movement view (/new-rankings), in days; the first is the default. */
export const MOVEMENT_PERIODS = [30, 90, 365] as const;
/** One period of the movement view. */
export type MovementPeriod = (typeof MOVEMENT_PERIODS)[number];
/** How many winners and how many losers the movement view lists. */
export const MOVEMENT_TOP_N = 10;
/** Periods of the reporting overview (/reporting/overview), in days; the first is the default. */
export const REPORTING_PERIODS = [28, 90, 365] as const;
/** One period of the reporting overview. */
export type ReportingPeriod = (typeof REPORTING_PERIODS)[number];
/** How many top search terms the overview lists (YouTube answers at most 25 for that report). */
export const REPORTING_TOP_TERMS = 25;
/** Largest cost per view (USD) a channel may set for its monetary value. */
export const COST_PER_VIEW_MAX = 10;
