/**
 * Constants of AI-written metadata (`@tubewise/contract/ai-constants`, zod-free). An entry of its
 * own, not part of `constants`: everything `constants` holds lands in the web's entry chunk,
 * and only the pages that offer AI suggestions need these.
 */
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
  'account-read-only',
] as const;
