// The click-through curve of the movement view and the visibility score built on it.
//
// Source and assumptions. YouTube publishes no click-through rate per search position, so we
// use the shape of the published curves of organic web search: positions 1–10 follow Backlinko's
// analysis of 4 million Google results (27.6 %, 15.8 %, 11.0 %, 8.4 %, 6.3 %, 4.9 %, 3.9 %,
// 3.3 %, 2.7 %, 2.4 %), a curve of the same shape as the other public CTR studies.
// YouTube's results are one endless list rather than pages of ten, so instead of the web's cliff
// after position 10 the rate keeps decaying by 15 % per position (position 20 ≈ 0.47 %,
// position 50 ≈ 0.004 %). A keyword without a rank, or ranked beyond the checked depth, gets 0.
// The curve never rises with the position, so a better rank never lowers the score. The score
// is a relative measure (share of the clicks available at position 1), so the absolute level of
// the curve matters less than its shape.

/** Click-through rates of positions 1–10 (fractions; Backlinko's study of organic web search). */
export const CTR_TOP_10 = [
  0.276, 0.158, 0.11, 0.084, 0.063, 0.049, 0.039, 0.033, 0.027, 0.024,
] as const;

/** How much of the rate each position after the 10th keeps from the one before. */
export const CTR_DECAY_AFTER_10 = 0.85;

/**
 * The expected share of a keyword's searches that click the result at `position` (1-based);
 * 0 for no rank (null) or a position beyond the checked depth.
 */
export function clickThroughRate(position: number | null, depth: number): number {
  if (position === null || !Number.isFinite(position) || position < 1 || position > depth) {
    return 0;
  }
  const p = Math.floor(position);
  if (p <= CTR_TOP_10.length) return CTR_TOP_10[p - 1]!;
  return CTR_TOP_10[CTR_TOP_10.length - 1]! * CTR_DECAY_AFTER_10 ** (p - CTR_TOP_10.length);
}

/** The curve for positions 1…depth as an array (index 0 = position 1), e.g. for SQL. */
export function ctrCurve(depth: number): number[] {
  return Array.from({ length: Math.max(0, depth) }, (_, i) => clickThroughRate(i + 1, depth));
}

/** One keyword of a day: its weight (monthly volume) and its rank (null = no rank). */
export interface WeightedRank {
  weight: number;
  position: number | null;
}

/**
 * The visibility score of a set of keywords, 0–100: the expected clicks at their ranks
 * (Σ weight × CTR(rank)) as a percentage of the clicks if every one ranked first
 * (Σ weight × CTR(1)), rounded to one decimal; 0 when the weights add up to nothing.
 */
export function visibilityScore(keywords: readonly WeightedRank[], depth: number): number {
  let gained = 0;
  let total = 0;
  for (const k of keywords) {
    const weight = Math.max(0, k.weight);
    gained += weight * clickThroughRate(k.position, depth);
    total += weight;
  }
  return scoreOf(gained, total);
}

/** The score of expected clicks `gained` out of keywords weighing `total` at position 1. */
export function scoreOf(gained: number, total: number): number {
  if (!(total > 0)) return 0;
  const score = (100 * gained) / (total * CTR_TOP_10[0]);
  return Math.min(100, Math.max(0, Math.round(score * 10) / 10));
}
