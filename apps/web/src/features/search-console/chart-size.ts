/** Most searches the bar chart shows (the table lists them all). */
export const EMBED_CHART_BARS = 8;

/** Height of the bar chart for `bars` bars; its placeholder has the same, so nothing jumps. */
export function embedChartHeight(bars: number): number {
  return 40 + Math.max(bars, 1) * 32;
}
