// Keyword rankings: the keywords a channel tracks (per keyword language) and their changes.
import { z } from 'zod';
import {
  KEYWORD_QUERY_MAX_LENGTH,
  rankBuckets,
  rankingSortFields,
  TRACKED_KEYWORDS_DELETE_MAX,
  TRACKED_KEYWORDS_PASTE_MAX_LENGTH,
} from './constants.ts';

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

/** The channel's tracked keywords, newest first, with the plan's limit. */
export const trackedKeywords = z.object({
  items: z.array(trackedKeyword),
  limit: z.number().int(),
});
export type TrackedKeywords = z.infer<typeof trackedKeywords>;

/** Add keywords: one or many, pasted one per line or comma separated. */
export const addTrackedKeywordsBody = z.object({
  text: z.string().max(TRACKED_KEYWORDS_PASTE_MAX_LENGTH),
  /** The keyword language; the channel's own when absent. */
  language: z.string().min(2).max(20).optional(),
});
export type AddTrackedKeywordsBody = z.infer<typeof addTrackedKeywordsBody>;

/** Why a keyword of an add was not added. */
export const trackedKeywordRefusals = ['duplicate', 'already-tracked', 'too-long'] as const;
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

/** One tracked keyword's ranking on the latest day with data. */
export const rankingItem = z.object({
  id: z.string(),
  keyword: z.string(),
  language: z.string(),
  /** Best position of the channel's videos; null = no rank within the checked depth. */
  rank: z.number().int().nullable(),
  /** The platform id of the ranking video. */
  videoId: z.string().nullable(),
  /** Positions gained since 7 and 30 days before (no rank counts as depth + 1); null = no data then. */
  change7: z.number().int().nullable(),
  change30: z.number().int().nullable(),
  /** Monthly searches (the keyword-data cache); null when unknown. */
  volume: z.number().int().nullable(),
  /** The day of the rank shown; null before the first check. */
  day: z.string().nullable(),
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
  items: z.array(rankingItem),
});
export type Rankings = z.infer<typeof rankings>;
