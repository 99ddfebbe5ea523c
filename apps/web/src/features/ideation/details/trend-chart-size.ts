/** Height of the trend chart; its placeholder has the same, so nothing jumps when it loads. */
export const TREND_CHART_HEIGHT = 260;
