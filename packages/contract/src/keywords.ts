import { z } from 'zod';
import { KEYWORD_QUERY_MAX_LENGTH } from './constants.ts';

/** Where keyword figures come from; the UI names it next to every figure (they are estimates). */
export const keywordSource = z.object({
  /** Provider name shown to people, e.g. 'DataForSEO (Google Ads)' or 'Tubewise emulator'. */
  name: z.string(),
  /** When the provider computed the figures (ISO time). */
  fetchedAt: z.string(),
});
export type KeywordSource = z.infer<typeof keywordSource>;

/** Estimated figures of one keyword in one location and language. */
export const keywordMetrics = z.object({
  keyword: z.string(),
  /** Average monthly searches (estimate); null when the provider has no figure. */
  volume: z.number().int().nullable(),
  /** Advertiser competition 0..1; null when unknown. */
  competition: z.number().min(0).max(1).nullable(),
  /** Cost per click in USD; null when unknown. */
  cpc: z.number().nullable(),
});
export type KeywordMetrics = z.infer<typeof keywordMetrics>;

/** Query of GET /api/keywords/search (suggestions for the search-term field). */
export const keywordSearchQuery = z.object({
  q: z.string().trim().min(1).max(KEYWORD_QUERY_MAX_LENGTH),
  /** Keyword language id (Language.id, e.g. 'en-us'); defaults to the channel's or en-us. */
  language: z.string().min(2).max(20).optional(),
  /** Limits suggestions to what fits a channel's language setting when given. */
  channelId: z.string().max(100).optional(),
});
/** Suggestions with their figures, the typed keyword first. */
export const keywordSearchResponse = z.object({
  items: z.array(keywordMetrics),
  source: keywordSource,
  languageId: z.string(),
});
export type KeywordSearchResponse = z.infer<typeof keywordSearchResponse>;

/** A keyword bookmarked for a video (spec section 3 "Bookmarked keywords per video"). */
export const bookmarkedKeyword = z.object({
  id: z.string(),
  keyword: z.string(),
  volume: z.number().int().nullable(),
});
export type BookmarkedKeyword = z.infer<typeof bookmarkedKeyword>;
/** Bookmarks of a video, sorted by volume descending (unknown volumes last). */
export const bookmarkedKeywords = z.object({ items: z.array(bookmarkedKeyword) });
export const bookmarkKeywordBody = z.object({ keyword: z.string().trim().min(1).max(80) });
