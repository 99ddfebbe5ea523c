/** How optimised a video is, from its tips. */
import type { Tip } from './tips.ts';

/** Optimization level 0–100 (integer): share of applicable, not-ignored tips that pass; 100 when none count. */
export function optimizationLevel(tips: readonly Tip[]): number {
  let counted = 0;
  let passed = 0;
  for (const tip of tips) {
    if (!tip.applicable || tip.ignored) continue;
    counted++;
    if (tip.passed) passed++;
  }
  // Nothing left to judge means nothing left to do.
  if (counted === 0) return 100;
  return Math.round((100 * passed) / counted);
}
