// The movement view of keyword rankings (/new-rankings): visibility over time, winners and
// losers, keywords entering and leaving the top 10, and the channel's share of the top 20.
import { z } from 'zod';
import { type MovementPeriod } from './constants.ts';
import { MOVEMENT_PERIODS } from './reporting-constants.ts';

/** The period of the movement view, in days (in the page's URL). */
export const movementQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d): d is MovementPeriod => (MOVEMENT_PERIODS as readonly number[]).includes(d), {
      message: `days must be one of ${MOVEMENT_PERIODS.join(', ')}`,
    })
    .default(MOVEMENT_PERIODS[0]),
});
export type MovementQuery = z.infer<typeof movementQuery>;

/** The visibility score of one day with ranks. */
export const visibilityPoint = z.object({
  day: z.string(),
  /**
   * Expected clicks of the checked keywords at their ranks as a share of what they would get if
   * every one ranked first (volume-weighted), 0–100, one decimal.
   */
  score: z.number(),
  /** Keywords checked that day, and how many of them had a rank. */
  checked: z.number().int(),
  ranked: z.number().int(),
});
export type VisibilityPoint = z.infer<typeof visibilityPoint>;

/** One keyword's move between the start and the end of the period. */
export const keywordMove = z.object({
  keyword: z.string(),
  language: z.string(),
  /** The rank at the keyword's first check in the period; null = no rank within the depth. */
  from: z.number().int().nullable(),
  /** The day of `from`. */
  fromDay: z.string(),
  /** The rank on the period's last day; null = no rank. */
  to: z.number().int().nullable(),
  /** Positions gained (positive = moved up); no rank counts as depth + 1. */
  change: z.number().int(),
  /** Monthly searches (the keyword-data cache); null when unknown. */
  volume: z.number().int().nullable(),
});
export type KeywordMove = z.infer<typeof keywordMove>;

/** The share of the top-20 results of the tracked keywords held by the channel's own videos. */
export const top20SharePoint = z.object({
  day: z.string(),
  /** Result slots within the first 20 of the day's checks, over every tracked keyword. */
  slots: z.number().int(),
  /** How many of them are the channel's videos. */
  own: z.number().int(),
  /** own / slots in percent, one decimal (0 when there are no slots). */
  share: z.number(),
});
export type Top20SharePoint = z.infer<typeof top20SharePoint>;

/** A channel's ranking movement over a period ending on the latest day with ranks. */
export const rankingsMovement = z.object({
  days: z.number().int(),
  /** The period's first day and its last (the latest day with ranks); null when none yet. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Today's checks: loaded (done), updating (still running) or partialError (some failed). */
  state: z.enum(['loaded', 'updating', 'partialError']),
  /** The checked depth: no rank means not in the first `depth` results. */
  depth: z.number().int(),
  tracked: z.number().int(),
  /** Whether the weights are monthly volumes (false: no volume known yet, every keyword counts the same). */
  volumeWeighted: z.boolean(),
  /** The visibility score of each day of the period with ranks, oldest first. */
  visibility: z.array(visibilityPoint),
  /** Most positions gained and lost from the start to the end of the period (top N each). */
  winners: z.array(keywordMove),
  losers: z.array(keywordMove),
  /** Keywords in the top 10 at the end that were not at the start, and the other way round. */
  enteredTop10: z.array(keywordMove),
  leftTop10: z.array(keywordMove),
  /** The share of the top-20 results held by the channel: the last day, and over the period. */
  top20Share: top20SharePoint.nullable(),
  top20ShareHistory: z.array(top20SharePoint),
});
export type RankingsMovement = z.infer<typeof rankingsMovement>;
