/** Bands of level and impact scores in the list and the editor (numbers and dates: lib/format.ts). */
import { HIGH_IMPACT, HIGH_LEVEL, LOW_LEVEL, MEDIUM_IMPACT } from './constants.ts';

/** Band of a level or impact score. */
export type ScoreBand = 'Low' | 'Medium' | 'High';

/** Low below LOW_LEVEL, Medium below HIGH_LEVEL, High from HIGH_LEVEL. */
export function levelBand(level: number): ScoreBand {
  if (level < LOW_LEVEL) return 'Low';
  if (level < HIGH_LEVEL) return 'Medium';
  return 'High';
}

/** Low below MEDIUM_IMPACT, Medium below HIGH_IMPACT, High from HIGH_IMPACT. */
export function impactBand(impact: number): ScoreBand {
  if (impact < MEDIUM_IMPACT) return 'Low';
  if (impact < HIGH_IMPACT) return 'Medium';
  return 'High';
}

/** Theme palette colour of a band (red-ish, amber, green). */
export function bandColor(band: ScoreBand): 'error' | 'warning' | 'success' {
  if (band === 'Low') return 'error';
  if (band === 'Medium') return 'warning';
  return 'success';
}
