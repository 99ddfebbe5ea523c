// The opportunity score of a video idea: pure, so it is property-tested (opportunity.test.ts).
import type { MonthlyVolume } from '../keywords/index.ts';

/** A video ranking for the phrase now: what the score reads of it. */
export interface TopResultFigures {
  views: number | null;
  /** ISO date-time of publication; null when unknown. */
  publishedAt: string | null;
}

/** What an idea's score is computed from. */
export interface OpportunityInput {
  /** Estimated monthly searches; null when the provider has no figure. */
  volume: number | null;
  /** Advertiser competition 0..1; null when unknown. */
  competition: number | null;
  /** The videos ranking for the phrase, best first; null when the results are unknown. */
  topResults: readonly TopResultFigures[] | null;
  /** The instant ages are measured at. */
  now: Date;
}

/** The three factors, each 0..1, and the score 0..100. */
export interface Opportunity {
  demand: number;
  openness: number;
  weakTopResults: number;
  opportunity: number;
}

/** Searches a month that count as full demand (log scale: 100,000 → 1, 1,000 → 0.6). */
export const FULL_DEMAND_VOLUME = 100_000;
/** Views of a ranking video that make it fully strong (log scale: 10 million → 0). */
export const STRONG_VIDEO_VIEWS = 10_000_000;
/** Age of a ranking video that makes it fully old (three years). */
export const OLD_VIDEO_DAYS = 3 * 365;
/** How many of the top results count. */
export const TOP_RESULTS_COUNTED = 10;
/** Weights of demand, openness and weak top results (they add up to 1). */
export const WEIGHTS = { demand: 0.45, openness: 0.3, weakTopResults: 0.25 } as const;
/** A factor nothing is known about. */
const UNKNOWN = 0.5;

/**
 * The opportunity of an idea, 0..100:
 *
 *     opportunity = round(100 · (0.45 · demand + 0.30 · openness + 0.25 · weakTopResults))
 *
 * - demand = min(1, log10(1 + volume) / 5): 100,000 searches a month or more → 1, none or
 *   unknown → 0.
 * - openness = 1 − competition (advertiser competition 0..1); unknown → 0.5.
 * - weakTopResults = the mean, over the top 10 results, of 0.6 · weak + 0.4 · old, where
 *   weak = 1 − min(1, log10(1 + views) / 7) (10 million views → 0; unknown views → 0.5) and
 *   old = min(1, age in days / 1095) (three years → 1; unknown date → 0.5). Results unknown →
 *   0.5; no video ranks at all → 1.
 *
 * So a higher volume, lower competition, and fewer views or older videos in the top results
 * never lower the score.
 */
export function scoreOpportunity(input: OpportunityInput): Opportunity {
  const demand =
    input.volume === null || !(input.volume > 0)
      ? 0
      : clamp01(Math.log10(1 + input.volume) / Math.log10(FULL_DEMAND_VOLUME));
  const openness = input.competition === null ? UNKNOWN : clamp01(1 - input.competition);
  const weakTopResults = weakness(input.topResults, input.now);
  const opportunity = Math.round(
    100 *
      (WEIGHTS.demand * demand +
        WEIGHTS.openness * openness +
        WEIGHTS.weakTopResults * weakTopResults),
  );
  return {
    demand,
    openness,
    weakTopResults,
    opportunity: Math.max(0, Math.min(100, opportunity)),
  };
}

function weakness(results: readonly TopResultFigures[] | null, now: Date): number {
  if (results === null) return UNKNOWN;
  const top = results.slice(0, TOP_RESULTS_COUNTED);
  if (top.length === 0) return 1;
  let sum = 0;
  for (const r of top) {
    const weak =
      r.views === null || !Number.isFinite(r.views)
        ? UNKNOWN
        : 1 - clamp01(Math.log10(1 + Math.max(0, r.views)) / Math.log10(STRONG_VIDEO_VIEWS));
    const published = r.publishedAt === null ? NaN : Date.parse(r.publishedAt);
    const old = Number.isNaN(published)
      ? UNKNOWN
      : clamp01((now.getTime() - published) / 86_400_000 / OLD_VIDEO_DAYS);
    sum += 0.6 * weak + 0.4 * old;
  }
  return clamp01(sum / top.length);
}

/** The reason of a score in one line, e.g. "High demand, low competition, weak top videos". */
export function opportunityReason(
  factors: Opportunity,
  known: { volume: boolean; competition: boolean; topResults: boolean },
): string {
  const parts: string[] = [];
  if (!known.volume) parts.push('No search volume figure yet');
  else if (factors.demand >= 0.6) parts.push('High demand');
  else if (factors.demand >= 0.35) parts.push('Moderate demand');
  else parts.push('Low demand');
  if (!known.competition) parts.push('competition unknown');
  else if (factors.openness >= 0.6) parts.push('low competition');
  else if (factors.openness >= 0.35) parts.push('moderate competition');
  else parts.push('high competition');
  if (known.topResults) {
    if (factors.weakTopResults >= 0.6) parts.push('weak or old videos in the top results');
    else if (factors.weakTopResults >= 0.4) parts.push('mixed videos in the top results');
    else parts.push('strong, recent videos in the top results');
  }
  return parts.join(', ');
}

/**
 * Change of the last three months against the three before, in percent (rounded to 0.1);
 * null with fewer than six months or no searches in the earlier three.
 */
export function trendChange(monthly: readonly MonthlyVolume[]): number | null {
  if (monthly.length < 6) return null;
  const sum = (list: readonly MonthlyVolume[]) => list.reduce((s, m) => s + m.volume, 0);
  const last = sum(monthly.slice(-3));
  const before = sum(monthly.slice(-6, -3));
  if (before <= 0) return null;
  return Math.round(((last - before) / before) * 1000) / 10;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
