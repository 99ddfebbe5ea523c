/**
 * Public onboarding, shared insights and the competition view without zod
 * (`@tubewise/contract/onboarding-constants`): limits, fixed texts and storage keys the pages
 * need, kept out of the entry chunk.
 */

// Onboarding (spec sections 1, 3, 5, 7, 8)

/** Competitors a visitor chooses: at least one, at most five. */
export const ONBOARDING_COMPETITORS_MIN = 1;
export const ONBOARDING_COMPETITORS_MAX = 5;
/** Keywords a visitor enters: at least one, at most ten. */
export const ONBOARDING_KEYWORDS_MIN = 1;
export const ONBOARDING_KEYWORDS_MAX = 10;
/** Longest keyword of the onboarding (as the keyword search field). */
export const ONBOARDING_KEYWORD_MAX_LENGTH = 80;
/** Digits of the e-mailed verification code. */
export const VERIFICATION_CODE_LENGTH = 6;
/** A code is valid this long after it was sent. */
export const VERIFICATION_CODE_TTL_MINUTES = 15;
/** Wrong tries one code allows; after them the code is dead and a new one must be sent. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** The e-mailed link (validate-email-token) is valid this long, once. */
export const VERIFICATION_LINK_TTL_HOURS = 24;
/** Seconds between two sends of a code to the same onboarding. */
export const VERIFICATION_RESEND_COOLDOWN_SECONDS = 60;
/** Codes one browser session may have sent to one e-mail address per hour (first send included). */
export const VERIFICATION_SENDS_PER_EMAIL_PER_HOUR = 5;
/** Codes one e-mail address may be sent per hour, whichever sessions ask (silently not beyond). */
export const VERIFICATION_SENDS_PER_ADDRESS_PER_HOUR = 20;

/** Where the browser keeps its onboarding session id (sessionStorage: one per browser session). */
export const ONBOARDING_SESSION_STORAGE_KEY = 'tubewise.onboarding.session';
/** Where the browser keeps the onboarding it is working on (sessionStorage). */
export const ONBOARDING_ID_STORAGE_KEY = 'tubewise.onboarding.id';
/**
 * Where the browser keeps the owner tokens of insights it created (localStorage, by insights id),
 * so the owner can stop sharing from the shared page later.
 */
export const INSIGHTS_OWNER_STORAGE_PREFIX = 'tubewise.insights.owner.';

/** Spec section 5: a code validation that gives no token back. */
export const INVALID_VALIDATION_CODE_TEXT = 'Invalid validation code';
/** Spec section 8. */
export const CHANNEL_SEARCH_FAILED_TEXT = 'Channel search failed';
/** Spec section 8. */
export const RESEND_FAILED_TEXT = 'Failed to resend verification email';

// Shared insights

/** A shared insights page stays readable this long after it was made. */
export const INSIGHTS_TTL_DAYS = 90;
/** Top results of each keyword the report keeps. */
export const INSIGHTS_TOP_RESULTS = 10;
/** Best videos per competitor the report keeps. */
export const INSIGHTS_BEST_VIDEOS = 5;

// Competition (competition_user)

/** The feature flag of the competition view. */
export const COMPETITION_FLAG = 'competition_user';
/** Competitors managed per channel. */
export const COMPETITORS_PER_CHANNEL_MAX = 5;
/** Days the competition view covers. */
export const COMPETITION_PERIOD_DAYS = 90;
/**
 * A competitor's latest uploads one read takes at most (six pages of 50): a channel uploading
 * more in the period is counted from its oldest upload read (the activity's `countedFrom`).
 */
export const COMPETITOR_UPLOADS_READ_MAX = 300;
/** The result slots per keyword share of voice counts (top 20). */
export const SHARE_OF_VOICE_DEPTH = 20;
/** Top videos per channel the view lists. */
export const COMPETITION_TOP_VIDEOS = 5;
/** Most used tags per channel the view lists. */
export const COMPETITION_TOP_TAGS = 10;
