// Keyword rankings: the keywords a channel tracks (per keyword language) and their changes.
import { z } from 'zod';
import { KEYWORD_QUERY_MAX_LENGTH } from './constants.ts';
import {
  rankBuckets,
  rankingSortFields,
  TRACKED_KEYWORDS_DELETE_MAX,
  TRACKED_KEYWORDS_PASTE_MAX_LENGTH,
} from './reporting-constants.ts';

/** A keyword a channel tracks in one keyword language. */
export const trackedKeyword = z.object({
  id: z.string(),
  /** Normalised: lower case, single spaces. */
  keyword: z.string(),
  /** The keyword language (locale id, e.g. 'en-us'). */
  language: z.string(),
  addedAt: z.string(),
});
export type TrackedKeyword = z.infer<typeof trackedKeyword>;

/** Add keywords: one or many, pasted one per line or comma separated. */
export const addTrackedKeywordsBody = z.object({
  text: z.string().max(TRACKED_KEYWORDS_PASTE_MAX_LENGTH),
  /** The keyword language; the channel's own when absent. */
  language: z.string().min(2).max(20).optional(),
});
export type AddTrackedKeywordsBody = z.infer<typeof addTrackedKeywordsBody>;

/** Why a keyword of an add was not added. */
export const trackedKeywordRefusals = [
  'duplicate',
  'already-tracked',
  'too-long',
  /** Nothing is left once the characters keyword tools refuse are dropped (e.g. "!!!"). */
  'unusable',
] as const;
export type TrackedKeywordRefusal = (typeof trackedKeywordRefusals)[number];

/** What an add did: the keywords added, and the ones refused with the reason. */
export const addTrackedKeywordsResult = z.object({
  added: z.array(trackedKeyword),
  refused: z.array(z.object({ keyword: z.string(), reason: z.enum(trackedKeywordRefusals) })),
});
export type AddTrackedKeywordsResult = z.infer<typeof addTrackedKeywordsResult>;

/** Delete keywords by id (the answer lists them, so an undo can add them back). */
export const deleteTrackedKeywordsBody = z.object({
  ids: z.array(z.uuid()).min(1).max(TRACKED_KEYWORDS_DELETE_MAX),
});
export const deleteTrackedKeywordsResult = z.object({ deleted: z.array(trackedKeyword) });

/** The rankings table's sort, bucket filter and search (all in the page's URL). */
export const rankingsQuery = z.object({
  sort: z.enum(rankingSortFields).default('rank'),
  order: z.enum(['asc', 'desc']).default('asc'),
  bucket: z.enum(rankBuckets).optional(),
  search: z.string().max(KEYWORD_QUERY_MAX_LENGTH).optional(),
});
export type RankingsQuery = z.infer<typeof rankingsQuery>;

/** The channel's video that ranks (or could rank) for a keyword. */
export const rankedVideo = z.object({
  /** The platform id (the editor's address). */
  id: z.string(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type RankedVideo = z.infer<typeof rankedVideo>;

/**
 * A tracked keyword as the keywords page lists it: its figures from the keyword-data cache, its
 * latest rank (keyword_ranks) with the ranking video, the change against 7 days before and when
 * it was last checked.
 */
export const trackedKeywordRow = trackedKeyword.extend({
  /** Monthly searches; null when unknown. */
  volume: z.number().int().nullable(),
  /** Advertiser competition 0..1; null when unknown. */
  competition: z.number().nullable(),
  /** Best position of the channel's videos on `day`; null = no rank within the depth (or no check yet). */
  rank: z.number().int().nullable(),
  /** The ranking video from the channel's synced videos; null without rank. */
  video: rankedVideo.nullable(),
  /** Positions gained since 7 days before `day` (no rank = depth + 1); null without data then. */
  change7: z.number().int().nullable(),
  /** The day of the rank shown (YYYY-MM-DD); null before the first check. */
  day: z.string().nullable(),
  /** When the keyword's latest finished check read the results; null before the first. */
  checkedAt: z.string().nullable(),
});
export type TrackedKeywordRow = z.infer<typeof trackedKeywordRow>;

/** The channel's tracked keywords, newest first, with the plan's limit and the checked depth. */
export const trackedKeywords = z.object({
  items: z.array(trackedKeywordRow),
  limit: z.number().int(),
  /** How many results a check reads: no rank means not within them. */
  depth: z.number().int(),
  /** Today's checks of the channel's keywords: loaded (done), updating or partialError. */
  state: z.enum(['loaded', 'updating', 'partialError']),
});
export type TrackedKeywords = z.infer<typeof trackedKeywords>;

/** Where a keyword suggestion comes from. */
export const trackedKeywordSuggestionSources = ['search-term', 'bookmark', 'ranking'] as const;
export type TrackedKeywordSuggestionSource = (typeof trackedKeywordSuggestionSources)[number];

/** Keyword suggestions in one keyword language (the channel's when absent). */
export const trackedKeywordSuggestionsQuery = z.object({
  language: z.string().min(2).max(20).optional(),
});

/** A keyword the channel could track, with its source. */
export const trackedKeywordSuggestion = z.object({
  keyword: z.string(),
  source: z.enum(trackedKeywordSuggestionSources),
  /** The video whose search term or bookmark it is, or the one that ranks for it. */
  videoTitle: z.string().nullable(),
  /** For a ranking phrase: the channel's best position in its latest check. */
  position: z.number().int().nullable(),
});
export type TrackedKeywordSuggestion = z.infer<typeof trackedKeywordSuggestion>;

/** Suggestions not yet tracked in `language`, a bounded number per source. */
export const trackedKeywordSuggestions = z.object({
  language: z.string(),
  items: z.array(trackedKeywordSuggestion),
});
export type TrackedKeywordSuggestions = z.infer<typeof trackedKeywordSuggestions>;

/** One tracked keyword's latest ranking. */
export const rankingItem = z.object({
  id: z.string(),
  keyword: z.string(),
  language: z.string(),
  /** Best position of the channel's videos; null = no rank within the checked depth. */
  rank: z.number().int().nullable(),
  /** The platform id of the ranking video. */
  videoId: z.string().nullable(),
  /** The ranking video as the channel's synced videos show it; null without rank or sync. */
  video: rankedVideo.nullable(),
  /**
   * Positions gained over the last 7 and 30 days: from the rank that many days before, or from the
   * earliest check since then (no rank counts as depth + 1); null = no earlier check in the period.
   */
  change7: z.number().int().nullable(),
  change30: z.number().int().nullable(),
  /** Monthly searches (the keyword-data cache); null when unknown. */
  volume: z.number().int().nullable(),
  /** The day of the rank shown (the keyword's latest check); null before the first check. */
  day: z.string().nullable(),
  /**
   * The 30 days up to the rankings' day, oldest first: the position, depth + 1 for no rank, or
   * null for a day without a check.
   */
  spark: z.array(z.number().int().nullable()),
});
export type RankingItem = z.infer<typeof rankingItem>;

/** A channel's rankings: the summary over every tracked keyword and the selected rows. */
export const rankings = z.object({
  /** The latest day with ranks (the pages show it while today's checks run); null: none yet. */
  day: z.string().nullable(),
  /** Today's checks: loaded (done), updating (still running) or partialError (some failed). */
  state: z.enum(['loaded', 'updating', 'partialError']),
  /** The checked depth: no rank means not in the first `depth` results. */
  depth: z.number().int(),
  tracked: z.number().int(),
  /** Average rank of the ranked keywords; null when none ranks. */
  avg: z.number().nullable(),
  distribution: z.object({
    top3: z.number().int(),
    top10: z.number().int(),
    top20: z.number().int(),
    noRank: z.number().int(),
  }),
  /** Average positions gained per keyword since 7 and 30 days before; null without data. */
  change: z.object({ days7: z.number().nullable(), days30: z.number().nullable() }),
  /** The best-ranked keywords weighted by volume (volume ÷ rank), at most five. */
  topKeywords: z.array(
    z.object({
      id: z.string(),
      keyword: z.string(),
      rank: z.number().int(),
      volume: z.number().int().nullable(),
    }),
  ),
  items: z.array(rankingItem),
});
export type Rankings = z.infer<typeof rankings>;

/** One result of a stored check, with whether it is one of the channel's own videos. */
export const serpResult = z.object({
  position: z.number().int(),
  videoId: z.string(),
  title: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  views: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  own: z.boolean(),
});
export type SerpResult = z.infer<typeof serpResult>;

/** A channel and one of its tracked keywords. */
export const keywordRankingParams = z.object({
  id: z.string().min(1).max(100),
  trackedKeywordId: z.uuid(),
});

/** One tracked keyword in detail: its latest results, its rank history, the video to optimise. */
export const keywordRanking = z.object({
  item: rankingItem,
  depth: z.number().int(),
  /** The latest stored check of the keyword; null before the first. */
  serp: z
    .object({
      day: z.string(),
      checkedAt: z.string(),
      source: z.string(),
      totalResults: z.number().int(),
      results: z.array(serpResult),
    })
    .nullable(),
  /** The last 90 days, oldest first; position null = no rank that day. Days without a check are absent. */
  history: z.array(z.object({ day: z.string(), position: z.number().int().nullable() })),
  /** The video "Optimise for this keyword" opens: the ranking one, else the best match; null without videos. */
  optimise: rankedVideo.extend({ ranking: z.boolean() }).nullable(),
});
export type KeywordRanking = z.infer<typeof keywordRanking>;

/** Where today's checks of a channel's keywords are after a run. */
export const rankChecksRun = z.object({
  day: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  state: z.enum(['loaded', 'updating', 'partialError']),
});
export type RankChecksRun = z.infer<typeof rankChecksRun>;
