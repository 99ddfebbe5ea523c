/** The interval chart's size; its placeholder has the same, so nothing jumps. */

/** Height of one variant's bar, and of the axes. */
export const INTERVAL_BAR_HEIGHT = 40;
export const INTERVAL_AXES_HEIGHT = 36;

/** The interval chart's height for `variants` bars. */
export function intervalChartHeight(variants: number): number {
  return INTERVAL_AXES_HEIGHT + INTERVAL_BAR_HEIGHT * Math.max(1, variants);
}
