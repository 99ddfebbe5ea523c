/**
 * How the list and the editor present level and impact (numbers and dates: lib/format.ts).
 * The level is progress (the share of tips applied); the impact is what is left to gain, so it
 * falls as tips are applied and is shown in a neutral colour, never as a grade.
 */
import { HIGH_LEVEL } from './constants.ts';

/** Name of the impact wherever a number of it is shown. */
export const IMPACT_LABEL = 'Room to improve';
/** Spec section 2's tooltip of the level column. */
export const LEVEL_EXPLANATION = 'Level is the share of recommended tips applied.';
/** Spec section 2's tooltip of the impact column, and why the number falls as tips get done. */
export const IMPACT_EXPLANATION =
  'Impact is the likelihood of better search performance. It is what the tips not applied yet can still bring, so it falls as you apply them.';

/** Colour of a level's progress: the brand colour on the way, green once optimised. */
export function levelColor(level: number): 'primary' | 'success' {
  return level >= HIGH_LEVEL ? 'success' : 'primary';
}

/** "45% of tips applied" (the accessible value of a level's progress). */
export function levelValueText(level: number): string {
  return `${level}% of tips applied`;
}

/** "6 of 100 left to gain" (the accessible value of an impact). */
export function impactValueText(impact: number): string {
  return `${impact} of 100 left to gain`;
}
