/** Chart heights of the competition view; their placeholders have the same, so nothing jumps. */

/** Height of one channel's bar in the share of voice chart, and of its axes. */
export const SHARE_BAR_HEIGHT = 44;
export const SHARE_AXES_HEIGHT = 40;
/** Height of the weekly activity charts. */
export const ACTIVITY_CHART_HEIGHT = 260;

/** Height of the share of voice chart for `channels` bars. */
export function shareChartHeight(channels: number): number {
  return SHARE_AXES_HEIGHT + SHARE_BAR_HEIGHT * Math.max(1, channels);
}
