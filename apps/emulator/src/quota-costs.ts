// Quota cost table of the YouTube Data API v3, in one place.
// Source: developers.google.com/youtube/data/determine_quota_cost (see shared platform-facts.md).

/** Units per day for all Data API methods together (default Google Cloud allocation). */
export const DAILY_QUOTA_UNITS = 10_000;

/** Calls per day of the separate search.list bucket (since 2026-06-01). */
export const DAILY_SEARCH_CALLS = 100;

/** Calls per day of the separate videos.insert bucket (the emulator has no upload of videos). */
export const DAILY_VIDEO_INSERT_CALLS = 100;

/** The time zone whose midnight resets every bucket. */
export const QUOTA_RESET_TIME_ZONE = 'America/Los_Angeles';

/** Units each method costs in the shared daily bucket. */
export const QUOTA_COSTS = {
  'channels.list': 1,
  'playlists.list': 1,
  'playlistItems.list': 1,
  'videos.list': 1,
  'i18nLanguages.list': 1,
  'videoCategories.list': 1,
  'captions.list': 50,
  'captions.download': 200,
  'videos.update': 50,
  'thumbnails.set': 50,
  'playlistItems.insert': 50,
  'playlistItems.update': 50,
  'playlistItems.delete': 50,
  // search.list is charged to its own bucket of calls (DAILY_SEARCH_CALLS), not to these units.
  'search.list': 0,
} as const;

/** A Data API method the emulator meters. */
export type QuotaMethod = keyof typeof QUOTA_COSTS;
