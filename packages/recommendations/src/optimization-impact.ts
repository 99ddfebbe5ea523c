/**
 * Optimization impact: how likely working on a video's tips is to improve its search results.
 *
 *   impact = round(100 × opportunity × ease × headroom × roomToImprove), at least 1 when unranked
 *
 *   opportunity   = 0.25 + 0.75 × min(1, log10(1 + volume) / 6)
 *                   Searches are spread over orders of magnitude, so volume counts by its
 *                   logarithm, saturating at 1,000,000 a month. A quarter remains without volume:
 *                   good metadata also helps suggested videos and long-tail searches.
 *   ease          = 1 − 0.7 × competition            (competition 0..1; unknown = 0.5)
 *                   Crowded terms are harder to win, but never hopeless.
 *   headroom      = 1 when unranked, else min(1, 0.1 + 0.9 × (position − 1) / 20)
 *                   The first result can only keep its place (0.1); from position 21, past what a
 *                   search page shows, a video is as good as unranked.
 *   roomToImprove = (100 − level) / 100
 *                   Only tips not yet applied can help, so every tip applied lowers the impact.
 *
 * Each factor is monotone in its input, which gives the guarantees the property tests check:
 * a higher level never raises impact, a higher volume never lowers it, a worse position never
 * lowers it, and the result is an integer in 0..100. Position 1 is always strictly below
 * unranked: its raw value x is a tenth of the unranked one, so either x rounds to 0 (and the
 * unranked floor of 1 is higher) or x ≥ 0.5 and round(10x) ≥ round(x) + 4.
 */

/** Inputs of the impact score. */
export interface ImpactInput {
  /** monthly search volume estimate; null = unknown (treat as 0) */
  volume: number | null;
  /** 0..1; null = unknown (treat as 0.5) */
  competition: number | null;
  /** the video's current 1-based search position for its term; null = not ranked */
  position: number | null;
  /** 0..100 optimization level */
  level: number;
}

/** The constants of the impact formula (see the module comment for the reasoning). */
export const IMPACT_FORMULA = {
  /** Share of the opportunity a term with no measured volume still has. */
  BASE_OPPORTUNITY: 0.25,
  /** Orders of magnitude of monthly volume at which opportunity saturates (10^6). */
  VOLUME_DECADES: 6,
  /** How much full competition takes away (ease = 1 − this × competition). */
  COMPETITION_WEIGHT: 0.7,
  UNKNOWN_COMPETITION: 0.5,
  /** Headroom of the first result. */
  FIRST_POSITION_HEADROOM: 0.1,
  /** Positions after the first over which headroom grows to 1. */
  HEADROOM_POSITIONS: 20,
  /** An unranked video always has something to gain. */
  UNRANKED_FLOOR: 1,
} as const;

/** Impact 0–100 (integer): likelihood of better search performance. */
export function optimizationImpact(input: ImpactInput): number {
  const unranked = isUnranked(input.position);
  const raw =
    100 *
    opportunity(input.volume) *
    ease(input.competition) *
    headroom(input.position) *
    roomToImprove(input.level);
  const impact = clamp(Math.round(raw), 0, 100);
  return unranked ? Math.max(IMPACT_FORMULA.UNRANKED_FLOOR, impact) : impact;
}

function opportunity(volume: number | null): number {
  const { BASE_OPPORTUNITY, VOLUME_DECADES } = IMPACT_FORMULA;
  const searches = volume === null || Number.isNaN(volume) ? 0 : Math.max(0, volume);
  const scale = Math.min(1, Math.log10(1 + searches) / VOLUME_DECADES);
  return BASE_OPPORTUNITY + (1 - BASE_OPPORTUNITY) * scale;
}

function ease(competition: number | null): number {
  const { COMPETITION_WEIGHT, UNKNOWN_COMPETITION } = IMPACT_FORMULA;
  const share =
    competition === null || Number.isNaN(competition)
      ? UNKNOWN_COMPETITION
      : clamp(competition, 0, 1);
  return 1 - COMPETITION_WEIGHT * share;
}

// A position that is missing or not a finite number means "not found in the results".
function isUnranked(position: number | null): boolean {
  return position === null || !Number.isFinite(position);
}

function headroom(position: number | null): number {
  if (position === null || isUnranked(position)) return 1;
  const { FIRST_POSITION_HEADROOM, HEADROOM_POSITIONS } = IMPACT_FORMULA;
  const placesBehind = Math.max(1, position) - 1;
  return Math.min(
    1,
    FIRST_POSITION_HEADROOM + ((1 - FIRST_POSITION_HEADROOM) * placesBehind) / HEADROOM_POSITIONS,
  );
}

function roomToImprove(level: number): number {
  // An unreadable level is treated as "nothing done yet" rather than hiding the video.
  const done = Number.isNaN(level) ? 0 : clamp(level, 0, 100);
  return (100 - done) / 100;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
